'use strict';
/**
 * Jest settings shared by every frontend package (shared, shell, remotes).
 * Use in a package's jest.config.js:
 *   module.exports = { ...require('../tools/jest/preset'), displayName: 'shell' };
 */
const path = require('node:path');

const sharedSrc = path.resolve(__dirname, '../../shared/src');

module.exports = {
  testEnvironment: require.resolve('./jsdom-with-fetch.js'),
  transform: {
    '^.+\\.(t|j)sx?$': [
      require.resolve('@swc/jest'),
      {
        swcrc: false,
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'json'],
  moduleNameMapper: {
    // The package's source entries, so tests never depend on a build of shared.
    '^@loyalty/shared$': path.join(sharedSrc, 'index.ts'),
    '^@loyalty/shared/testing$': path.join(sharedSrc, 'testing/index.ts'),
    '^@loyalty/shared/page-script$': path.join(sharedSrc, 'pageScript.ts'),
    '^@loyalty/shared/forms$': path.join(sharedSrc, 'forms/index.ts'),
    '\\.(css|png|jpe?g|gif|svg|webp|ico|woff2?)$': require.resolve('./file-stub.js'),
  },
  // jsdom has no showModal(): shared's Modal is a native <dialog> (tools/jest/html-dialog.js).
  setupFilesAfterEnv: [require.resolve('@testing-library/jest-dom'), require.resolve('./html-dialog.js')],
  testMatch: ['<rootDir>/src/**/__tests__/**/*.test.{ts,tsx}', '<rootDir>/test/**/*.test.{ts,tsx}'],
  // Build-time constants webpack's DefinePlugin provides (tools/src/federation.ts).
  globals: { __APP_NAME__: 'test', __BUILD_VERSION__: '0.0.0-test' },
  clearMocks: true,
  restoreMocks: true,
};
