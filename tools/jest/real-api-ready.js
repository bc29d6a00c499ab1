'use strict';
/**
 * Before a suite of a package with `realApi` (tools/jest/preset.js): waits until the real API the run's global setup
 * started in the background answers its health check (tools/jest/real-api.js), or fails with why it did not start.
 * Once it is up this is one request per suite.
 */
const fs = require('node:fs');

const START_TIMEOUT_MS = 120_000;

beforeAll(async () => {
  const url = process.env.TEST_API_URL;
  const failureFile = process.env.TEST_API_START_FAILURE;
  if (!url) throw new Error('TEST_API_URL is not set: tools/jest/real-api.js (the global setup) did not run');
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (failureFile && fs.existsSync(failureFile)) throw new Error(fs.readFileSync(failureFile, 'utf8'));
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`the real API at ${url} did not answer within ${START_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, START_TIMEOUT_MS + 10_000);
