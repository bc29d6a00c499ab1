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

/**
 * Ports Chromium refuses to fetch from (its "restricted ports", net/base/port_util.cc) that a port base in the
 * usual ranges can land on: the suite would fail with net::ERR_UNSAFE_PORT far from the cause, so it stops here.
 */
export const CHROMIUM_UNSAFE_PORTS = new Set([3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080]);
for (const [name, port] of [...Object.entries(E2E_PORTS), ['api', E2E_API_PORT] as const]) {
  if (CHROMIUM_UNSAFE_PORTS.has(Number(port))) {
    throw new Error(`E2E_PORT_BASE=${base} puts ${name} on port ${port}, which Chromium refuses to load: choose another E2E_PORT_BASE (or E2E_API_PORT)`);
  }
}
export const E2E_STATE_DIR = path.join(os.tmpdir(), `loyalty-e2e-${base}`);
export const E2E_RUNTIME_CONFIG = path.join(E2E_STATE_DIR, 'runtime-config.json');
export const E2E_STATE_FILE = path.join(E2E_STATE_DIR, 'state.json');
/**
 * The script the journeys' API runs, from the repository root: the product's entry with the tests' cheap password
 * hashing (api/test/serve-for-tests.ts), as the frontends' Jest tests run it.
 */
export const API_ENTRY = path.join('api', 'test', 'serve-for-tests.ts');
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
