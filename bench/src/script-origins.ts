/**
 * What the JavaScript of a page is made of: each script's bytes on the wire shared out among the packages
 * its source map names, in proportion to the minified code each one contributed. Brotli does not compress
 * every package alike, so the figures are an estimate; their sum is exact.
 */
import { SourceMapConsumer, type RawSourceMap } from 'source-map';

const SHARED = '@loyalty/shared';
const APP_CODE = 'codice dell’app';
const WEBPACK_RUNTIME = 'runtime di webpack';
/** Code the source map names no source for (chunk wrappers, generated code), or a source of no known kind. */
const UNNAMED = 'altro';

/** Our own code, by workspace: the folder a webpack source path starts with after its build name. */
const OWN_CODE: Record<string, string> = { shared: SHARED, src: APP_CODE };
const OWN_GROUPS = new Set([SHARED, APP_CODE, WEBPACK_RUNTIME, UNNAMED]);

/** Adds `amount` to `key`'s total in `totals`. */
export function addTo(totals: Map<string, number>, key: string, amount: number): void {
  totals.set(key, (totals.get(key) ?? 0) + amount);
}

/**
 * The package a source of a webpack source map belongs to:
 * `webpack://shell/node_modules/@reduxjs/toolkit/dist/x.mjs` → `@reduxjs/toolkit`,
 * `webpack://landing/src/pages/LoginPage.tsx` → `codice dell’app`, `webpack://shell/webpack/runtime/…` →
 * `runtime di webpack`.
 */
export function packageOf(source: string): string {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [scope, name] = source.slice(modules + 'node_modules/'.length).split('/');
    return scope.startsWith('@') && name ? `${scope}/${name}` : scope;
  }
  const path = source.replace(/^webpack:\/\/[^/]*\//, '');
  if (path.startsWith('webpack/')) return WEBPACK_RUNTIME;
  // Our workspaces: shared is compiled into every app from its sources (`shell/shared/src/…`, `../shared/src/…`).
  const folder = path.split('/').find((part) => part !== '..' && part !== '.' && part in OWN_CODE);
  return folder ? OWN_CODE[folder] : UNNAMED;
}

/** Characters of `code` generated from each package, from its source map; unmapped code counts as `altro`. */
export function charactersByPackage(code: string, map: RawSourceMap): Map<string, number> {
  const consumer = new SourceMapConsumer(map);
  const lines = code.split('\n');
  const segments: { line: number; column: number; owner: string }[] = [];
  consumer.eachMapping((m) => segments.push({ line: m.generatedLine, column: m.generatedColumn, owner: m.source ? packageOf(m.source) : UNNAMED }));
  segments.sort((a, b) => a.line - b.line || a.column - b.column);

  const result = new Map<string, number>();
  segments.forEach((segment, i) => {
    const next = segments[i + 1];
    const end = next && next.line === segment.line ? next.column : (lines[segment.line - 1]?.length ?? segment.column);
    if (end > segment.column) addTo(result, segment.owner, end - segment.column);
  });
  const mapped = [...result.values()].reduce((n, c) => n + c, 0);
  const unmapped = code.length - (lines.length - 1) - mapped; // line breaks are not code
  if (unmapped > 0) addTo(result, UNNAMED, unmapped);
  return result;
}

/** `bytes` (one script on the wire) shared out by `characters`, added to `total`. */
export function addShares(total: Map<string, number>, characters: Map<string, number>, bytes: number): void {
  const all = [...characters.values()].reduce((n, c) => n + c, 0);
  if (all === 0) {
    addTo(total, UNNAMED, bytes);
    return;
  }
  for (const [owner, count] of characters) addTo(total, owner, (bytes * count) / all);
}

/** Groups that read better than single packages: Module Federation's runtime is six of them. */
export function groupOf(owner: string): string {
  // `.federation` is the entry Module Federation's plugin generates into node_modules.
  if (owner.startsWith('@module-federation/') || owner === '.federation') return 'runtime di Module Federation';
  if (owner === 'react-dom' || owner === 'scheduler') return 'react-dom';
  // React's names resolve to preact/compat in the browser builds (decision 108).
  if (owner === 'preact') return 'Preact (react, react-dom)';
  return owner;
}

/** Whether a group is our code rather than a library: what the page's budget is spent on by us. */
export const isOwnCode = (group: string) => OWN_GROUPS.has(group);
