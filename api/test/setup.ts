// A suite's beforeAll starts PGlite (WASM, ~4 s alone, longer on a busy machine), migrates and seeds.
jest.setTimeout(60_000);

/**
 * PGlite's WebAssembly runtime (Emscripten) sets `process.exitCode` when its Postgres program exits or a JS
 * error escapes one of its callbacks (`quit_` / `handleException` in its dist). On a 2-core machine Jest runs
 * every suite in band, inside Jest's own process (`maxWorkers` 1), so that code became Jest's: a CI run once
 * exited 1 with all 1 489 tests passed (tools/jest/exit-reason-reporter.js named "exit code set by something
 * other than Jest"). In worker mode the same code dies with the worker. A test's verdict is its assertions:
 * name the suite on stderr, and give the process back the exit code it had before the suite.
 */
const exitCodeBefore = process.exitCode;
afterAll(() => {
  if (process.exitCode === exitCodeBefore) return;
  process.stderr.write(
    `\n[api tests] ${expect.getState().testPath}: process.exitCode became ${process.exitCode} during this suite ` +
      `(the one known setter is PGlite's WebAssembly runtime); restored to ${exitCodeBefore ?? 'unset'}.\n`,
  );
  process.exitCode = exitCodeBefore;
});
