/**
 * Decision 110: styled-components' API as the apps use it, drawn by goober in the browser builds. `styled-components`
 * resolves here in every browser build (`STYLED_ALIASES` in federation.ts) and is shared under its own name with its
 * installed version, as React's names are by Preact (decision 108): the code, its types, the unit suites (Jest) and the
 * build-time frames and public pages (Node, `ServerStyleSheet`) stay styled-components'.
 *
 * Why: styled-components 6 with stylis is 12.5 KB compressed on every dashboard page before it is usable; goober
 * (2.1, ~1.3 KB, MIT, 21 M downloads a week) hashes a CSS text into a class and keeps its rules in one `<style>`.
 * What this file adds to goober is the part of styled-components' API the apps write and goober spells otherwise
 * (about 170 lines with these comments; pinned by `tools/test/goober-styled.test.ts`, and measured against
 * styled-components itself by `npm run bench:styles -w bench`, which compares two builds' screens pixel by pixel):
 * - `styled.tag` and `styled(Component)` with `.attrs(...)`; extending a styled component composes its rules into
 *   one class, as styled-components does, so the extension wins whatever was inserted first;
 * - interpolations: functions of the props (theme included, from `ThemeProvider`), `css` chunks, arrays, falsy values
 *   dropped, a styled component as a selector (`${ButtonRow} { … }`: each gets a stable `sc-` class);
 * - transient props (`$name`), `theme`, `as` and `forwardedAs` never reach the DOM;
 * - a last declaration without `;` before `}` (stylis reads it, goober's parser does not);
 * - `keyframes`, `createGlobalStyle`, `ThemeProvider`, `useTheme`.
 * Rules without a function of the props are compiled once per component; the others at each render, and goober's
 * cache turns the same text into the same class.
 */
import { createContext, createElement, useContext, type ComponentType, type ReactNode } from 'react';
import { css as gooberCss, keyframes as gooberKeyframes } from 'goober';

type Props = Record<string, unknown> & { className?: string; theme?: unknown };
type Attrs = Props | ((props: Props) => Props);
type Target = string | ComponentType<Props>;

const CHUNK = Symbol('styled chunk');
const STYLED = Symbol('styled component');

interface Chunk {
  [CHUNK]: true;
  strings: readonly string[];
  values: readonly unknown[];
}

interface StyledMeta {
  target: Target;
  rules: Chunk[];
  attrs: Attrs[];
  /** Every class a `${Component}` selector may name: the extended components' and its own. */
  selectors: string[];
  /** The CSS text when no rule depends on the props (compiled once). */
  fixed?: string;
}

const ThemeContext = createContext<unknown>(undefined);

export function ThemeProvider({ theme, children }: { theme: unknown; children?: ReactNode }) {
  return createElement(ThemeContext.Provider, { value: theme }, children);
}

export const useTheme = <T = unknown>() => useContext(ThemeContext) as T;

const chunk = (strings: readonly string[], values: readonly unknown[]): Chunk => ({ [CHUNK]: true, strings, values });

export const css = (strings: TemplateStringsArray, ...values: unknown[]): Chunk => chunk(strings, values);

function isChunk(value: unknown): value is Chunk {
  return typeof value === 'object' && value !== null && CHUNK in value;
}

function metaOf(value: unknown): StyledMeta | undefined {
  return typeof value === 'function' ? (value as unknown as { [STYLED]?: StyledMeta })[STYLED] : undefined;
}

function flatten(value: unknown, props: Props): string {
  if (value === undefined || value === null || value === false || value === '') return '';
  if (Array.isArray(value)) return value.map((v) => flatten(v, props)).join('');
  if (isChunk(value)) return compile(value, props);
  const meta = metaOf(value);
  if (meta) return `.${meta.selectors[meta.selectors.length - 1]}`;
  if (typeof value === 'function') return flatten((value as (p: Props) => unknown)(props), props);
  return String(value);
}

function compile(rule: Chunk, props: Props): string {
  return rule.strings.reduce((out, text, i) => out + text + (i < rule.values.length ? flatten(rule.values[i], props) : ''), '');
}

/** Whether a rule reads the props: a function anywhere in it that is not a styled component. */
function readsProps(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(readsProps);
  if (isChunk(value)) return value.values.some(readsProps);
  return typeof value === 'function' && !metaOf(value);
}

/** goober's parser takes a declaration up to its `;`: the last one of a block may have none in our templates. */
function normalize(text: string): string {
  const closed = text.replace(/\/\*[^]*?\*\//g, '').replace(/([^;{}\s])(\s*)\}/g, '$1;$2}');
  return /[^;{}\s]\s*$/.test(closed) ? `${closed};` : closed;
}

const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

let components = 0;

function withAttrs(meta: StyledMeta, props: Props): Props {
  let merged = props;
  for (const attrs of meta.attrs) {
    const extra = typeof attrs === 'function' ? attrs(merged) : attrs;
    merged = { ...merged, ...extra, className: join(merged.className, extra.className) || undefined };
  }
  return merged;
}

function build(target: Target, attrs: Attrs[], strings: readonly string[], values: readonly unknown[]) {
  const base = metaOf(target);
  const rules = [...(base?.rules ?? []), chunk(strings, values)];
  const meta: StyledMeta = {
    target: base ? base.target : target,
    rules,
    attrs: [...(base?.attrs ?? []), ...attrs],
    selectors: [...(base?.selectors ?? []), `sc-${(++components).toString(36)}`],
  };
  if (!rules.some((r) => readsProps(r))) meta.fixed = normalize(rules.map((r) => compile(r, {})).join('\n'));

  function Styled(outer: Props) {
    const theme = useContext(ThemeContext);
    const props = withAttrs(meta, { ...outer, theme: outer.theme ?? theme ?? {} });
    const text = meta.fixed ?? normalize(meta.rules.map((r) => compile(r, props)).join('\n'));
    // A class from an outer styled component (goober's `go…`) must win: this component's rule goes before it.
    const own = text.trim() ? gooberCss.call({ o: /\bgo\d/.test(props.className ?? '') }, text) : undefined;
    const element = (props.as as Target | undefined) ?? meta.target;
    const forwarded: Props = {};
    for (const key in props) if (key[0] !== '$' && key !== 'as' && key !== 'forwardedAs' && key !== 'theme') forwarded[key] = props[key];
    if (typeof element !== 'string' && props.forwardedAs !== undefined) forwarded.as = props.forwardedAs;
    forwarded.className = join(props.className, ...meta.selectors, own);
    return createElement(element, forwarded);
  }
  const name = typeof meta.target === 'string' ? meta.target : meta.target.displayName || meta.target.name || 'Component';
  Styled.displayName = `styled(${name})`;
  (Styled as unknown as { [STYLED]: StyledMeta })[STYLED] = meta;
  return Styled;
}

interface Template {
  (strings: TemplateStringsArray, ...values: unknown[]): ComponentType<Props>;
  attrs: (attrs: Attrs) => Template;
}

function template(target: Target, attrs: Attrs[] = []): Template {
  const make = ((strings: TemplateStringsArray, ...values: unknown[]) => build(target, attrs, strings, values)) as Template;
  make.attrs = (more) => template(target, [...attrs, more]);
  return make;
}

/** `styled(Component)` and `styled.div`: a name that is not a function's own (`call`, `name`…) is an element. */
const styled = new Proxy(template as unknown as Record<string, Template> & ((target: Target) => Template), {
  apply: (_fn, _this, [target]: [Target]) => template(target),
  get: (fn, tag) => (typeof tag === 'string' && !(tag in Function.prototype) ? template(tag) : (fn as unknown as Record<string | symbol, unknown>)[tag]),
});

export default styled;

export function keyframes(strings: TemplateStringsArray, ...values: unknown[]): string {
  return gooberKeyframes(normalize(compile(chunk(strings, values), {})));
}

export function createGlobalStyle(strings: TemplateStringsArray, ...values: unknown[]) {
  const rule = chunk(strings, values);
  return function GlobalStyle(props: Props) {
    const theme = useContext(ThemeContext);
    gooberCss.call({ g: 1 }, normalize(compile(rule, { ...props, theme: props.theme ?? theme ?? {} })));
    return null;
  };
}
