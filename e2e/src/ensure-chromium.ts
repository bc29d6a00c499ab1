/**
 * The e2e suite drives Debian's Chromium (browsers are never downloaded): its headless shell
 * (`chromium-headless-shell`, the same Blink and V8 as `chromium`, without the desktop browser around them),
 * as Playwright itself does for headless runs. Measured on the 108 journeys side by side (2 cores, same machine,
 * same hour): the full browser 6.2 min and 277 s of CPU, the headless shell with traces kept without their
 * screencast 4.0 min and 141 s (decision 089). Installs it with apt-get when it is missing and this user may
 * (root); otherwise explains what to install. CHROMIUM_PATH chooses another build (`/usr/bin/chromium` works too).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';
const PACKAGE = 'chromium-headless-shell';

function run(cmd: string, args: string[]) {
  execFileSync(cmd, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

if (require.main === module) {
  if (fs.existsSync(CHROMIUM_PATH)) {
    process.exit(0);
  }
  if (process.env.CHROMIUM_PATH || process.getuid?.() !== 0) {
    console.error(`Chromium non trovato in ${CHROMIUM_PATH}. Installalo con: sudo apt-get install -y ${PACKAGE} (oppure imposta CHROMIUM_PATH).`);
    process.exit(1);
  }
  console.log(`Chromium (${PACKAGE}) non trovato: installazione con apt-get…`);
  run('apt-get', ['update', '-q']);
  run('apt-get', ['install', '-y', '-q', PACKAGE]);
}
