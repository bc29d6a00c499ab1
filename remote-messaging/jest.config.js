'use strict';
module.exports = {
  ...require('../tools/jest/preset'),
  displayName: 'remote-messaging',
  // Journeys against the real API type whole forms and hash passwords (argon2): 5 s is too tight on two cores.
  testTimeout: 20_000,
  rootDir: __dirname,
  globalSetup: require.resolve('../tools/jest/real-api-setup.js'),
  globalTeardown: require.resolve('../tools/jest/real-api-teardown.js'),
};
