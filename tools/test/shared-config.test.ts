/**
 * What each app's build shares (tools/src/federation.ts): a prefix entry's subpaths provide their package's
 * version, not the one of a package.json of their own inside it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { installedVersion, readPackage, sharedConfig } from '../src/federation';
import { REPO_ROOT } from '../src/apps';

const cardsDir = path.join(REPO_ROOT, 'remote-cards');
const resolversRoot = path.dirname(require.resolve('@hookform/resolvers/package.json', { paths: [cardsDir] }));

it('gives the resolvers’ subpaths (`@hookform/resolvers/zod`) the version of the package installed for the app', () => {
  const installed = (JSON.parse(fs.readFileSync(path.join(resolversRoot, 'package.json'), 'utf8')) as { version: string }).version;
  // Why: the subpath's own package.json says 1.0.0, which Module Federation would read and find outside the range.
  expect((JSON.parse(fs.readFileSync(path.join(resolversRoot, 'zod', 'package.json'), 'utf8')) as { version: string }).version).toBe('1.0.0');
  const shared = sharedConfig(readPackage(cardsDir), {}, installedVersion(cardsDir));
  expect(shared['@hookform/resolvers/']).toEqual({ singleton: true, requiredVersion: readPackage(cardsDir).dependencies!['@hookform/resolvers'], version: installed });
  // The package's own entry and every other entry keep the version webpack finds for them.
  expect(shared['@hookform/resolvers']).not.toHaveProperty('version');
  expect(shared['react-hook-form']).not.toHaveProperty('version');
});

it('leaves a subpath without an installed package as it was (no version invented)', () => {
  expect(installedVersion(cardsDir)('@hookform/no-such-package')).toBeUndefined();
});
