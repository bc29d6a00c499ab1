import { SourceMapGenerator } from 'source-map';
import { addShares, charactersByPackage, groupOf, isOwnCode, packageOf } from '../src/script-origins';

it('names the package of a webpack source path', () => {
  expect(packageOf('webpack://shell/node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react-dom');
  expect(packageOf('webpack://shell/node_modules/@reduxjs/toolkit/dist/query/rtk-query.modern.mjs')).toBe('@reduxjs/toolkit');
  expect(packageOf('webpack://landing/../node_modules/a/node_modules/@scope/inner/x.js')).toBe('@scope/inner');
  expect(packageOf('webpack://shell/shared/src/ui/Modal.tsx')).toBe('@loyalty/shared');
  expect(packageOf('webpack://landing/../shared/src/messages.ts')).toBe('@loyalty/shared');
  expect(packageOf('webpack://landing/src/pages/LoginPage.tsx')).toBe('codice dell’app');
  expect(packageOf('webpack://shell/webpack/runtime/jsonp chunk loading')).toBe('runtime di webpack');
  expect(packageOf('webpack://shell/something/else.js')).toBe('altro');
});

it('counts the characters each package generated, from the source map', () => {
  // Line 1: 4 characters of react-dom, 3 of the app, 2 of RTK; line 2: 2 of shared, then 1 unmapped.
  const code = 'AAAABBBCC\nDD;';
  const map = new SourceMapGenerator({ file: 'chunk.js' });
  const at = (line: number, column: number, source: string) =>
    map.addMapping({ generated: { line, column }, original: { line: 1, column: 0 }, source });
  at(1, 0, 'webpack://shell/node_modules/react-dom/cjs/x.js');
  at(1, 4, 'webpack://shell/src/App.tsx');
  at(1, 7, 'webpack://shell/node_modules/@reduxjs/toolkit/dist/a.mjs');
  at(2, 0, 'webpack://shell/shared/src/x.ts');
  // Generated code with no source (the typings want every field; the library takes a bare position).
  map.addMapping({ generated: { line: 2, column: 2 } } as Parameters<SourceMapGenerator['addMapping']>[0]);
  const counts = charactersByPackage(code, JSON.parse(map.toString()));
  expect(Object.fromEntries(counts)).toEqual({ 'react-dom': 4, 'codice dell’app': 3, '@reduxjs/toolkit': 2, '@loyalty/shared': 2, altro: 1 });
});

it('shares a script’s bytes out in proportion, and the shares add up to the bytes', () => {
  const total = new Map<string, number>();
  addShares(total, new Map([['react-dom', 3], ['codice dell’app', 1]]), 1000);
  addShares(total, new Map([['react-dom', 1]]), 500);
  addShares(total, new Map(), 20); // a script without a map
  expect(Object.fromEntries(total)).toEqual({ 'react-dom': 1250, 'codice dell’app': 250, altro: 20 });
});

it('groups the federation runtime and tells our code from libraries', () => {
  expect(groupOf('@module-federation/runtime-core')).toBe('runtime di Module Federation');
  expect(groupOf('.federation')).toBe('runtime di Module Federation');
  expect(groupOf('scheduler')).toBe('react-dom');
  expect(groupOf('styled-components')).toBe('styled-components');
  expect(['@loyalty/shared', 'codice dell’app', 'runtime di webpack', 'altro'].every(isOwnCode)).toBe(true);
  expect(['react-dom', 'styled-components', 'runtime di Module Federation'].some(isOwnCode)).toBe(false);
});
