'use strict';
/**
 * The Jest project of a frontend package (shared, shell, remotes): the settings they all share, from the
 * package's folder name. A package's jest.config.js:
 *   module.exports = require('../tools/jest/preset')('remote-cards', { realApi: true, journeys: true });
 * - `realApi`: its tests talk to the real API, started once per run for every package that asks
 *   (tools/jest/real-api.js), in the background: each suite first waits until it answers (tools/jest/real-api-ready.js).
 * - `journeys`: they drive whole journeys through it, which hash passwords (argon2) and may share two cores
 *   with other suites: longer timeouts (tools/jest/journey-timeouts.js). A project's own `testTimeout` would
 *   not do: Jest reads it only from the root configuration.
 */
const path = require('node:path');

const REPO_ROOT = path.resolve(__dirname, '../..');
const sharedSrc = path.join(REPO_ROOT, 'shared', 'src');

module.exports = function frontendProject(packageName, { realApi = false, journeys = false } = {}) {
  return {
    displayName: packageName,
    rootDir: path.join(REPO_ROOT, packageName),
    testEnvironment: require.resolve('./jsdom-with-fetch.js'),
    transform: {
      '^.+\\.(t|j)sx?$|\\.mjs$': [
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
    moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'mjs', 'json'],
    // JEST_PREACT=1: the suites on Preact, the renderer the browser builds ship (decision 108: React's names resolve to
    // preact/compat there). Not the default yet — a few suites still assume React's scheduling; see the decision.
    ...(process.env.JEST_PREACT ? { transformIgnorePatterns: ['/node_modules/(?!preact/)'] } : {}),
    moduleNameMapper: {
      // The package's source entries, so tests never depend on a build of shared.
      '^@loyalty/shared$': path.join(sharedSrc, 'index.ts'),
      '^@loyalty/shared/testing$': path.join(sharedSrc, 'testing/index.ts'),
      '^@loyalty/shared/testing/pdf$': path.join(sharedSrc, 'testing/pdf.ts'),
      '^@loyalty/shared/page-script$': path.join(sharedSrc, 'pageScript.ts'),
      '^@loyalty/shared/print-image$': path.join(sharedSrc, 'cards/printImage.ts'),
      '^@loyalty/shared/forms$': path.join(sharedSrc, 'forms/index.ts'),
      ...(process.env.JEST_PREACT
        ? {
            '^react$': require.resolve('preact/compat'),
            '^react-dom$': require.resolve('preact/compat'),
            '^react-dom/client$': require.resolve('preact/compat/client'),
            '^react/jsx-runtime$': require.resolve('preact/compat/jsx-runtime'),
            '^react/jsx-dev-runtime$': require.resolve('preact/compat/jsx-dev-runtime'),
            '^react-dom/test-utils$': require.resolve('preact/test-utils'),
          }
        : {}),
      '\\.(css|png|jpe?g|gif|svg|webp|ico|woff2?)$': require.resolve('./file-stub.js'),
    },
    setupFilesAfterEnv: [
      require.resolve('@testing-library/jest-dom'),
      // jsdom has no showModal(): shared's Modal is a native <dialog> (tools/jest/html-dialog.js).
      require.resolve('./html-dialog.js'),
      ...(journeys ? [require.resolve('./journey-timeouts.js')] : []),
      // The real API starts in the background (tools/jest/real-api.js): each suite waits until it answers.
      ...(realApi ? [require.resolve('./real-api-ready.js')] : []),
    ],
    ...(realApi ? { globalSetup: require.resolve('./real-api-setup.js'), globalTeardown: require.resolve('./real-api-teardown.js') } : {}),
    testMatch: ['<rootDir>/src/**/__tests__/**/*.test.{ts,tsx}', '<rootDir>/test/**/*.test.{ts,tsx}'],
    // Build-time constants webpack's DefinePlugin provides (tools/src/federation.ts).
    globals: { __APP_NAME__: 'test', __BUILD_VERSION__: '0.0.0-test', __FEDERATION_RUNTIME_CORE__: '0.0.0-test' },
    clearMocks: true,
    restoreMocks: true,
  };
};
