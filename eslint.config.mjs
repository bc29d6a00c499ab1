// Lint for the whole monorepo, including the import boundaries between the independently shipped parts.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const REMOTES = ['remote-landing', 'remote-cards', 'remote-campaigns', 'remote-messaging', 'remote-admin'];
const FRONTENDS = ['shell', ...REMOTES];

/** Import specifiers that reach into the named folders, by package name or by relative path. */
function reaching(folders) {
  return folders.flatMap((f) => [`@loyalty/${f}`, `@loyalty/${f}/*`, `**/${f}/src/**`, `**/${f}/src`]);
}

/**
 * The router is one instance inside @loyalty/shared (docs/decisions/016-router-inside-shared.md): an app
 * importing react-router itself would bundle a second copy whose context the shell's router never fills.
 */
const OWN_ROUTER = { group: ['react-router', 'react-router/*', 'react-router-dom', 'react-router-dom/*'], message: "Import the router from '@loyalty/shared': one router instance for the shell and every remote." };

function boundary(files, forbidden, message, extra = []) {
  return {
    files,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: forbidden, message }, ...extra] }],
    },
  };
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-*/**', '.tsbuild/**', '.data/**', '.run/**', 'e2e/test-results/**', 'e2e/playwright-report/**', '**/*.js', '**/*.mjs', '**/*.gen.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // A remote imports `shared` and its own files: never another remote, the shell, the API or the tools.
  ...REMOTES.map((remote) =>
    boundary([`${remote}/src/**/*.{ts,tsx}`], reaching([...FRONTENDS.filter((f) => f !== remote), 'api', 'tools']), `${remote} may import only @loyalty/shared and its own files.`, [OWN_ROUTER]),
  ),
  boundary(['shell/src/**/*.{ts,tsx}'], reaching([...REMOTES, 'api', 'tools']), 'The shell loads remotes at run time through federation; it never imports their source or the API.', [OWN_ROUTER]),
  boundary(['shared/src/**/*.{ts,tsx}'], reaching([...FRONTENDS, 'api', 'tools']), '@loyalty/shared is the bottom layer: it imports no app.'),
  {
    files: ['api/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: reaching([...FRONTENDS, 'shared', 'e2e']), message: 'The API never imports frontend code.' },
            { group: ['react', 'react-dom', 'react-dom/*', 'react-router*', 'styled-components', '@reduxjs/*', 'react-redux'], message: 'The API never imports frontend code.' },
          ],
        },
      ],
    },
  },
);
