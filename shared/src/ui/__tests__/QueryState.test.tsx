/** The one way a list shows its query (docs/decisions/032), driven by a real RTK Query endpoint over HTTP. */
import { Profiler } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { api } from '../../api/apiSlice';
import { errorMessage } from '../../notifications/errorMessage';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { startTestApiServer, type TestApiServer } from '../../testing/testApiServer';
import { Button } from '../Button';
import { QueryState } from '../QueryState';
import { QuerySection } from '../QuerySection';

interface Shop {
  id: string;
  name: string;
}

const shopsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getQueryStateShops: build.query<Shop[], void>({ query: () => '/query-state/shops' }),
  }),
});

function ShopList({ shops }: { shops: Shop[] }) {
  return (
    <ul aria-label="Negozi">
      {shops.map((shop) => (
        <li key={shop.id}>{shop.name}</li>
      ))}
    </ul>
  );
}

function Shops() {
  const query = shopsApi.useGetQueryStateShopsQuery();
  return (
    <>
      <button type="button" onClick={() => void query.refetch()}>
        Aggiorna elenco
      </button>
      <QueryState
        query={query}
        loadingLabel="Caricamento dei negozi…"
        errorMessage={(error) => errorMessage(error, 'Impossibile caricare i negozi')}
        empty={{ message: 'Nessun negozio', description: 'Crea il primo negozio.', action: <Button>Crea negozio</Button> }}
      >
        {(shops) => <ShopList shops={shops} />}
      </QueryState>
    </>
  );
}

/** A reply the test lets go when it wants, to look at the screen while the request is in flight. */
function held(reply: { status?: number; body?: unknown }) {
  let release = () => {};
  const holdUntil = new Promise<void>((resolve) => (release = resolve));
  return { reply: { ...reply, holdUntil }, release };
}

const ROUTE = 'GET /query-state/shops';
const SHOPS: Shop[] = [
  { id: 's1', name: 'Bar Centrale' },
  { id: 's2', name: 'Profumeria Bella' },
];

let server: TestApiServer;
let serverErrors: jest.SpyInstance;
beforeEach(async () => {
  server = await startTestApiServer();
  // The base query logs every failed answer; these tests cause them on purpose.
  serverErrors = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(async () => {
  serverErrors.mockRestore();
  await server.close();
});

const shopRequests = () => server.requests.filter((request) => request.path === '/query-state/shops').length;

it('shows only the spinner with its label during the first load, then only the data', async () => {
  const first = held({ body: SHOPS });
  server.use({ [ROUTE]: first.reply });
  renderWithProviders(<Shops />, { withNotifications: false });

  expect(await screen.findByRole('status')).toHaveTextContent('Caricamento dei negozi…');
  expect(screen.queryByRole('list', { name: 'Negozi' })).toBeNull();
  expect(screen.queryByRole('alert')).toBeNull();

  first.release();
  const list = await screen.findByRole('list', { name: 'Negozi' });
  expect(list).toHaveTextContent('Bar Centrale');
  expect(list).toHaveTextContent('Profumeria Bella');
  expect(screen.queryByRole('status')).toBeNull();
  expect(list.parentElement).not.toHaveAttribute('aria-busy');
});

it('shows only the error with Riprova, and Riprova loads again', async () => {
  server.use({ [ROUTE]: { status: 500, body: { error: 'Il server non risponde' } } });
  const { user } = renderWithProviders(<Shops />, { withNotifications: false });

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Il server non risponde');
  expect(screen.queryByRole('status')).toBeNull();
  expect(screen.queryByRole('list', { name: 'Negozi' })).toBeNull();
  const before = shopRequests();

  const retry = held({ body: SHOPS });
  server.use({ [ROUTE]: retry.reply });
  await user.click(screen.getByRole('button', { name: 'Riprova' }));
  // The retry is a first load again: the spinner, not the old error.
  expect(await screen.findByRole('status')).toHaveTextContent('Caricamento dei negozi…');
  expect(screen.queryByRole('alert')).toBeNull();
  expect(shopRequests()).toBe(before + 1);

  retry.release();
  expect(await screen.findByRole('list', { name: 'Negozi' })).toHaveTextContent('Bar Centrale');
});

it('shows only the empty state with its call to action for an empty answer', async () => {
  server.use({ [ROUTE]: { body: [] } });
  renderWithProviders(<Shops />, { withNotifications: false });

  expect(await screen.findByText('Nessun negozio')).toBeInTheDocument();
  expect(screen.getByText('Crea il primo negozio.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Crea negozio' })).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Negozi' })).toBeNull();
  expect(screen.queryByRole('status')).toBeNull();
  expect(screen.queryByRole('alert')).toBeNull();
});

it('keeps the data on screen, marked busy, while it refreshes; a failed refresh keeps it too', async () => {
  server.use({ [ROUTE]: { body: SHOPS } });
  const { user } = renderWithProviders(<Shops />, { withNotifications: false });
  const list = await screen.findByRole('list', { name: 'Negozi' });

  const refresh = held({ body: [...SHOPS, { id: 's3', name: 'Farmacia Rossi' }] });
  server.use({ [ROUTE]: refresh.reply });
  await user.click(screen.getByRole('button', { name: 'Aggiorna elenco' }));
  await waitFor(() => expect(screen.getByRole('list', { name: 'Negozi' }).parentElement).toHaveAttribute('aria-busy', 'true'));
  expect(screen.getByRole('list', { name: 'Negozi' })).toHaveTextContent('Profumeria Bella');
  expect(screen.queryByRole('status')).toBeNull();

  refresh.release();
  await waitFor(() => expect(screen.getByRole('list', { name: 'Negozi' })).toHaveTextContent('Farmacia Rossi'));
  expect(screen.getByRole('list', { name: 'Negozi' }).parentElement).not.toHaveAttribute('aria-busy');
  expect(list).toBeInTheDocument();

  server.use({ [ROUTE]: { status: 500, body: { error: 'Il server non risponde' } } });
  await user.click(screen.getByRole('button', { name: 'Aggiorna elenco' }));
  await waitFor(() => expect(serverErrors).toHaveBeenCalledWith(expect.stringContaining('Errore dal server (500)'), expect.anything()));
  await waitFor(() => expect(screen.getByRole('list', { name: 'Negozi' }).parentElement).not.toHaveAttribute('aria-busy'));
  expect(screen.getByRole('list', { name: 'Negozi' })).toHaveTextContent('Farmacia Rossi');
  expect(screen.queryByRole('alert')).toBeNull();
});

it('draws an answer in a commit after the one its store update makes, the spinner kept meanwhile (the list in a transition)', async () => {
  const first = held({ body: SHOPS });
  server.use({ [ROUTE]: first.reply });
  // Each commit: whether the answer was in the store when it was drawn, and what it left on screen. A store update
  // is drawn at once, in one task: the list must not be drawn in it but in a later, interruptible render.
  const answered = { current: false };
  function Watched() {
    answered.current = shopsApi.endpoints.getQueryStateShops.useQueryState().data !== undefined;
    return <Shops />;
  }
  const commits: string[] = [];
  const record = () => {
    const shown = screen.queryByRole('list', { name: 'Negozi' }) ? 'list' : screen.queryByRole('status') ? 'spinner' : 'other';
    commits.push(`${answered.current ? 'answered' : 'waiting'}:${shown}`);
  };
  renderWithProviders(
    <Profiler id="shops" onRender={record}>
      <Watched />
    </Profiler>,
    { withNotifications: false },
  );
  expect(await screen.findByRole('status')).toHaveTextContent('Caricamento dei negozi…');

  first.release();
  expect(await screen.findByRole('list', { name: 'Negozi' })).toHaveTextContent('Profumeria Bella');
  const answeredAt = commits.findIndex((commit) => commit.startsWith('answered'));
  expect(commits[answeredAt]).toBe('answered:spinner');
  expect(commits.indexOf('answered:list')).toBeGreaterThan(answeredAt);
});

describe('QuerySection', () => {
  function ShopsSection({ frame }: { frame?: 'card' | 'plain' }) {
    const query = shopsApi.useGetQueryStateShopsQuery();
    return (
      <QuerySection
        frame={frame}
        title="Negozi aperti"
        titleId="shops-title"
        intro={<p>I negozi della piattaforma.</p>}
        query={query}
        loadingLabel="Caricamento dei negozi…"
        errorMessage="Impossibile caricare i negozi"
        empty={{ message: 'Nessun negozio', description: 'Crea il primo negozio.' }}
      >
        {(shops) => <ShopList shops={shops} />}
      </QuerySection>
    );
  }

  it.each(['card', 'plain'] as const)('is a region named by its heading, over the states of its query (%s)', async (frame) => {
    const first = held({ body: SHOPS });
    server.use({ [ROUTE]: first.reply });
    renderWithProviders(<ShopsSection frame={frame} />, { withNotifications: false });

    const region = screen.getByRole('region', { name: 'Negozi aperti' });
    expect(screen.getByRole('heading', { level: 2, name: 'Negozi aperti' })).toHaveAttribute('id', 'shops-title');
    expect(region).toHaveTextContent('I negozi della piattaforma.');
    expect(await screen.findByRole('status')).toHaveTextContent('Caricamento dei negozi…');

    first.release();
    expect(await screen.findByRole('list', { name: 'Negozi' })).toHaveTextContent('Profumeria Bella');
    expect(region).toContainElement(screen.getByRole('list', { name: 'Negozi' }));
  });

  it('shows the error with Riprova and the empty state inside the section', async () => {
    server.use({ [ROUTE]: { status: 500, body: { error: 'Il server non risponde' } } });
    const { user } = renderWithProviders(<ShopsSection />, { withNotifications: false });
    const region = screen.getByRole('region', { name: 'Negozi aperti' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossibile caricare i negozi');

    server.use({ [ROUTE]: { body: [] } });
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByText('Nessun negozio')).toBeInTheDocument();
    expect(region).toHaveTextContent('Crea il primo negozio.');
    expect(screen.queryByRole('list', { name: 'Negozi' })).toBeNull();
  });
});
