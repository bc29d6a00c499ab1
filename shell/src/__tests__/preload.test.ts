/**
 * The bootstrap starts loading the opened page's remote module while the session is checked; the route's
 * own load then takes that download instead of starting another. The federation runtime is replaced here
 * by a counter; the real loading is proven by the e2e journeys.
 */
import type { RemoteRouteModule } from '@loyalty/shared';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { RemoteUnavailableError, loadRemoteRoute, preloadRemoteRoute } from '../federation/remotes';
import { dashboardModuleFor, firstPageModuleFor } from '../routes/routeModules';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
const runtimeLoad = jest.mocked(loadRemote);

const overview: RemoteRouteModule = { default: () => null, remoteMeta: { name: 'cards', version: '1.2.3' } };

beforeEach(() => runtimeLoad.mockReset());

it('downloads a preloaded module once: the route takes the preload', async () => {
  runtimeLoad.mockResolvedValue(overview);
  preloadRemoteRoute('cards', './Overview');
  preloadRemoteRoute('cards', './Overview');
  expect(runtimeLoad).toHaveBeenCalledTimes(1);
  expect(runtimeLoad).toHaveBeenCalledWith('cards/Overview');
  await expect(loadRemoteRoute('cards', './Overview')).resolves.toBe(overview);
  expect(runtimeLoad).toHaveBeenCalledTimes(1);
  // Later loads (e.g. 'Riprova') go to the runtime again.
  await loadRemoteRoute('cards', './Overview');
  expect(runtimeLoad).toHaveBeenCalledTimes(2);
});

it('reports a failed preload through the route, and the next load tries again', async () => {
  runtimeLoad.mockRejectedValueOnce(new Error('manifest 500'));
  preloadRemoteRoute('admin', './Users');
  await expect(loadRemoteRoute('admin', './Users')).rejects.toBeInstanceOf(RemoteUnavailableError);
  runtimeLoad.mockResolvedValueOnce({ ...overview, remoteMeta: { name: 'admin', version: '1.0.0' } });
  await expect(loadRemoteRoute('admin', './Users')).resolves.toMatchObject({ remoteMeta: { name: 'admin' } });
  expect(runtimeLoad).toHaveBeenCalledTimes(2);
});

it('preloads only dashboard pages, by their exact path', () => {
  expect(dashboardModuleFor('/dashboard')).toEqual({ remote: 'cards', module: './Overview' });
  expect(dashboardModuleFor('/dashboard/')).toEqual({ remote: 'cards', module: './Overview' });
  expect(dashboardModuleFor('/dashboard/campaigns')).toEqual({ remote: 'campaigns', module: './Campaigns' });
  expect(dashboardModuleFor('/campaign-success')).toEqual({ remote: 'campaigns', module: './CampaignSuccess' });
  expect(dashboardModuleFor('/dashboard/nessuna')).toBeNull();
  expect(dashboardModuleFor('/login')).toBeNull();
  expect(dashboardModuleFor('/privacy')).toBeNull();
});

it('starts the page a first load will show: the public page asked for, nothing where the guards send a visitor to /login', () => {
  // No stored session.
  expect(firstPageModuleFor('/login', false)).toEqual({ remote: 'landing', module: './LoginPage' });
  expect(firstPageModuleFor('/loyalty-cards/create', false)).toEqual({ remote: 'landing', module: './SignupPage' });
  expect(firstPageModuleFor('/privacy/', false)).toEqual({ remote: 'landing', module: './LegalPage' });
  // Paths that send a visitor to /login: the app leaves for the prerendered page, nothing to start.
  for (const redirected of ['/', '/dashboard', '/dashboard/users', '/qualsiasi']) {
    expect(firstPageModuleFor(redirected, false)).toBeNull();
  }
  // A stored session: the dashboard page, the legal pages anyone may read, nothing for pages that redirect.
  expect(firstPageModuleFor('/dashboard/campaigns', true)).toEqual({ remote: 'campaigns', module: './Campaigns' });
  expect(firstPageModuleFor('/cookie-policy', true)).toEqual({ remote: 'landing', module: './LegalPage' });
  expect(firstPageModuleFor('/login', true)).toBeNull();
  expect(firstPageModuleFor('/loyalty-cards/create', true)).toBeNull();
  expect(firstPageModuleFor('/', true)).toBeNull();
});
