/**
 * RemoteRoute keeps each route's module apart: the router reuses one RemoteRoute instance when the path
 * changes, so moving between two screens already loaded must still show the screen of the new path.
 * The federation loader is replaced here by plain modules; the real loading is proven by the e2e journeys.
 */
import { act, screen, within } from '@testing-library/react';
import type { RemoteName, RemoteRouteModule } from '@loyalty/shared';
import { markConnectionLost, markConnectionOk, renderWithProviders } from '@loyalty/shared/testing';
import { Link, Route, Routes } from '@loyalty/shared';
import { prepareRemoteRoute, REMOTE_ERROR_MESSAGE, REMOTE_INCOMPATIBLE_MESSAGE, REMOTE_OFFLINE_MESSAGE, RemoteRoute } from '../RemoteRoute';
import { loadRemoteRoute, RemoteUnavailableError, resetRemote } from '../../model/remotes';

jest.mock('../../model/remotes', () => ({
  ...jest.requireActual('../../model/remotes'),
  loadRemoteRoute: jest.fn(),
  resetRemote: jest.fn(),
}));

const screens: Record<string, RemoteRouteModule> = {
  'cards/./Overview': { default: () => <h1>Panoramica</h1>, remoteMeta: { name: 'cards', version: '1.0.0' } },
  'admin/./Documentation': { default: () => <h1>Documentazione</h1>, remoteMeta: { name: 'admin', version: '1.0.0' } },
  'campaigns/./Campaigns': { default: () => <h1>Campagne</h1>, remoteMeta: { name: 'campaigns', version: '1.0.0' } },
};
const load = jest.mocked(loadRemoteRoute);

beforeEach(() => {
  load.mockReset();
  load.mockImplementation(async (remote: RemoteName, module: string) => screens[`${remote}/${module}`]);
});

function renderRoutes() {
  return renderWithProviders(
    <>
      <nav>
        <Link to="/dashboard">Panoramica</Link>
        <Link to="/dashboard/documentation">Documentazione</Link>
        <Link to="/dashboard/campaigns">Campagne</Link>
      </nav>
      <Routes>
        <Route path="/dashboard" element={<RemoteRoute remote="cards" module="./Overview" />} />
        <Route path="/dashboard/documentation" element={<RemoteRoute remote="admin" module="./Documentation" />} />
        <Route path="/dashboard/campaigns" element={<RemoteRoute remote="campaigns" module="./Campaigns" />} />
      </Routes>
    </>,
    { route: '/dashboard' },
  );
}

it('shows the screen of the current path when moving between screens already loaded', async () => {
  const { user } = renderRoutes();
  expect(await screen.findByRole('heading', { name: 'Panoramica' })).toBeInTheDocument();

  await user.click(screen.getByRole('link', { name: 'Documentazione' }));
  expect(await screen.findByRole('heading', { name: 'Documentazione' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Panoramica' })).toBeNull();

  // Both modules are now cached: the switch back and forth must not keep the previous screen.
  await user.click(screen.getByRole('link', { name: 'Panoramica' }));
  expect(screen.getByRole('heading', { name: 'Panoramica' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Documentazione' })).toBeNull();
  await user.click(screen.getByRole('link', { name: 'Documentazione' }));
  expect(screen.getByRole('heading', { name: 'Documentazione' })).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});

it('never shows the previous screen while the next one loads', async () => {
  // (The module cache outlives a test: Campagne has not been loaded before.)
  let release: (mod: RemoteRouteModule) => void = () => undefined;
  const { user } = renderRoutes();
  expect(await screen.findByRole('heading', { name: 'Panoramica' })).toBeInTheDocument();

  load.mockImplementationOnce(() => new Promise((resolve) => (release = resolve)));
  await user.click(screen.getByRole('link', { name: 'Campagne' }));
  expect(screen.getByText('Caricamento della sezione…')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Panoramica' })).toBeNull();
  await act(async () => release(screens['campaigns/./Campaigns']));
  expect(screen.getByRole('heading', { name: 'Campagne' })).toBeInTheDocument();
});

describe('a remote that fails', () => {
  const unavailable = () => new RemoteUnavailableError('messaging', new Error('manifest 503'));
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.mocked(resetRemote).mockClear();
  });
  afterEach(() => consoleError.mockRestore());

  function renderArea(module: string) {
    return renderWithProviders(
      <>
        <Link to="/altrove">Altrove</Link>
        <Link to="/area">Area</Link>
        <Routes>
          <Route path="/area" element={<RemoteRoute remote="messaging" module={module} />} />
          <Route path="/altrove" element={<p>Altra pagina</p>} />
        </Routes>
      </>,
      { route: '/area' },
    );
  }

  it('shows the Italian message in its own area, busy while loading, and Riprova resets the remote and loads again', async () => {
    let fail: (error: unknown) => void = () => undefined;
    load.mockImplementationOnce(() => new Promise((_, reject) => (fail = reject)));
    const { container, user } = renderArea('./EasySms');
    const area = () => container.querySelector('[data-remote="messaging"]')!;
    expect(screen.getByText('Caricamento della sezione…')).toBeInTheDocument();
    expect(area()).toHaveAttribute('aria-busy', 'true');

    await act(async () => fail(unavailable()));
    expect(within(area() as HTMLElement).getByText(REMOTE_ERROR_MESSAGE)).toBeInTheDocument();
    expect(area()).toHaveAttribute('aria-busy', 'false');
    expect(resetRemote).not.toHaveBeenCalled();

    load.mockImplementationOnce(async () => ({ default: () => <h1>SMS Facile</h1>, remoteMeta: { name: 'messaging', version: '1.0.0' } }));
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(resetRemote).toHaveBeenCalledWith('messaging');
    expect(await screen.findByRole('heading', { name: 'SMS Facile' })).toBeInTheDocument();
    expect(screen.queryByText(REMOTE_ERROR_MESSAGE)).toBeNull();
    expect(area()).toHaveAttribute('aria-busy', 'false');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('while the API cannot be reached, does not claim the rest works, and opens by itself when the connection is back', async () => {
    markConnectionLost();
    try {
      load.mockRejectedValueOnce(unavailable());
      renderArea('./Automations');
      expect(await screen.findByText(REMOTE_OFFLINE_MESSAGE)).toBeInTheDocument();
      expect(screen.queryByText(REMOTE_ERROR_MESSAGE)).toBeNull();

      load.mockImplementationOnce(async () => ({ default: () => <h1>Automazioni</h1>, remoteMeta: { name: 'messaging', version: '1.0.0' } }));
      act(() => markConnectionOk());
      expect(await screen.findByRole('heading', { name: 'Automazioni' })).toBeInTheDocument();
      expect(resetRemote).toHaveBeenCalledWith('messaging');
    } finally {
      markConnectionOk();
    }
  });

  it('asks again on the next visit after a failed load', async () => {
    load.mockRejectedValueOnce(unavailable());
    const { user } = renderArea('./TwilioSettings');
    expect(await screen.findByText(REMOTE_ERROR_MESSAGE)).toBeInTheDocument();

    load.mockImplementationOnce(async () => ({ default: () => <h1>Impostazioni Twilio</h1>, remoteMeta: { name: 'messaging', version: '1.0.0' } }));
    await user.click(screen.getByRole('link', { name: 'Altrove' }));
    await user.click(screen.getByRole('link', { name: 'Area' }));
    expect(await screen.findByRole('heading', { name: 'Impostazioni Twilio' })).toBeInTheDocument();
  });

  it('says a remote built for another platform version cannot be opened, without Riprova', async () => {
    const incompatible = unavailable();
    Object.defineProperty(incompatible, 'incompatible', { value: true });
    load.mockRejectedValueOnce(incompatible);
    renderArea('./Outbox');
    expect(await screen.findByText(REMOTE_INCOMPATIBLE_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Riprova' })).toBeNull();
  });

  it('contains a render error of the remote to its area; Riprova loads the module again', async () => {
    let broken = true;
    function Fragile() {
      if (broken) throw new Error('boom');
      return <h1>Di nuovo in piedi</h1>;
    }
    load.mockImplementation(async () => ({ default: Fragile, remoteMeta: { name: 'admin', version: '1.0.0' } }));
    const { container, user } = renderWithProviders(
      <>
        <p>Resto della dashboard</p>
        <RemoteRoute remote="admin" module="./Users" />
      </>,
    );
    expect((await screen.findByText(REMOTE_ERROR_MESSAGE)).closest('section')).toBe(container.querySelector('[data-remote="admin"]'));
    expect(screen.getByText('Resto della dashboard')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();

    broken = false;
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByRole('heading', { name: 'Di nuovo in piedi' })).toBeInTheDocument();
    expect(resetRemote).toHaveBeenCalledWith('admin');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

it('shows a screen already loaded at once on a revisit, never the spinner', async () => {
  const { user } = renderRoutes();
  expect(await screen.findByRole('heading', { name: 'Panoramica' })).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Documentazione' }));
  expect(await screen.findByRole('heading', { name: 'Documentazione' })).toBeInTheDocument();
  // Synchronously after the click's render: no spinner frame in between.
  await user.click(screen.getByRole('link', { name: 'Panoramica' }));
  expect(screen.queryByText('Caricamento della sezione…')).toBeNull();
  expect(screen.getByRole('heading', { name: 'Panoramica' }).closest('section')).toHaveAttribute('aria-busy', 'false');
});

it('renders a module loaded before its first render at once, without suspending (no spinner, no reveal delay)', async () => {
  load.mockImplementationOnce(async () => ({ default: () => <h1>Campagna inviata</h1>, remoteMeta: { name: 'campaigns', version: '1.0.0' } }));
  prepareRemoteRoute('campaigns', './CampaignSuccess');
  await act(async () => undefined); // the load settles, as during the session check
  renderWithProviders(<RemoteRoute remote="campaigns" module="./CampaignSuccess" />);
  expect(screen.getByRole('heading', { name: 'Campagna inviata' })).toBeInTheDocument();
  expect(screen.queryByText('Caricamento della sezione…')).toBeNull();
  expect(load).toHaveBeenCalledTimes(1);
});
