/**
 * What the production builds the composition serves contain: every brotli copy a build wrote is its file,
 * byte for byte, so a browser that accepts brotli gets the same thing as one that does not (a step that
 * changes an asset after it was compressed would break this).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { test, expect } from '@playwright/test';
import { APPS } from '@loyalty/tools';

const REPO_ROOT = path.join(__dirname, '..', '..');

for (const app of APPS) {
  test(`${app.name}: each .br copy in the build decompresses to its file`, () => {
    const dist = path.join(REPO_ROOT, app.folder, 'dist');
    const copies = fs.readdirSync(dist).filter((file) => file.endsWith('.br'));
    expect(copies).toContain('main.js.br');
    if (app.name !== 'shell') expect(copies).toContain('mf-manifest.json.br');
    const differing = copies.filter((copy) => {
      const original = fs.readFileSync(path.join(dist, copy.slice(0, -'.br'.length)));
      return !zlib.brotliDecompressSync(fs.readFileSync(path.join(dist, copy))).equals(original);
    });
    expect(differing).toEqual([]);
  });
}
