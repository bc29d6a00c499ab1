/** The overview against the real API: tiles from the stats call, paged cards, lazy charts. */
import { Profiler } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import { businessSelected, type Business, type CardPage } from '@loyalty/shared';
import { cardsApi, type CardStats } from '../../api';
import { startTestApiServer } from '@loyalty/shared/testing';
import {
  BAR_CENTRALE,
  DEMO_SUPERADMIN,
  apiCall,
  cardCount,
  createBusiness,
  createCard,
  logIn,
  recordSale,
  renderWithSession,
  type TestCard,
  unique,
  signedInAsDemoAdmin,
} from '../../../../../test/helpers';
import { OverviewScreen } from '../OverviewScreen';

const session = signedInAsDemoAdmin();
let shop: Business;
let cards: TestCard[];
let emptyShop: Business;
let bigShop: Business;

beforeAll(async () => {
  shop = await createBusiness(session.token);
  emptyShop = await createBusiness(session.token);
  bigShop = await createBusiness(session.token);
  cards = [
    await createCard(session.token, shop.id, 'Giulia Verdi', 0),
    await createCard(session.token, shop.id, 'Paolo Neri', 30),
    await createCard(session.token, shop.id, 'Anna Russo', 120.5),
  ];
  await createCard(session.token, bigShop.id, 'Carla Grandi', 4000);
  await createCard(session.token, bigShop.id, 'Dario Piccoli', 17.5);
});

const tile = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

it('shows the tiles of the current business from the stats call', async () => {
  session.render(<OverviewScreen />, shop.id);
  expect(await screen.findByText(`Carte fedeltà di ${shop.name}`)).toBeInTheDocument();
  await waitFor(() => expect(tile('Carte totali')).toBe('3'));
  // The sum of the balances is one tile, «Punti in circolazione», not two.
  expect(screen.queryByText('Punti totali')).not.toBeInTheDocument();
  expect(tile('Carte attive')).toBe('2');
  expect(tile('Media per carta')).toBe('50,17');
});

it('draws the figures in a render after the one the answers make, the spinner kept meanwhile (in a transition)', async () => {
  // Each commit: whether both answers were in the store when it was drawn, and whether the tiles were there. The
  // answers come through the store, drawn at once in one task: tiles, report and list must come in a later render.
  const answered = { current: false };
  function Watched() {
    const stats = cardsApi.endpoints.getCardStats.useQueryState(shop.id);
    const report = cardsApi.endpoints.getSalesReport.useQueryState(shop.id);
    answered.current = stats.data !== undefined && report.data !== undefined;
    return <OverviewScreen />;
  }
  const commits: string[] = [];
  const record = () => commits.push(`${answered.current ? 'answered' : 'waiting'}:${screen.queryByText('Carte totali', { selector: 'dt' }) ? 'tiles' : 'spinner'}`);
  session.render(
    <Profiler id="overview" onRender={record}>
      <Watched />
    </Profiler>,
    shop.id,
  );
  await waitFor(() => expect(tile('Carte totali')).toBe('3'));
  const answeredAt = commits.findIndex((commit) => commit.startsWith('answered'));
  expect(commits[answeredAt]).toBe('answered:spinner');
  expect(commits.indexOf('answered:tiles')).toBeGreaterThan(answeredAt);
});

it('shows the points in circulation and those expiring in the next 30 days', async () => {
  session.render(<OverviewScreen />, shop.id);
  await waitFor(() => expect(tile('Punti in circolazione')).toBe('150,5'));
  expect(tile('In scadenza nei prossimi 30 giorni')).toBe('0');
});

it("shows a card's points expiring within 30 days, and a stamp shop's figures in timbri", async () => {
  // The real API's answers for a stamp shop, with one card's expiry as the server reports it on a later day.
  const stamps = await createBusiness(session.token);
  await apiCall('PUT', `/rewards/business/${stamps.id}/program`, session.token, { loyalty_mode: 'stamps', expiry_months: 12 });
  await createCard(session.token, stamps.id, 'Ezio Scade', 8);
  const businesses = await apiCall<Business[]>('GET', '/business', session.token);
  const page = await apiCall<CardPage>('GET', `/loyalty-cards/business/${stamps.id}?offset=0&limit=50`, session.token);
  const stats = await apiCall<CardStats>('GET', `/loyalty-cards/business/${stamps.id}/stats`, session.token);
  const later = await startTestApiServer({
    'GET /business': { body: businesses },
    [`GET /loyalty-cards/business/${stamps.id}`]: { body: { ...page, items: page.items.map((card) => ({ ...card, expiring_points: 3, expiring_on: '2026-12-31' })) } },
    [`GET /loyalty-cards/business/${stamps.id}/stats`]: { body: { ...stats, expiring_points_30d: 3 } },
  });
  try {
    session.render(<OverviewScreen />, stamps.id);
    await waitFor(() => expect(tile('Timbri in circolazione')).toBe('8'));
    expect(tile('In scadenza nei prossimi 30 giorni')).toBe('3');
    const ezio = await screen.findByRole('article', { name: 'Ezio Scade' });
    expect(within(ezio).getByText('8 timbri')).toBeInTheDocument();
    expect(within(ezio).getByText('3 timbri in scadenza il 31/12/2026')).toBeInTheDocument();
  } finally {
    await later.close();
  }
});

it('writes every number the Italian way: thousands grouped, decimal comma, two decimals for the average', async () => {
  session.render(<OverviewScreen />, bigShop.id);
  await waitFor(() => expect(tile('Punti in circolazione')).toBe('4.017,5'));
  expect(tile('Media per carta')).toBe('2.008,75');
  expect(within(await screen.findByRole('article', { name: 'Carla Grandi' })).getByText('4.000 punti')).toBeInTheDocument();
});

it('lists the card tiles with name, points, number, phone and Italian dates, and searches them', async () => {
  const { user: person } = session.render(<OverviewScreen />, shop.id);
  const anna = await screen.findByRole('article', { name: 'Anna Russo' });
  expect(within(anna).getByText('120,5 punti')).toBeInTheDocument();
  expect(within(anna).getByText(/^N\. LC-/)).toBeInTheDocument();
  // Stored as '+39 333 1234567', shown in the Italian national format.
  const subscriber = cards[2].phone.slice(-7);
  expect(within(anna).getByText(`Tel. 333 ${subscriber.slice(0, 3)} ${subscriber.slice(3)}`)).toBeInTheDocument();
  expect(within(anna).getByText(/^Creata il \d{2}\/\d{2}\/\d{4}$/)).toBeInTheDocument();
  // The stats may still be loading (their spinner is a status too): the count line is the one with '3 carte'.
  expect(screen.getByText('3 carte')).toHaveAttribute('role', 'status');

  await person.type(screen.getByLabelText('Cerca per nome, e-mail, numero carta o telefono'), 'paolo');
  expect(await screen.findByText('1 carta')).toBeInTheDocument();
  expect(screen.getByRole('article', { name: 'Paolo Neri' })).toBeInTheDocument();
  expect(screen.queryByRole('article', { name: 'Anna Russo' })).not.toBeInTheDocument();

  await person.clear(screen.getByLabelText('Cerca per nome, e-mail, numero carta o telefono'));
  await person.type(screen.getByLabelText('Cerca per nome, e-mail, numero carta o telefono'), 'nessuno-così');
  expect(await screen.findByText('Nessuna carta trovata')).toBeInTheDocument();
  expect(screen.getByText('Nessuna carta corrisponde alla ricerca: prova con un altro nome o numero di carta.')).toBeInTheDocument();
});

it("shows '0' as the average and 'Nessuna carta trovata' for a business without cards", async () => {
  session.render(<OverviewScreen />, emptyShop.id);
  await waitFor(() => expect(tile('Carte totali')).toBe('0'));
  expect(tile('Media per carta')).toBe('0');
  expect(await screen.findByText('Nessuna carta trovata')).toBeInTheDocument();
  // Beside the product's own 'Nessuna carta trovata', what would fill the list.
  expect(screen.getByText('Nessuna carta: condividi il link di iscrizione o crea un cliente in Gestione Utenti.')).toBeInTheDocument();
});

it('shows a new admin without any business where to create the first', async () => {
  const { token: superToken } = await logIn(DEMO_SUPERADMIN);
  const account = { email: `${unique('nuovo').replace(/\W+/g, '.')}@example.it`, password: 'Password2026!' };
  await apiCall('POST', '/users', superToken, { ...account, full_name: 'Nuovo Admin', role: 'admin' });
  const newcomer = await logIn(account);
  renderWithSession(<OverviewScreen />, { token: newcomer.token, user: newcomer.user, businessId: null });
  const create = await screen.findByRole('link', { name: 'Crea la tua prima attività' });
  expect(create).toHaveAttribute('href', '/dashboard/settings?tab=aziende');
  expect(screen.getByText('Nessuna attività selezionata')).toBeInTheDocument();
});

it('opens the charts tab with the three charts, loaded on demand, the points ranges in order', async () => {
  const { user: person } = session.render(<OverviewScreen />, shop.id);
  await person.click(await screen.findByRole('tab', { name: 'Grafici' }));
  // The first import of recharts in a test process takes a while.
  expect(await screen.findByRole('figure', { name: 'Distribuzione dei punti' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByRole('figure', { name: 'Nuove carte e premi riscattati per mese' })).toBeInTheDocument();
  expect(screen.getByRole('figure', { name: 'Punti per mese' })).toBeInTheDocument();
  // The legend lists the ranges in their own order, not sorted as text (which puts «101+» before «51-100»).
  const legend = screen.getByRole('figure', { name: 'Distribuzione dei punti' }).querySelectorAll('.recharts-legend-item-text');
  expect([...legend].map((item) => item.textContent)).toEqual(['0', '1-50', '51-100', '101+']);
  // The months' bars count the rewards redeemed beside the new cards.
  expect(within(screen.getByRole('figure', { name: 'Nuove carte e premi riscattati per mese' })).getByText('Premi riscattati')).toBeInTheDocument();
});

describe('the sales report (decision 079)', () => {
  const report = () => screen.getByRole('region', { name: 'Vendite e visite' });
  const figure = (term: string) => within(report()).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

  let sales: Business;
  beforeAll(async () => {
    sales = await createBusiness(session.token);
    await apiCall('PUT', `/rewards/business/${sales.id}/program`, session.token, { earning_rule: 'per_euro', earn_points: 1, earn_every_cents: 100 });
    const [anna, bruno] = [await createCard(session.token, sales.id, 'Anna Vendite'), await createCard(session.token, sales.id, 'Bruno Vendite')];
    await recordSale(session.token, anna.id, '23.50');
    await recordSale(session.token, bruno.id, '1234.50');
  });

  it('shows the spend, the visits and the months of a shop that records sales, in euros the Italian way', async () => {
    session.render(<OverviewScreen />, sales.id);
    await waitFor(() => expect(figure('Spesa registrata questo mese')).toBe('1.258,00 €'));
    expect(figure('Visite questo mese')).toBe('2');
    expect(figure('Spesa media per visita, ultimi 12 mesi')).toBe('629,00 €');
    expect(figure('Visite per cliente, ultimi 12 mesi')).toBe('1');
    // Nobody had 30 days to come back yet.
    expect(figure('Clienti tornati entro 30 giorni')).toBe('—');
    expect(figure('Premi riscattati questo mese')).toBe('0');
    // The months as a table: the current month last, with its spend.
    const table = within(report()).getByRole('table', { name: 'Spesa, visite e premi riscattati per mese' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(within(rows[12]).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1.258,00 €', '2', '0']);
    expect(within(rows[0]).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Mese', 'Spesa', 'Visite', 'Premi riscattati']);
  });

  it('draws the spend per month on the Analytics tab, with the same months as a table for screen readers', async () => {
    const { user: person } = session.render(<OverviewScreen />, sales.id);
    await waitFor(() => expect(figure('Spesa registrata questo mese')).toBe('1.258,00 €'));
    await person.click(screen.getByRole('tab', { name: 'Grafici' }));
    const spend = await screen.findByRole('figure', { name: 'Spesa per mese' }, { timeout: 10_000 });
    const rows = within(within(spend).getByRole('table', { name: 'Spesa, visite e premi riscattati per mese' })).getAllByRole('row');
    expect(within(rows[12]).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1.258,00 €', '2', '0']);
  });

  it('tells a shop without sales where to record the first one', async () => {
    session.render(<OverviewScreen />, shop.id);
    await screen.findByRole('region', { name: 'Vendite e visite' });
    expect(await within(report()).findByText('Nessuna vendita registrata negli ultimi 12 mesi')).toBeInTheDocument();
    expect(within(report()).getByText(/^Registra la prima vendita dalla pagina di una carta/)).toBeInTheDocument();
  });

  it('says so when the report cannot be loaded, with Riprova', async () => {
    const failing = await startTestApiServer({
      'GET /business': { body: [shop] },
      [`GET /loyalty-cards/business/${shop.id}/sales-report`]: { status: 500, body: {} },
    });
    try {
      session.render(<OverviewScreen />, shop.id);
      await screen.findByRole('region', { name: 'Vendite e visite' });
      expect(await within(report()).findByText('Impossibile caricare il resoconto delle vendite')).toBeInTheDocument();
      expect(within(report()).getByRole('button', { name: 'Riprova' })).toBeInTheDocument();
    } finally {
      await failing.close();
    }
  });
});

it('follows the business switcher without a reload', async () => {
  const { store } = session.render(<OverviewScreen />, shop.id);
  await waitFor(() => expect(tile('Carte totali')).toBe('3'));
  const total = await cardCount(session.token, BAR_CENTRALE);
  act(() => void store.dispatch(businessSelected(BAR_CENTRALE)));
  expect(await screen.findByText('Carte fedeltà di Bar Centrale')).toBeInTheDocument();
  await waitFor(() => expect(tile('Carte totali')).toBe(String(total)));
  expect(screen.queryByRole('article', { name: 'Anna Russo' })).not.toBeInTheDocument();
});

it("shows 'Errore durante il caricamento delle carte fedeltà' when the cards cannot be loaded", async () => {
  // A server that knows the business but fails every card call (the real API does not fail on demand).
  const failing = await startTestApiServer({
    'GET /business': { body: [shop] },
    [`GET /loyalty-cards/business/${shop.id}`]: { status: 500, body: {} },
    [`GET /loyalty-cards/business/${shop.id}/stats`]: { status: 500, body: {} },
  });
  try {
    session.render(<OverviewScreen />, shop.id);
    await waitFor(() => expect(screen.getAllByText('Errore durante il caricamento delle carte fedeltà')).toHaveLength(2));
    // Riprova for the tiles, the cards and the sales report (this server does not know it either).
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Riprova' }).length).toBe(3));
  } finally {
    await failing.close();
  }
});
