import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH } from './src/ensure-chromium';
import { CHROMIUM_ARGS, SHELL_URL } from './src/env';

/**
 * The journeys run side by side; each works on data of its own or only reads, a drill that stops or re-points a
 * frontend's server does it on a composition of its own (src/own-composition.ts), and one that pauses or stops the
 * API, or counts the demo shops' cards (which other journeys sign customers up to), on an API of its own behind it
 * (src/own-api.ts; decision 062).
 */
const WORKERS = 2;

export default defineConfig({
  testDir: './tests',
  globalSetup: './src/global-setup.ts',
  // WORKERS journeys at a time (one browser each) on a two-core machine: they mostly wait (for a page, a
  // timeout, a late script); the tests of one file in order. E2E_WORKERS overrides it, for a measurement.
  workers: Number(process.env.E2E_WORKERS) || WORKERS,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./src/summary-reporter.ts'], ...(process.env.CI ? [] : [['html', { open: 'never' }] as const])],
  use: {
    baseURL: SHELL_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // A failed journey keeps its trace (every action with the page's DOM before and after, the network, the
    // console) and a screenshot of its end. Not the trace's screencast: encoding a frame of every page all along
    // cost about a fifth of the journeys' CPU on two cores (decision 089).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'journeys' }],
});
