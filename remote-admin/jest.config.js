'use strict';
const preset = require('../tools/jest/preset');

module.exports = {
  ...preset,
  displayName: 'remote-admin',
  rootDir: __dirname,
  setupFilesAfterEnv: [...preset.setupFilesAfterEnv, '<rootDir>/test/setup.ts'],
  globalSetup: require.resolve('../tools/jest/real-api-setup.js'),
  globalTeardown: require.resolve('../tools/jest/real-api-teardown.js'),
};
