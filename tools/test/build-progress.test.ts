/** What a build prints while it runs (tools/src/build-progress.ts), on a real webpack run of two small configs. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { phaseWord, reportBuildProgress } from '../src/build-progress';

// webpack runs in the test's process: seconds on a quiet machine, more on a busy one
jest.setTimeout(60_000);

describe('build progress', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-progress-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const config = (name: string, source: string): webpack.Configuration => {
    fs.mkdirSync(path.join(dir, name), { recursive: true });
    fs.writeFileSync(path.join(dir, name, 'index.js'), source);
    return { mode: 'production', context: path.join(dir, name), entry: './index.js', output: { path: path.join(dir, name, 'dist') }, infrastructureLogging: { level: 'none' } };
  };

  const run = (compiler: webpack.MultiCompiler) =>
    new Promise<webpack.MultiStats | undefined>((resolve, reject) => compiler.run((err, stats) => (err ? reject(err) : compiler.close(() => resolve(stats)))));

  it('names each app as it starts and when it is done, with the count and the time', async () => {
    const compiler = webpack(Object.assign([config('uno', 'console.log(1);'), config('due', 'export const x = 2;')], { parallelism: 1 }));
    const lines: string[] = [];
    const progress = reportBuildProgress(compiler, ['remote-uno', 'remote-due'], { print: (l) => lines.push(l) });
    await run(compiler);
    progress.stop();
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^Compilazione 1\/2: remote-uno… \d+ s$/);
    expect(lines[1]).toMatch(/^ {2}remote-uno pronta in \d+ s \(1\/2 finite, \d+ s dall'inizio\)$/);
    expect(lines[2]).toMatch(/^Compilazione 2\/2: remote-due… \d+ s$/);
    expect(lines[3]).toMatch(/^ {2}remote-due pronta in \d+ s \(2\/2 finite, \d+ s dall'inizio\)$/);
  });

  it('says when an app has errors', async () => {
    const compiler = webpack(Object.assign([config('rotta', "import './manca.js';")], { parallelism: 1 }));
    const lines: string[] = [];
    const progress = reportBuildProgress(compiler, ['remote-rotta'], { print: (l) => lines.push(l) });
    await run(compiler);
    progress.stop();
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^ {2}remote-rotta con errori \(elencati alla fine\) in \d+ s \(1\/1 finite, \d+ s dall'inizio\)$/);
  });

  it('while nothing else is said, prints how far the running apps are', async () => {
    const slow = config('lenta', 'console.log(3);');
    // the build waits 1.5 s while making its modules, as a large app does
    slow.plugins = [{ apply: (c: webpack.Compiler) => c.hooks.make.tapPromise('slow', () => new Promise((r) => setTimeout(r, 1500))) }];
    const compiler = webpack(Object.assign([slow], { parallelism: 1 }));
    const lines: string[] = [];
    const progress = reportBuildProgress(compiler, ['remote-lenta'], { print: (l) => lines.push(l), everyMs: 400 });
    await run(compiler);
    progress.stop();
    const during = lines.slice(1, -1);
    expect(during.length).toBeGreaterThanOrEqual(1);
    for (const line of during) expect(line).toMatch(/^ {2}… remote-lenta \d{1,2}%( (avvio|moduli|ottimizzazione|minificazione e compressione|scrittura dei file))? \(0\/1 finite, \d+ s\)$/);
    expect(lines.at(-1)).toMatch(/^ {2}remote-lenta pronta in \d+ s/);
  });

  it("names webpack's phase in Italian, minifying apart from the rest of sealing", () => {
    expect(phaseWord('building', '12/40 modules')).toBe('moduli');
    expect(phaseWord('sealing', 'asset processing')).toBe('minificazione e compressione');
    expect(phaseWord('sealing', 'chunk ids')).toBe('ottimizzazione');
    expect(phaseWord('emitting', 'emit')).toBe('scrittura dei file');
    expect(phaseWord('cache', 'shutdown')).toBeUndefined();
  });
});
