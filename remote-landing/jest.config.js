'use strict';
module.exports = {
  ...require('../tools/jest/preset'),
  displayName: 'remote-landing',
  rootDir: __dirname,
  globalSetup: require.resolve('../tools/jest/real-api-setup.js'),
  globalTeardown: require.resolve('../tools/jest/real-api-teardown.js'),
};
