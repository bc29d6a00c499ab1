// One Jest run over every package that has tests; each package owns its jest.config.js
// (frontends reuse tools/jest/preset.js, the API runs in node).
const fs = require('node:fs');
const path = require('node:path');

const PACKAGES = ['tools', 'bench', 'shared', 'shell', 'remote-landing', 'remote-cards', 'remote-campaigns', 'remote-messaging', 'remote-admin', 'api'];

module.exports = {
  // The default output, plus one line naming the cause if Jest ever exits non-zero with no failed test.
  reporters: ['default', '<rootDir>/tools/jest/exit-reason-reporter.js'],
  projects: PACKAGES.filter((p) => fs.existsSync(path.join(__dirname, p, 'jest.config.js'))).map((p) => `<rootDir>/${p}`),
};
