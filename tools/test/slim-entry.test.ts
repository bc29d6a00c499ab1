/**
 * A remote's slim entry (docs/decisions/112-slim-entry-when-the-runtime-matches.md): taken from its own compilation
 * only when every chunk beside it is the full build's, and advertised in the manifest (both copies of it).
 * The real builds are checked by e2e/tests/federation-runtime.spec.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { appByName } from '../src/apps';
import { adoptSlimEntry, wantsSlimEntry } from '../src/slim-entry';

const MANIFEST = { id: 'cards', name: 'cards', metaData: { name: 'cards', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } }, shared: [], remotes: [], exposes: [] };

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** Two build folders as the two compilations leave them: same chunks, each its own entry and main.js. */
function builds(chunk = 'chunk();') {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-slim-'));
  const full = path.join(root, 'dist');
  const slim = path.join(root, 'dist.slim-entry');
  for (const [dir, entry, main] of [
    [full, 'remoteEntry.js', 'main(withCore);'],
    [slim, 'remoteEntry.slim.js', 'main(withoutCore);'],
  ] as const) {
    write(path.join(dir, entry), `var cards; // ${entry}\n//# sourceMappingURL=${entry}.map`);
    write(path.join(dir, `${entry}.map`), '{}');
    write(path.join(dir, `${entry}.br`), 'br');
    write(path.join(dir, 'main.js'), main);
    write(path.join(dir, 'mf-manifest.json'), JSON.stringify({ ...MANIFEST, metaData: { ...MANIFEST.metaData, remoteEntry: { ...MANIFEST.metaData.remoteEntry, name: entry } } }));
    write(path.join(dir, '412.3f9a0c12bd.js'), 'shared();');
    write(path.join(dir, 'assets', 'logo.1234567890.png'), 'png');
  }
  fs.writeFileSync(path.join(full, 'mf-manifest.json.br'), zlib.brotliCompressSync(fs.readFileSync(path.join(full, 'mf-manifest.json'))));
  write(path.join(full, '__federation_expose_Page.abcdef1234.js'), 'chunk();');
  write(path.join(slim, '__federation_expose_Page.abcdef1234.js'), chunk);
  return { full, slim };
}

const readManifest = (full: string) => JSON.parse(fs.readFileSync(path.join(full, 'mf-manifest.json'), 'utf8')) as typeof MANIFEST & { metaData: { slimEntry?: unknown } };

describe('adoptSlimEntry', () => {
  it('moves the slim entry and its map beside the full one and advertises it, in the manifest and its Brotli copy', () => {
    const { full, slim } = builds();
    expect(adoptSlimEntry(full, slim, '2.9.2')).toEqual({ name: 'remoteEntry.slim.js', runtimeCore: '2.9.2' });
    expect(fs.readFileSync(path.join(full, 'remoteEntry.slim.js'), 'utf8')).toContain('// remoteEntry.slim.js');
    expect(fs.existsSync(path.join(full, 'remoteEntry.slim.js.map'))).toBe(true);
    expect(fs.existsSync(path.join(full, 'remoteEntry.slim.js.br'))).toBe(true);
    // The full build's own files stay as they were.
    expect(fs.readFileSync(path.join(full, 'remoteEntry.js'), 'utf8')).toContain('// remoteEntry.js');
    expect(fs.readFileSync(path.join(full, 'main.js'), 'utf8')).toBe('main(withCore);');
    const manifest = readManifest(full);
    expect(manifest.metaData.remoteEntry.name).toBe('remoteEntry.js');
    expect(manifest.metaData.slimEntry).toEqual({ name: 'remoteEntry.slim.js', runtimeCore: '2.9.2' });
    expect(JSON.parse(zlib.brotliDecompressSync(fs.readFileSync(path.join(full, 'mf-manifest.json.br'))).toString())).toEqual(manifest);
  });

  it('refuses, naming the file, when a chunk of the second compilation differs: the two entries would load different code', () => {
    const { full, slim } = builds('chunk(otherwise);');
    expect(() => adoptSlimEntry(full, slim, '2.9.2')).toThrow(/__federation_expose_Page\.abcdef1234\.js/);
    expect(fs.existsSync(path.join(full, 'remoteEntry.slim.js'))).toBe(false);
    expect(readManifest(full).metaData).not.toHaveProperty('slimEntry');
  });

  it('refuses when the second compilation made a chunk the full build does not have', () => {
    const { full, slim } = builds();
    write(path.join(slim, '77.0123456789.js'), 'extra();');
    expect(() => adoptSlimEntry(full, slim, '2.9.2')).toThrow(/77\.0123456789\.js/);
    expect(readManifest(full).metaData).not.toHaveProperty('slimEntry');
  });
});

describe('which builds publish a slim entry', () => {
  const cards = appByName('cards');
  it('every remote build, not the shell, not the drills\' lean variants unless they ask', () => {
    expect(wantsSlimEntry({ app: cards, env: { mode: 'production' } })).toBe(true);
    expect(wantsSlimEntry({ app: cards, env: { mode: 'development' } })).toBe(true);
    expect(wantsSlimEntry({ app: appByName('shell'), env: { mode: 'production' } })).toBe(false);
    expect(wantsSlimEntry({ app: cards, env: { mode: 'production', lean: true } })).toBe(false);
    expect(wantsSlimEntry({ app: cards, env: { mode: 'production', lean: true, slimEntry: true } })).toBe(true);
  });
});
