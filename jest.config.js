// One Jest run over every package that has tests; each package owns its jest.config.js
// (frontends: one call of tools/jest/preset.js, the API runs in node).
//
// `npm run test:unit` runs it in two phases (JEST_PHASE): `parallel`, every suite but SERIAL_SUITES on two
// workers, then `serial`, those alone, one at a time. `npx jest` without JEST_PHASE runs everything on two workers.
const fs = require('node:fs');
const path = require('node:path');

const PACKAGES = ['tools', 'bench', 'shared', 'shell', 'remote-landing', 'remote-cards', 'remote-campaigns', 'remote-messaging', 'remote-admin', 'api'];

/**
 * Suites whose assertions bound a latency (a health probe's p99 under a flood, a real login within 3 s under
 * 100 bogus ones a second, a health probe's p99 during a large CSV import, a session refused within about a second, a page answered within 1.5 s while the API
 * stalls): beside another suite's work on the other core they would measure the neighbour, so they run after
 * the others, alone.
 */
const SERIAL_SUITES = [
  'api/test/security/anonymous-routes-latency.test.ts',
  'api/test/security/login-flood.test.ts',
  'api/test/security/hashing-flood.test.ts',
  'api/test/security/csv-import-latency.test.ts',
  'api/test/redis-shared.test.ts',
  'tools/test/link-preview.test.ts',
  'tools/test/instances-drill.test.ts',
  'tools/test/haproxy-drill.test.ts',
];

const PHASES = ['parallel', 'serial'];
const phase = process.env.JEST_PHASE || undefined;
if (phase !== undefined && !PHASES.includes(phase)) throw new Error(`JEST_PHASE must be one of ${PHASES.join(', ')} (got "${phase}")`);

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function project(pkg) {
  const config = require(`./${pkg}/jest.config.js`);
  const own = SERIAL_SUITES.filter((suite) => suite.startsWith(`${pkg}/`)).map((suite) => path.join(__dirname, suite));
  if (phase === 'parallel') return { ...config, testPathIgnorePatterns: ['/node_modules/', ...own.map((file) => `^${escape(file)}$`)] };
  if (phase === 'serial') return own.length === 0 ? null : { ...config, testMatch: own };
  return config;
}

module.exports = {
  // The default output, plus one line naming the cause if Jest ever exits non-zero with no failed test.
  reporters: ['default', '<rootDir>/tools/jest/exit-reason-reporter.js'],
  // Jest's default on two cores is one worker, i.e. every suite in turn inside Jest's own process; most suites
  // spend much of their time waiting (PostgreSQL, child processes, timers), so more workers than cores keep both
  // busy. JEST_WORKERS overrides it, for a measurement.
  maxWorkers: phase === 'serial' ? 1 : Number(process.env.JEST_WORKERS) || 3,
  // Jest's order, an API suite first: the API project's global setup (the migrated databases) then runs before the
  // frontends' real API starts, which starts from the migrated PGlite database (tools/jest/real-api.js).
  testSequencer: require.resolve('./tools/jest/sequencer.js'),
  projects: PACKAGES.filter((p) => fs.existsSync(path.join(__dirname, p, 'jest.config.js')))
    .map(project)
    .filter(Boolean),
};
