/** The bench's own logic (not its measurements, which need builds and a browser: `npm run bench`). */
module.exports = {
  displayName: 'bench',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  transform: { '^.+\\.tsx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }] },
};
