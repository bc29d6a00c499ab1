/** Ports and paths of the composition the e2e suite starts (distinct from `npm start`'s defaults). */
import os from 'node:os';
import path from 'node:path';
import type { AppName } from '@loyalty/tools';

const base = Number(process.env.E2E_PORT_BASE || 4000);

export const E2E_PORTS: Record<AppName, number> = {
  shell: base,
  landing: base + 1,
  cards: base + 2,
  campaigns: base + 3,
  messaging: base + 4,
  admin: base + 5,
};
// E2E_API_PORT keeps the API inside a narrow port range when base + 100 is taken or outside it.
export const E2E_API_PORT = Number(process.env.E2E_API_PORT || base + 100);
export const E2E_STATE_DIR = path.join(os.tmpdir(), `loyalty-e2e-${base}`);
export const E2E_RUNTIME_CONFIG = path.join(E2E_STATE_DIR, 'runtime-config.json');
export const E2E_STATE_FILE = path.join(E2E_STATE_DIR, 'state.json');
export const SHELL_URL = `http://localhost:${E2E_PORTS.shell}`;

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
