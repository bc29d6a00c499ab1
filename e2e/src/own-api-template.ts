/**
 * The migrated database the journeys' APIs start from: the API suites' PGlite template (`migrated.tar`: initdb, every
 * migration), kept between runs under its stamp by api/test/helpers/pglite-templates.ts (one builder, one stamp, one
 * kept folder for both), unpacked into a new data folder, which the API's first start then only seeds with the demo
 * data instead of running initdb and every migration beside the journeys.
 *   - `npm test`'s Jest run keeps it (its parallel phase builds it when it is not kept yet); src/prebuild.ts
 *     (`buildOwnApiTemplateAhead`, beside Jest's serial phase) finds it kept, or builds and keeps it through the same
 *     function; global setup takes it when its stamp still matches, and then the composition's API starts from it
 *     too (its first start was ~30 s of global setup at load 3–6, alone on the journeys' critical path).
 *   - Otherwise global setup builds it in the background beside the composition's start, kept for the next runs, and
 *     the composition's API makes its database itself; the drills that stop or pause an API of their own (api-down,
 *     api-paused, cards-demo-shops) wait for it (src/own-api.ts).
 * The product's first start on an empty folder is proven by the API suites (migrations.test.ts, security/data-dir.test.ts:
 * the real entry point on a new data folder), and by the composition's API whenever no kept template is there.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  copyKeptPGliteTemplates,
  keptPGliteTemplates,
  PGLITE_TEMPLATE_FILES,
  pgliteTemplatesStamp,
  startPGliteTemplatesBuild,
  unpackPGliteTemplate,
} from '../../api/test/helpers/pglite-templates';
import { E2E_STATE_DIR } from './env';

/** This run's copy of the template (global setup empties E2E_STATE_DIR; the kept folder is the API suites'). */
const TEMPLATE_DIR = path.join(E2E_STATE_DIR, 'own-api-template');
const TEMPLATE = path.join(TEMPLATE_DIR, PGLITE_TEMPLATE_FILES.migrated);
/** The builder's exit code, written when it ends. */
const STATUS_FILE = path.join(TEMPLATE_DIR, 'status');

/**
 * src/prebuild.ts (beside Jest's serial phase, at the lowest priority): the kept template, built and kept first
 * unless it is there. Throws when the builder fails (prebuild logs it; global setup then builds again).
 */
export function buildOwnApiTemplateAhead(): 'reused' | 'built' {
  return keptPGliteTemplates().built ? 'built' : 'reused';
}

/**
 * Global setup (E2E_STATE_DIR made): the kept template when its stamp is current, ready at once (answers true);
 * else starts the build in the background (answers false), kept for the next runs when it succeeds. `stop` stops
 * that build when the run ends first.
 */
export function startOwnApiTemplateBuild(): { ready: boolean; stop: () => void } {
  fs.mkdirSync(TEMPLATE_DIR, { recursive: true });
  const stamp = pgliteTemplatesStamp();
  if (copyKeptPGliteTemplates(stamp, TEMPLATE_DIR, ['migrated'])) {
    fs.writeFileSync(STATUS_FILE, '0');
    return { ready: true, stop: () => undefined };
  }
  // At a lower priority than the composition's start beside it.
  const build = startPGliteTemplatesBuild(TEMPLATE_DIR, stamp, 10);
  void build.exited.then((code) => {
    try {
      fs.writeFileSync(STATUS_FILE, String(code));
    } catch {
      // the state folder is gone (a new run's setup): nobody waits for it
    }
  });
  return { ready: false, stop: build.stop };
}

/**
 * Fills `dataDir` (new) with the migrated database once the build has ended; false when there is none (the build
 * failed, or no global setup started it): the API then makes its database itself, as a first start does.
 */
export async function fillWithOwnApiTemplate(dataDir: string, timeoutMs = 120_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!fs.existsSync(STATUS_FILE)) {
    if (!fs.existsSync(TEMPLATE_DIR) || Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 250));
  }
  if (fs.readFileSync(STATUS_FILE, 'utf8') !== '0' || !fs.existsSync(TEMPLATE)) return false;
  unpackPGliteTemplate(TEMPLATE, dataDir);
  return true;
}
