/**
 * What a long build prints while it runs: which app starts, how far each running one is, and when each is done.
 * The six frontends take one to two minutes on a 2-core machine the first time, and a silent minute looks like
 * a hang. One line per event and one every `everyMs` while nothing else is said, so the output reads the same
 * in a terminal and in a CI log.
 */
import webpack from 'webpack';

export interface BuildProgressOptions {
  print(line: string): void;
  /** A line with each running app's percentage after this long without one (default 10 s). */
  everyMs?: number;
  now?: () => number;
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/**
 * webpack's phase in a word. The percentage alone misleads: minifying and compressing take most of a production
 * build and all of it is reported as 92%.
 */
export function phaseWord(message: string, detail: string | undefined): string | undefined {
  if (message === 'setup') return 'avvio';
  if (message === 'building') return 'moduli';
  if (message === 'sealing') return detail === 'asset processing' ? 'minificazione e compressione' : 'ottimizzazione';
  if (message === 'emitting') return 'scrittura dei file';
  return undefined;
}

/**
 * Reports the progress of `compiler`'s builds, one label per config in order (e.g. `remote-cards`). Call the
 * returned `stop` when the run has ended, whatever its outcome.
 */
export function reportBuildProgress(compiler: webpack.MultiCompiler, labels: readonly string[], options: BuildProgressOptions): { stop(): void } {
  const now = options.now ?? Date.now;
  const started = now();
  const total = labels.length;
  const percent = new Map<string, { fraction: number; phase?: string }>();
  const begunAt = new Map<string, number>();
  let begun = 0;
  let done = 0;
  let lastLine = started;
  const print = (line: string) => {
    lastLine = now();
    options.print(line);
  };

  compiler.compilers.forEach((child, index) => {
    const label = labels[index];
    new webpack.ProgressPlugin((fraction, message, detail) => {
      if (!begunAt.has(label)) return;
      const phase = phaseWord(message, detail) ?? percent.get(label)?.phase;
      percent.set(label, { fraction, phase });
    }).apply(child);
    child.hooks.run.tap('build-progress', () => {
      begun += 1;
      begunAt.set(label, now());
      percent.set(label, { fraction: 0 });
      print(`Compilazione ${begun}/${total}: ${label}… ${seconds(now() - started)}`);
    });
    child.hooks.done.tap('build-progress', (stats) => {
      done += 1;
      const took = now() - (begunAt.get(label) ?? started);
      begunAt.delete(label);
      percent.delete(label);
      const outcome = stats.hasErrors() ? 'con errori (elencati alla fine)' : 'pronta';
      print(`  ${label} ${outcome} in ${seconds(took)} (${done}/${total} finite, ${seconds(now() - started)} dall'inizio)`);
    });
  });

  const everyMs = options.everyMs ?? 10_000;
  const timer = setInterval(() => {
    if (percent.size === 0 || now() - lastLine < everyMs) return;
    const running = [...percent].map(([label, { fraction, phase }]) => `${label} ${Math.floor(fraction * 100)}%${phase ? ` ${phase}` : ''}`).join(', ');
    print(`  … ${running} (${done}/${total} finite, ${seconds(now() - started)})`);
  }, Math.max(100, Math.floor(everyMs / 4)));
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
