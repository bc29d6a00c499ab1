/**
 * The e2e suite drives Debian's Chromium (browsers are never downloaded). Installs it with apt-get when it
 * is missing and this user may (root); otherwise explains what to install.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function run(cmd: string, args: string[]) {
  execFileSync(cmd, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

if (require.main === module) {
  if (fs.existsSync(CHROMIUM_PATH)) {
    process.exit(0);
  }
  if (process.getuid?.() !== 0) {
    console.error(`Chromium non trovato in ${CHROMIUM_PATH}. Installalo con: sudo apt-get install -y chromium (oppure imposta CHROMIUM_PATH).`);
    process.exit(1);
  }
  console.log('Chromium non trovato: installazione con apt-get…');
  run('apt-get', ['update', '-q']);
  run('apt-get', ['install', '-y', '-q', 'chromium']);
}
