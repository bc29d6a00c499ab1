/**
 * API tests: Node environment, TypeScript through @swc/jest, every suite against PGlite and PostgreSQL
 * (see test/helpers/databases.ts; test/global-setup.ts checks whether PostgreSQL is reachable and builds the
 * migrated databases every suite starts from, test/global-teardown.ts removes them).
 */
/** @type {import('jest').Config} */
module.exports = {
  displayName: 'api',
  rootDir: __dirname,
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  transform: {
    '^.+\\.(t|j|mj|cj)s$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  // Node 20 loads these ES modules with require(); Jest's module system cannot, so swc turns them into
  // CommonJS: jose and cookie (light-my-request's) ship only ESM, and PGlite's CommonJS build loads its
  // parts with import(). The pattern only looks at the innermost node_modules of a path.
  transformIgnorePatterns: ['/node_modules/(?!.*/node_modules/)(?!(jose|cookie|@electric-sql/pglite)/)'],
  // Sets the timeouts: `testTimeout` is ignored in a project run from the root config.
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
};
