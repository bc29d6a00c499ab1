import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH } from './src/ensure-chromium';
import { CHROMIUM_ARGS, SHELL_URL } from './src/env';

export default defineConfig({
  testDir: './tests',
  globalSetup: './src/global-setup.ts',
  // One composition, one browser at a time: the machine has two cores.
  workers: 1,
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
});
