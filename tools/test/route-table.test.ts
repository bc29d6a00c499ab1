/**
 * The shell's route table (shell/src/shared/routeTable.ts) is the one list of pages. What each
 * remote's webpack config really exposes must match it: every route's module is exposed by its remote,
 * every exposed module renders some route, and the shared contract (REMOTE_EXPOSES) says the same.
 */
import path from 'node:path';
import { REMOTE_APPS, REPO_ROOT } from '../src/apps';
import { PRERENDERED_PAGES } from '../src/public-pages';
import { REMOTE_EXPOSES } from '../../shared/src/federation/contract';
import { ROUTES } from '../../shell/src/shared/routeTable';

interface FactoryWithOptions {
  appOptions?: { exposes?: Record<string, string> };
}

function configuredExposes(folder: string): string[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const factory = (require(path.join(REPO_ROOT, folder, 'webpack.config.ts')) as { default: FactoryWithOptions }).default;
  return Object.keys(factory.appOptions?.exposes ?? {}).sort();
}

describe.each(REMOTE_APPS.map((app) => [app.name, app] as const))('remote %s', (name, app) => {
  const exposed = configuredExposes(app.folder);
  const routed = [...new Set(ROUTES.filter((r) => r.remote === name).map((r) => r.module))].sort();

  it('exposes exactly the modules the route table renders', () => {
    expect(routed.length).toBeGreaterThan(0);
    expect(exposed).toEqual(routed);
  });

  it('exposes what the shared federation contract lists', () => {
    expect(exposed).toEqual([...REMOTE_EXPOSES[name]].sort());
  });
});

it('declares each path once, each under a remote that exists', () => {
  const paths = ROUTES.map((r) => r.path);
  expect(new Set(paths).size).toBe(paths.length);
  const remotes: string[] = REMOTE_APPS.map((a) => a.name);
  for (const route of ROUTES) expect(remotes).toContain(route.remote);
});

it('marks as served from HTML exactly the pages the landing prerenders (the shell leaves for them by a full page load)', () => {
  const servedAsHtml = ROUTES.filter((r) => r.servedAsHtml).map((r) => r.path).sort();
  expect(servedAsHtml).toEqual(Object.keys(PRERENDERED_PAGES).sort());
});
