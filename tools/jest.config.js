module.exports = {
  displayName: 'tools',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  transform: { '^.+\\.(t|j|mj|cj)s$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }] },
  // test/api-proxy.test.ts runs the real API (api/src/app.ts) behind a static server: like the API's own
  // jest.config.js, swc turns the ES-module-only packages it loads (jose, light-my-request's cookie,
  // PGlite's parts) into CommonJS, and those openapi-typescript loads (test/api-types.test.ts). The pattern
  // only looks at the innermost node_modules of a path. wouter (test/wouter-router.test.ts) is ES modules only too.
  transformIgnorePatterns: [
    '/node_modules/(?!.*/node_modules/)(?!(jose|cookie|@electric-sql/pglite|parse-json|index-to-position|change-case|supports-color|yargs-parser|wouter)/)',
  ],
};
