/** A second `npm start` reuses the build only when nothing it was made from has changed. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildInputsHash, clearStamp, isUpToDate, writeStamp } from '../src/build-stamp';

const APP = { folder: 'remote-x' };
const PRODUCTION = { mode: 'production' };

describe('build stamp', () => {
  let root: string;
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  const hash = (options: unknown = PRODUCTION) => buildInputsHash(APP, options, root);

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-stamp-'));
    write('remote-x/src/index.ts', 'export const a = 1;');
    write('remote-x/webpack.config.ts', 'export default {};');
    write('shared/src/index.ts', 'export const s = 1;');
    write('tools/src/federation.ts', 'export {};');
    write('package-lock.json', '{}');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('is the same for the same sources and options, whatever the files’ times', () => {
    const before = hash();
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'remote-x/src/index.ts'), later, later);
    expect(hash()).toBe(before);
  });

  it.each([
    ['the app’s source', 'remote-x/src/index.ts', 'export const a = 2;'],
    ['a new source file', 'remote-x/src/other.ts', 'export {};'],
    ['its webpack config', 'remote-x/webpack.config.ts', 'export default { x: 1 };'],
    ['shared', 'shared/src/index.ts', 'export const s = 2;'],
    ['the build tooling', 'tools/src/federation.ts', 'export const changed = true;'],
    ['the installed versions (lock file)', 'package-lock.json', '{"lockfileVersion":3}'],
  ])('changes with %s', (_what, file, text) => {
    const before = hash();
    write(file, text);
    expect(hash()).not.toBe(before);
  });

  it("counts the landing's sources for the shell, which writes its own copy of the login page from them", () => {
    write('shell/src/index.ts', 'export {};');
    const shell = () => buildInputsHash({ folder: 'shell' }, PRODUCTION, root);
    const before = { shell: shell(), other: hash() };
    write('remote-landing/src/exposed/public-pages/login/LoginMarkup.tsx', 'export const changed = true;');
    expect(shell()).not.toBe(before.shell);
    // Another remote's build does not read the landing.
    expect(hash()).toBe(before.other);
  });

  it('changes with the build options (mode, version, output folder)', () => {
    expect(hash({ mode: 'development' })).not.toBe(hash());
    expect(hash({ ...PRODUCTION, buildVersion: '1.0.1' })).not.toBe(hash());
  });

  it('ignores what builds and tests write: dist, node_modules, tests', () => {
    const before = hash();
    write('remote-x/dist/main.js', 'built');
    write('remote-x/dist-e2e/main.js', 'built');
    write('remote-x/node_modules/x/index.js', 'installed');
    write('remote-x/src/__tests__/a.test.tsx', 'test');
    write('remote-x/test/helpers.tsx', 'helper');
    write('shared/src/format/x.test.ts', 'test');
    expect(hash()).toBe(before);
  });

  it('marks a folder up to date only after writeStamp, and no longer after clearStamp', () => {
    const out = path.join(root, 'remote-x/dist');
    fs.mkdirSync(out, { recursive: true });
    const inputs = hash();
    expect(isUpToDate(out, inputs)).toBe(false);
    writeStamp(out, inputs);
    expect(isUpToDate(out, inputs)).toBe(true);
    expect(isUpToDate(out, hash({ mode: 'development' }))).toBe(false);
    clearStamp(out);
    expect(isUpToDate(out, inputs)).toBe(false);
  });
});
