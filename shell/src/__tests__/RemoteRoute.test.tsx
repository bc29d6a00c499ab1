/**
 * RemoteRoute keeps each route's module apart: the router reuses one RemoteRoute instance when the path
 * changes, so moving between two screens already loaded must still show the screen of the new path.
 * The federation loader is replaced here by plain modules; the real loading is proven by the e2e journeys.
 */
import { act, screen } from '@testing-library/react';
import type { RemoteName, RemoteRouteModule } from '@loyalty/shared';
import { renderWithProviders } from '@loyalty/shared/testing';
import { Link, Route, Routes } from '@loyalty/shared';
import { RemoteRoute } from '../federation/RemoteRoute';
import { loadRemoteRoute } from '../federation/remotes';

jest.mock('../federation/remotes', () => ({
  ...jest.requireActual('../federation/remotes'),
  loadRemoteRoute: jest.fn(),
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
