/**
 * Builds ahead of the journeys what their global setup would build first (decision 090): the six apps in
 * production mode, the migrated PGlite database the journeys' APIs start from (src/own-api-template.ts) and the
 * delivery drills' remote variants, each reused when its build stamp says its sources are unchanged. `npm test` starts it at the lowest priority (`nice -n 19`) beside the Jest suites that run alone, which
 * leave a core mostly idle while they wait on their drills; the scheduler gives those suites the CPU whenever they
 * want it. Global setup waits for it (`prebuildDone`) and then finds both builds done.
 * Its output goes to <variants folder>/prebuild.log; a failure here is left to global setup, which builds again and
 * shows the error.
 *   nice -n 19 tsx e2e/src/prebuild.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { APPS, buildApps } from '@loyalty/tools';
import { buildOwnApiTemplateAhead } from './own-api-template';
import { PREBUILD_LOCK, startVariantBuild, VARIANTS_DIR, variantsReady } from './variants';

async function main() {
  fs.mkdirSync(VARIANTS_DIR, { recursive: true });
  fs.writeFileSync(PREBUILD_LOCK, String(process.pid));
  const log = fs.createWriteStream(path.join(VARIANTS_DIR, 'prebuild.log'));
  const write = (line: string) => log.write(`${new Date().toISOString()} ${line}\n`);
  const started = Date.now();
  try {
    // The build's own lines (and webpack's warnings) into the log: the suites beside it print to the terminal.
    console.log = console.warn = console.error = (...args: unknown[]) => write(args.join(' '));
    await buildApps(APPS, { mode: 'production' }, { reuse: true });
    const templateStarted = Date.now();
    try {
      write(`API template ${buildOwnApiTemplateAhead()} in ${Math.round((Date.now() - templateStarted) / 1000)} s`);
    } catch (error) {
      write(`API template not built (global setup will build it): ${(error as Error).message}`);
    }
    startVariantBuild();
    await variantsReady();
    write(`apps and variants built in ${Math.round((Date.now() - started) / 1000)} s`);
  } catch (error) {
    write(`build failed (global setup will build again and show why): ${(error as Error).message}`);
  } finally {
    fs.rmSync(PREBUILD_LOCK, { force: true });
    log.end();
  }
}

void main();
