/**
 * The bootstrap starts loading the opened page's remote module while the session is checked
 * (prepareRemoteRoute); the route's area then renders that load instead of starting another. The federation
 * runtime is replaced here by a counter; the real loading is proven by the e2e journeys.
 */
import type { RemoteRouteModule } from '@loyalty/shared';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { prepareRemoteRoute } from '../../components/RemoteRoute';
import { REMOTE_FALLBACK } from '../fallback';
import { RemoteUnavailableError, loadRemoteRoute } from '../remotes';
import { firstPageModuleFor } from '../../../../shared/routeModules';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
const runtimeLoad = jest.mocked(loadRemote);

const overview: RemoteRouteModule = { default: () => null, remoteMeta: { name: 'cards', version: '1.2.3' } };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => runtimeLoad.mockReset());

it('starts a first page module once, however often it is asked for', async () => {
  runtimeLoad.mockResolvedValue(overview);
  prepareRemoteRoute('cards', './Overview');
  prepareRemoteRoute('cards', './Overview');
  expect(runtimeLoad).toHaveBeenCalledTimes(1);
  expect(runtimeLoad).toHaveBeenCalledWith('cards/Overview');
  await settle();
  prepareRemoteRoute('cards', './Overview');
  expect(runtimeLoad).toHaveBeenCalledTimes(1);
});

it('forgets a failed start, so the next one goes to the runtime again', async () => {
  runtimeLoad.mockRejectedValueOnce(new Error('manifest 500'));
  prepareRemoteRoute('admin', './Users');
  await settle();
  runtimeLoad.mockResolvedValueOnce({ ...overview, remoteMeta: { name: 'admin', version: '1.0.0' } });
  prepareRemoteRoute('admin', './Users');
  expect(runtimeLoad).toHaveBeenCalledTimes(2);
});

it('reports a remote that fails, or answers with the fallback module of errorLoadRemote, as unavailable', async () => {
  runtimeLoad.mockRejectedValueOnce(new Error('manifest 500'));
  await expect(loadRemoteRoute('campaigns', './Campaigns')).rejects.toBeInstanceOf(RemoteUnavailableError);
  runtimeLoad.mockResolvedValueOnce(REMOTE_FALLBACK);
  await expect(loadRemoteRoute('campaigns', './Campaigns')).rejects.toBeInstanceOf(RemoteUnavailableError);
});

it('starts a signed-in user\'s page by its exact path (a trailing slash aside), nothing for an unknown one', () => {
  expect(firstPageModuleFor('/dashboard', true)).toEqual({ remote: 'cards', module: './Overview' });
  expect(firstPageModuleFor('/dashboard/', true)).toEqual({ remote: 'cards', module: './Overview' });
  expect(firstPageModuleFor('/dashboard/campaigns', true)).toEqual({ remote: 'campaigns', module: './Campaigns' });
  expect(firstPageModuleFor('/campaign-success', true)).toEqual({ remote: 'campaigns', module: './CampaignSuccess' });
  expect(firstPageModuleFor('/dashboard/nessuna', true)).toBeNull();
  expect(firstPageModuleFor('/login', true)).toBeNull();
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
