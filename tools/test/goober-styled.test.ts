/**
 * styled-components' API on goober (tools/src/goober-styled.ts, decision 110), drawn to markup in Node: goober keeps
 * its rules in its server sheet there, read with `extractCss`. The browser builds' screens are compared pixel by
 * pixel with styled-components' by `npm run bench:styles -w bench`; this pins each rule of the API one by one.
 */
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { extractCss } from 'goober';
import styled, { createGlobalStyle, css, keyframes, ThemeProvider, useTheme } from '../src/goober-styled';

const theme = { colors: { primary: 'rgb(29, 78, 216)', text: 'rgb(15, 23, 42)' }, space: { md: '1rem' } };
type Theme = typeof theme;

function draw(component: ComponentType<Record<string, unknown>>, props: Record<string, unknown> = {}): { html: string; css: string } {
  extractCss();
  const html = renderToStaticMarkup(createElement(ThemeProvider, { theme }, createElement(component, props)));
  return { html, css: extractCss() };
}

const classesOf = (html: string) => /class="([^"]*)"/.exec(html)?.[1].split(' ') ?? [];

test('an element styled with the theme and a transient prop: one class for the rules, the prop kept off the DOM', () => {
  const Title = styled.h2`
    color: ${({ theme: t }: { theme: Theme }) => t.colors.primary};
    margin: ${({ $tight }: { $tight?: boolean }) => ($tight ? '0' : '1rem')};
  `;
  const { html, css: rules } = draw(Title as ComponentType<Record<string, unknown>>, { $tight: true, children: 'Premi', id: 'titolo' });
  expect(html).toMatch(/^<h2 id="titolo" class="[^"]+">Premi<\/h2>$/);
  expect(html).not.toContain('tight');
  const own = classesOf(html).find((c) => c.startsWith('go'));
  expect(rules).toContain(`.${own}{color:rgb(29, 78, 216);margin:0;}`);
  // React drops a `$` attribute on its own; a wrapped component shows what was passed on.
  let received: Record<string, unknown> = {};
  const Inner = (props: Record<string, unknown>) => ((received = props), null);
  const Wrapped = styled(Inner)`margin: ${({ $tight }: { $tight?: boolean }) => ($tight ? '0' : '1rem')};`;
  draw(Wrapped as ComponentType<Record<string, unknown>>, { $tight: true, title: 'x' });
  expect(Object.keys(received).sort()).toEqual(['className', 'title']);
});

test('a last declaration without a semicolon, nested or not, is read as stylis reads it', () => {
  const Box = styled.div`
    p { margin: 0 }
    &:hover { color: red }
    padding: 2px
  `;
  const { html, css: rules } = draw(Box as ComponentType<Record<string, unknown>>);
  const own = classesOf(html).find((c) => c.startsWith('go'));
  expect(rules).toContain(`.${own}{padding:2px;}`);
  expect(rules).toContain(`.${own} p{margin:0;}`);
  expect(rules).toContain(`.${own}:hover{color:red;}`);
});

test('extending a styled component composes both rules in one class, the extension last', () => {
  const Base = styled.p`color: red; font-weight: 700;`;
  const Muted = styled(Base)`color: gray;`;
  const { html, css: rules } = draw(Muted as ComponentType<Record<string, unknown>>);
  const own = classesOf(html).filter((c) => c.startsWith('go'));
  expect(html.startsWith('<p ')).toBe(true);
  expect(own).toHaveLength(1);
  // goober keeps one value per property, the last one written: the extension's.
  expect(rules).toContain(`.${own[0]}{color:gray;font-weight:700;}`);
  expect(rules).not.toContain('color:red');
});

test('attrs: fixed props, an element chosen by `as`, classes joined', () => {
  const Card = styled.div`border: 1px solid;`;
  const Form = styled(Card).attrs({ as: 'form', className: 'modulo' })`padding: 0;`;
  const Glyph = styled.span.attrs({ 'aria-hidden': true })`display: inline-block;`;
  const form = draw(Form as ComponentType<Record<string, unknown>>, { className: 'esterna' });
  expect(form.html.startsWith('<form ')).toBe(true);
  expect(classesOf(form.html)).toEqual(expect.arrayContaining(['esterna', 'modulo']));
  expect(draw(Glyph as ComponentType<Record<string, unknown>>).html).toContain('aria-hidden="true"');
});

test('a styled component as a selector names a class its elements carry', () => {
  const Row = styled.div`display: flex;`;
  const Panel = styled.section`
    ${Row} { justify-content: flex-start; }
  `;
  const row = draw(Row as ComponentType<Record<string, unknown>>);
  const stable = classesOf(row.html).find((c) => c.startsWith('sc-'));
  expect(stable).toBeDefined();
  const panel = draw(Panel as ComponentType<Record<string, unknown>>);
  expect(panel.css).toContain(` .${stable}{justify-content:flex-start;}`);
});

test('css chunks chosen by a prop, falsy values dropped, keyframes by name', () => {
  const variants = { primary: css`background: blue;`, ghost: css`background: transparent;` };
  const spin = keyframes`from { transform: rotate(0deg); } to { transform: rotate(360deg); }`;
  const Button = styled.button<{ $variant: keyof typeof variants; $busy?: boolean }>`
    ${({ $variant }: { $variant: keyof typeof variants }) => variants[$variant]}
    ${({ $busy }: { $busy?: boolean }) => $busy && css`animation: ${spin} 1s linear infinite;`}
  `;
  const ghost = draw(Button as unknown as ComponentType<Record<string, unknown>>, { $variant: 'ghost' });
  expect(ghost.css).toMatch(/\{background:transparent;\}/);
  expect(ghost.css).not.toContain('false');
  const busy = draw(Button as unknown as ComponentType<Record<string, unknown>>, { $variant: 'primary', $busy: true });
  expect(busy.css).toContain(`animation:${spin} 1s linear infinite;`);
  expect(spin).toMatch(/^go\d+$/);
});

test('forwardedAs reaches a wrapped component; theme and as never reach the DOM', () => {
  const Link = (props: Record<string, unknown>) => createElement(String(props.as ?? 'a'), { className: props.className as string }, 'vai');
  const Styled = styled(Link)`text-decoration: none;`;
  expect(draw(Styled as ComponentType<Record<string, unknown>>, { forwardedAs: 'button' }).html.startsWith('<button ')).toBe(true);
  const Plain = styled.a`color: inherit;`;
  const { html } = draw(Plain as ComponentType<Record<string, unknown>>, { as: 'span', href: '#' });
  expect(html.startsWith('<span href="#"')).toBe(true);
  expect(html).not.toContain('theme');
});

test('global styles with the theme, and useTheme', () => {
  const Global = createGlobalStyle`body { color: ${({ theme: t }: { theme: Theme }) => t.colors.text}; margin: 0 }`;
  const { html, css: rules } = draw(Global as unknown as ComponentType<Record<string, unknown>>);
  expect(html).toBe('');
  expect(rules).toContain('body{color:rgb(15, 23, 42);margin:0;}');
  let seen: unknown;
  const Reader = () => {
    seen = useTheme<Theme>();
    return null;
  };
  draw(Reader);
  expect(seen).toBe(theme);
});
