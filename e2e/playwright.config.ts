import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH } from './src/ensure-chromium';
import { CHROMIUM_ARGS, SHELL_URL } from './src/env';

/**
 * Journeys that stop, restart or re-point a server of the composition (the API, a remote's static server, the
 * run-time configuration), and those that count the cards of the demo shops other journeys sign customers up to:
 * they run after every other journey, one at a time. The others run two at a time; each works on data of its own
 * or only reads (decision 062).
 */
const ALONE = ['api-down', 'cards', 'delivery', 'delivery-runtime-patch', 'login-prerendered', 'skeleton'];
const alone = new RegExp(`/(${ALONE.join('|')})\\.spec\\.ts$`);

export default defineConfig({
  testDir: './tests',
  globalSetup: './src/global-setup.ts',
  // Two journeys at a time (one browser each) on a two-core machine; the tests of one file in order.
  workers: 2,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./src/summary-reporter.ts'], ...(process.env.CI ? [] : [['html', { open: 'never' }] as const])],
  use: {
    baseURL: SHELL_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'journeys', testIgnore: alone },
    // After `journeys` (a failed journey leaves these unrun: the run has failed already), one worker.
    { name: 'alone', testMatch: alone, dependencies: ['journeys'], workers: 1 },
  ],
});
