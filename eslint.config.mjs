// Lint for the whole monorepo, including the import boundaries between the independently shipped parts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/** The repository root (zones and feature folders are read from here, wherever eslint runs). */
const ROOT = path.dirname(fileURLToPath(import.meta.url));

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

/**
 * The store's libraries are inside @loyalty/shared too (docs/decisions/109-store-libraries-inside-shared.md): a value
 * imported from them in an app would bundle a second Redux toolkit, whose hooks read a context the shell's store never
 * fills. Their types are free to import (erased at build time).
 */
const OWN_STORE = { group: ['@reduxjs/toolkit', '@reduxjs/toolkit/*', 'react-redux'], allowTypeImports: true, message: "Import the store's helpers from '@loyalty/shared': one Redux toolkit inside shared for the shell and every remote." };

/**
 * One shape for every app (docs/decisions/035-apps-shaped-alike.md): a feature imports its own files, the app's
 * src/shared/ and @loyalty/shared — never another feature; what two features need goes to src/shared/. Only the
 * composition layer (bootstrap, exposed/*, the shell's routes/) puts features together. src/shared/ imports no
 * feature and no composition file. Paths are resolved (import-x's no-restricted-paths, as bulletproof-react's
 * import/no-restricted-paths), so `../../other/x`, `../other` and any depth are caught alike.
 */
function featureZones(app) {
  const featuresDir = `${app}/src/features`;
  const features = fs.existsSync(path.join(ROOT, featuresDir)) ? fs.readdirSync(path.join(ROOT, featuresDir), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : [];
  const composition = [`./${app}/src/exposed`, `./${app}/src/routes`, `./${app}/src/bootstrap.tsx`, `./${app}/src/index.ts`];
  return [
    ...features.map((feature) => ({
      target: `./${featuresDir}/${feature}`,
      from: `./${featuresDir}`,
      except: [`./${feature}`],
      message: `A feature imports only its own files, ${app}/src/shared/ and @loyalty/shared: move what two features share to ${app}/src/shared/ (or @loyalty/shared), or compose them in exposed/*.`,
    })),
    { target: `./${featuresDir}`, from: composition, message: 'A feature never imports the composition layer (bootstrap, exposed/*, routes/).' },
    { target: `./${app}/src/shared`, from: [`./${featuresDir}`, ...composition], message: `${app}/src/shared/ is below the features: it imports no feature and no composition file.` },
  ];
}

/**
 * The API by feature (docs/decisions/065-api-feature-folders.md): api/src/features/<feature>/ holds a feature's
 * routes, schemas, SQL and services; everything else in api/src but the composition (app.ts, server.ts, serve.ts,
 * openapi.ts, seed/) is infrastructure — db/, lib/, plugins/, routes/, schemas/, the config, errors, messages —
 * which imports no feature and no composition file: the app hands it what the features' registry makes.
 */
const API_INFRASTRUCTURE = ['./api/src/!(features|seed)/**', './api/src/!(app|server|serve|openapi).ts'];
const API_COMPOSITION = ['./api/src/app.ts', './api/src/server.ts', './api/src/serve.ts', './api/src/openapi.ts', './api/src/seed'];

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
    boundary([`${remote}/src/**/*.{ts,tsx}`], reaching([...FRONTENDS.filter((f) => f !== remote), 'api', 'tools']), `${remote} may import only @loyalty/shared and its own files.`, [OWN_ROUTER, OWN_STORE]),
  ),
  boundary(['shell/src/**/*.{ts,tsx}'], reaching([...REMOTES, 'api', 'tools']), 'The shell loads remotes at run time through federation; it never imports their source or the API.', [OWN_ROUTER, OWN_STORE]),
  {
    files: FRONTENDS.map((app) => `${app}/src/**/*.{ts,tsx}`),
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.d.ts', '.js'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: FRONTENDS.flatMap(featureZones) }] },
  },
  boundary(['shared/src/**/*.{ts,tsx}'], reaching([...FRONTENDS, 'api', 'tools']), '@loyalty/shared is the bottom layer: it imports no app.'),
  {
    files: ['api/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.d.ts', '.js'] })] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: ROOT,
          zones: [
            {
              target: API_INFRASTRUCTURE,
              from: ['./api/src/features', ...API_COMPOSITION],
              message: 'API infrastructure imports no feature and no composition file: let app.ts hand it what it needs from the features’ registry (features/index.ts), or move the shared part below the features (lib/).',
            },
            { target: './api/src/features', from: ['./api/src/app.ts', './api/src/server.ts', './api/src/serve.ts', './api/src/openapi.ts'], message: 'A feature never imports the composition root (app.ts, server.ts, serve.ts, openapi.ts).' },
          ],
        },
      ],
    },
  },
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
