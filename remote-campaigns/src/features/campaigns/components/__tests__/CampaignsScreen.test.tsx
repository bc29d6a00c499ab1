/** The campaigns screen against the real API and its demo seed. */
import { screen, waitFor, within } from '@testing-library/react';
import {
  ADMIN_USER,
  DEMO_ADMIN,
  DEMO_SUPERADMIN,
  callApi,
  configureTestRuntime,
  createAdminWithBusiness,
  currentLocation,
  logIn,
  renderSignedIn,
  renderWithProviders,
  signUpCard,
  startTestApiServer,
  unique,
  unreachableApiBaseUrl,
} from '@loyalty/shared/testing';
import { businessSelected, type Business } from '@loyalty/shared';
import { act, fireEvent } from '@testing-library/react';
import { CampaignsScreen } from '../CampaignsScreen';
import type { Campaign, CampaignDeliveries } from '../../api';

const PATH = '/dashboard/campaigns';

jest.setTimeout(30_000);

beforeEach(() => {
  localStorage.clear();
  configureTestRuntime();
});

const BAR: Business = {
  id: 'default-business-id', name: 'Bar Centrale', address: null, phone: null, email: null, website: null,
  whatsapp_enabled: 1, sms_enabled: 1, email_enabled: 0,
};
const SAMPLE: Campaign = {
  id: 'c1', business_id: BAR.id, name: 'Prova', description: '', status: 'draft', targets: [],
  recipients: '[{"customer_phone":"+393331234567","email":null}]', channels: ['whatsapp'], created_at: '2026-01-01',
};

/** The reach table's figures in one channel's column, from the first outcome («Raggiungibili con consenso») down. */
function reachColumn(table: HTMLElement, channel: string): string[] {
  const index = within(table).getAllByRole('columnheader').findIndex((th) => th.textContent === channel);
  return within(table).getAllByRole('row').slice(1).map((row) => row.children[index]?.textContent ?? '');
}

const campaignList = () => screen.findByRole('list', { name: 'Campagne' });
const itemOf = async (name: string) => (await within(await campaignList()).findByRole('button', { name })).closest('li')!;

describe('list', () => {
  it('shows a spinner, then the campaigns with status label, recipient count and channels', async () => {
    await renderSignedIn(<CampaignsScreen />, PATH, DEMO_ADMIN);
    expect(screen.getByRole('heading', { level: 1, name: 'Campagne' })).toBeInTheDocument();
    expect(screen.getByText(/Crea e invia campagne WhatsApp, SMS ed Email/)).toBeInTheDocument();
    expect(screen.getByText('Caricamento delle campagne…')).toBeInTheDocument();
    const item = await itemOf('Aperitivo del venerdì');
    expect(within(item).getByText('Completata')).toBeInTheDocument();
    expect(within(item).getByText('8 destinatari')).toBeInTheDocument();
    expect(within(item).getByText(/Spritz e stuzzichini/)).toBeInTheDocument();
    expect(within(item).getByText('· WhatsApp')).toBeInTheDocument();
    expect(await within(item).findByText('Nessun messaggio inviato: apri la campagna per inviarne uno.')).toBeInTheDocument();
    expect(within(await itemOf('Colazione di primavera')).getByText('Bozza')).toBeInTheDocument();
  });

  it('lays out each progress from the list while its live figures load, then shows them in the same place', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    const live = (campaignId: string, figures: Partial<CampaignDeliveries>): CampaignDeliveries => ({
      campaignId, total: 0, queued: 0, sent: 0, delivered: 0, failed: 0, skipped: 0, awaitingReceipts: 0, failureReasons: [], ...figures,
    });
    const server = await startTestApiServer({
      'GET /business': { body: [BAR] },
      'GET /campaigns/business/default-business-id': {
        body: [
          { ...SAMPLE, recipients: '[]', recipient_count: 4, delivery: { pending: 1, sent: 2, failed: 1 } },
          // As the API says a campaign nothing was sent for.
          { ...SAMPLE, id: 'c2', name: 'Mai inviata', recipients: '[]', recipient_count: 1, delivery: null },
        ],
      },
      'GET /messaging/status': { body: { businessId: BAR.id, driver: 'outbox', mode: 'live' } },
      'GET /campaigns/c1/deliveries': () => ({ body: live('c1', { total: 4, queued: 1, sent: 2, delivered: 2, failed: 1 }), holdUntil: held }),
      'GET /campaigns/c2/deliveries': () => ({ body: live('c2', {}), holdUntil: held }),
    });
    try {
      renderWithProviders(<CampaignsScreen />, { route: PATH, preloadedState: { session: { user: ADMIN_USER, loading: false, checked: true } } });
      const sent = await itemOf('Prova');
      const never = await itemOf('Mai inviata');
      // Before the live figures: the list's, busy and silent, the ones it lacks as «…».
      const waiting = within(sent).getByRole('group', { name: 'Avanzamento degli invii di Prova' });
      expect(waiting).toHaveAttribute('aria-busy', 'true');
      expect(waiting.querySelector('[aria-live]')).toBeNull();
      expect(waiting).toHaveTextContent('Inviati 2 di … · Consegnati … · In coda 1 · Non riusciti 1 · Saltati (disiscritti, senza consenso o senza contatto valido) …');
      expect(within(never).getByText('Nessun messaggio inviato: apri la campagna per inviarne uno.')).toBeInTheDocument();
      release();
      await waitFor(() => expect(within(sent).getByRole('group', { name: 'Avanzamento degli invii di Prova' })).not.toHaveAttribute('aria-busy'));
      expect(within(sent).getByRole('group', { name: 'Avanzamento degli invii di Prova' })).toHaveTextContent(
        'Inviati 2 di 4 · Consegnati 2 · In coda 1 · Non riusciti 1 · Saltati (disiscritti, senza consenso o senza contatto valido) 0',
      );
      expect(within(never).getByText('Nessun messaggio inviato: apri la campagna per inviarne uno.')).toBeInTheDocument();
    } finally {
      release();
      await server.close();
    }
  });

  it('says in the progress when the messages the sending window holds leave, and asks for it once a minute meanwhile (decision 100)', async () => {
    // 21:00 in Rome on 15 January (only the date is fixed; timers run): the window opens again at 9:00 the next day.
    jest.useFakeTimers({
      now: new Date('2030-01-15T20:00:00Z'),
      doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
    });
    const live = (campaignId: string, figures: Partial<CampaignDeliveries>): CampaignDeliveries => ({
      campaignId, total: 0, queued: 0, sent: 0, delivered: 0, failed: 0, skipped: 0, awaitingReceipts: 0, failureReasons: [], heldUntil: null, ...figures,
    });
    const server = await startTestApiServer({
      'GET /business': { body: [BAR] },
      'GET /campaigns/business/default-business-id': {
        body: [
          { ...SAMPLE, name: 'Notturna', recipients: '[]', recipient_count: 3, delivery: { pending: 2, sent: 0, failed: 0 } },
          { ...SAMPLE, id: 'c2', name: 'In corso', recipients: '[]', recipient_count: 3, delivery: { pending: 1, sent: 2, failed: 0 } },
        ],
      },
      'GET /messaging/status': { body: { businessId: BAR.id, driver: 'twilio', mode: 'live' } },
      'GET /campaigns/c1/deliveries': { body: live('c1', { total: 3, queued: 2, skipped: 1, heldUntil: '2030-01-16T08:00:00.000Z' }) },
      // Going out now (inside another shop's window, or an API older than decision 100): no heldUntil, every second.
      'GET /campaigns/c2/deliveries': { body: live('c2', { total: 3, queued: 1, sent: 2, heldUntil: null }) },
    });
    try {
      renderWithProviders(<CampaignsScreen />, { route: PATH, preloadedState: { session: { user: ADMIN_USER, loading: false, checked: true } } });
      const held = await itemOf('Notturna');
      const progress = within(held).getByRole('group', { name: 'Avanzamento degli invii di Notturna' });
      // Said with the figures, in the polite summary, as the send dialog says it.
      await waitFor(() => expect(progress.querySelector('[aria-live]')).toHaveTextContent('Fuori dall’orario di invio: i messaggi partiranno domani alle 9:00.'));
      expect(progress).toHaveTextContent('Inviati 0 di 3 · Consegnati 0 · In coda 2');
      const going = within(await itemOf('In corso')).getByRole('group', { name: 'Avanzamento degli invii di In corso' });
      expect(within(going).queryByText(/Fuori dall’orario di invio/)).toBeNull();
      // The badge says the campaign waits, not that it is going out; the other one is going out.
      expect(within(held).getByText('In attesa dell’orario di invio')).toBeInTheDocument();
      expect(within(held).queryByText('In invio')).toBeNull();
      expect(within(await itemOf('In corso')).getByText('In invio')).toBeInTheDocument();

      const asked = (path: string) => server.requests.filter((r) => r.method === 'GET' && r.path === path).length;
      const before = asked('/campaigns/c1/deliveries');
      await new Promise((r) => setTimeout(r, 3000));
      // The held one is not asked again within the minute; the one going out still every second.
      expect(asked('/campaigns/c1/deliveries')).toBe(before);
      expect(asked('/campaigns/c2/deliveries')).toBeGreaterThanOrEqual(3);
    } finally {
      jest.useRealTimers();
      await server.close();
    }
  });

  it('searches and filters by status', async () => {
    const { user } = await renderSignedIn(<CampaignsScreen />, PATH, DEMO_ADMIN);
    await itemOf('Aperitivo del venerdì');
    await user.type(screen.getByLabelText('Cerca campagne'), 'CORNETTO');
    const list = await campaignList();
    expect(within(list).getByRole('button', { name: 'Colazione di primavera' })).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Aperitivo del venerdì' })).toBeNull();

    await user.clear(screen.getByLabelText('Cerca campagne'));
    await user.selectOptions(screen.getByLabelText('Stato'), 'Completata');
    expect(within(await campaignList()).getByRole('button', { name: 'Aperitivo del venerdì' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Colazione di primavera' })).toBeNull();

    await user.selectOptions(screen.getByLabelText('Stato'), 'Annullata');
    expect(screen.getByText('Nessuna campagna corrisponde alla ricerca')).toBeInTheDocument();
    expect(screen.getByText('Prova con altre parole o scegli «Tutti gli stati».')).toBeInTheDocument();
  });

  it('shows the empty state for a business without campaigns', async () => {
    const { account, businessId } = await createAdminWithBusiness();
    await renderSignedIn(<CampaignsScreen />, PATH, account, { preloadedState: { currentBusiness: { id: businessId } } });
    expect(await screen.findByText('Nessuna campagna trovata')).toBeInTheDocument();
    expect(screen.getByText("Nessuna campagna: creane una con 'Crea Nuova Campagna', scegliendo i destinatari tra le carte fedeltà.")).toBeInTheDocument();
  });

  it('shows a new admin without any business where to create the first', async () => {
    const { token: superToken } = await logIn(DEMO_SUPERADMIN);
    const account = { email: `${unique('nuovo')}@example.it`, password: 'Password2026!' };
    await callApi('/users', { method: 'POST', token: superToken, body: { ...account, full_name: 'Nuovo Admin', role: 'admin' } });
    await renderSignedIn(<CampaignsScreen />, PATH, account);
    const create = await screen.findByRole('link', { name: 'Crea la tua prima attività' });
    expect(create).toHaveAttribute('href', '/dashboard/settings?tab=aziende');
    expect(screen.getByRole('button', { name: 'Crea Nuova Campagna' })).toBeDisabled();
  });

  it('shows the load error with Riprova, and recovers', async () => {
    const server = await startTestApiServer({
      'GET /business': { body: [BAR] },
      'GET /campaigns/business/default-business-id': { status: 500, body: {} },
    });
    try {
      const { user } = renderWithProviders(<CampaignsScreen />, { route: PATH, preloadedState: { session: { user: ADMIN_USER, loading: false, checked: true } } });
      expect(await screen.findByRole('alert')).toHaveTextContent('Errore durante il caricamento delle campagne');
      server.use({ 'GET /campaigns/business/default-business-id': { body: [] } });
      await user.click(screen.getByRole('button', { name: 'Riprova' }));
      expect(await screen.findByText('Nessuna campagna trovata')).toBeInTheDocument();
    } finally {
      await server.close();
    }
  });
});

describe('create', () => {
  /** A business of its own with three customers (other suites add cards to the demo business meanwhile). */
  async function businessWithCustomers() {
    const { account, token, businessId } = await createAdminWithBusiness();
    const customers = [
      { name: unique('Alba Rossi'), phone: '+393331110001', points: 120 },
      { name: unique('Bruno Rossi'), phone: '+393331110002', points: 0 },
      { name: unique('Carla Verdi'), phone: '+393331110003', points: 40 },
    ];
    const ids: Record<string, string> = {};
    for (const c of customers) {
      const { body } = await callApi<{ card_id: string }>('/users', { method: 'POST', token, body: { email: `${unique('c')}@example.it`, full_name: c.name, role: 'client', phone: c.phone, business_id: businessId } });
      ids[c.name] = body.card_id;
      if (c.points > 0) await callApi(`/loyalty-cards/${body.card_id}/points`, { method: 'POST', token, body: { points: c.points, description: 'Benvenuto' } });
    }
    return { account, token, businessId, customers, ids };
  }

  async function openCreateDialog(account: Parameters<typeof renderSignedIn>[2], businessId: string) {
    const rendered = await renderSignedIn(<CampaignsScreen />, PATH, account, { preloadedState: { currentBusiness: { id: businessId } } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Crea Nuova Campagna' })).toBeEnabled());
    await rendered.user.click(screen.getByRole('button', { name: 'Crea Nuova Campagna' }));
    return { ...rendered, dialog: await screen.findByRole('dialog', { name: 'Crea Nuova Campagna' }) };
  }

  it("counts the marketing-consent segment on the campaign's channels, as the server sends it (decision 025)", async () => {
    const { account, businessId } = await createAdminWithBusiness();
    for (const [i, channels] of [['whatsapp'], ['sms'], ['whatsapp', 'sms', 'email'], []].entries()) {
      const signup = await callApi('/users/loyalty-cards/create', {
        method: 'POST',
        body: { email: `${unique('canali')}@example.it`, full_name: unique('Cliente Canali'), phone: `+39333222000${i}`, business_id: businessId, privacy_ack: true, marketing_channels: channels },
      });
      expect(signup.status).toBe(200);
    }
    const { user, dialog } = await openCreateDialog(account, businessId);
    const who = within(dialog).getByLabelText('Chi riceve la campagna');
    await user.selectOptions(who, 'Con consenso marketing sul canale di invio');
    expect(who).toHaveAccessibleDescription('Ogni invio raggiunge chi ha acconsentito al canale usato; il conteggio vale per almeno uno dei canali scelti.');
    // No channel chosen yet: consent on any channel.
    expect(await within(dialog).findByText('3 destinatari')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'SMS' }));
    expect(await within(dialog).findByText('2 destinatari')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Email' }));
    expect(await within(dialog).findByText('2 destinatari')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'SMS' }));
    expect(await within(dialog).findByText('1 destinatario')).toBeInTheDocument();
  });

  it('asks for the e-mails\' subject («Oggetto») only with the e-mail channel, and requires it then', async () => {
    const { account, token, businessId } = await businessWithCustomers();
    const { user, dialog } = await openCreateDialog(account, businessId);
    const name = unique('Newsletter');
    await user.type(within(dialog).getByLabelText('Nome della campagna'), name);
    expect(within(dialog).queryByLabelText(/Oggetto/)).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Email' }));
    const subject = within(dialog).getByLabelText(/Oggetto/);
    await user.click(within(dialog).getByRole('button', { name: 'Crea campagna' }));
    expect(await within(dialog).findByText('Campo "oggetto" è obbligatorio per una campagna email')).toBeInTheDocument();
    expect(subject).toHaveAttribute('aria-invalid', 'true');
    await user.type(subject, "Le novità dell'autunno");
    await user.click(within(dialog).getByRole('button', { name: 'Crea campagna' }));
    await waitFor(() => expect(currentLocation()).toBe('/campaign-success'));
    const { body } = await callApi<Campaign[]>(`/campaigns/business/${businessId}`, { token });
    expect(body.find((c) => c.name === name)).toMatchObject({ subject: "Le novità dell'autunno", channels: ['email'] });
  });

  it('requires a name, then creates the campaign for a segment with its live count from the server and opens /campaign-success', async () => {
    const { account, token, businessId } = await businessWithCustomers();
    const { user, dialog } = await openCreateDialog(account, businessId);
    // Focus moves into the dialog, on its first field.
    expect(within(dialog).getByLabelText('Nome della campagna')).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Crea campagna' }));
    expect(within(dialog).getByText('Il nome della campagna è obbligatorio')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nome della campagna')).toHaveAttribute('aria-invalid', 'true');

    const name = unique('Promo');
    await user.type(within(dialog).getByLabelText('Nome della campagna'), name);
    await user.type(within(dialog).getByLabelText('Descrizione'), 'Sconto per i clienti attivi');
    await user.selectOptions(within(dialog).getByLabelText('Stato'), 'Attiva');
    await user.click(within(dialog).getByRole('checkbox', { name: 'WhatsApp' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'SMS' }));

    // The count comes from the server (the cards never reach the browser) and follows every filter.
    expect(await within(dialog).findByText('3 destinatari')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Chi riceve la campagna'), 'Carte attive (con punti)');
    expect(await within(dialog).findByText('2 destinatari')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Cerca clienti'), 'ROSSI');
    expect(await within(dialog).findByText('1 destinatario')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Punti minimi'), '500');
    expect(await within(dialog).findByText('0 destinatari')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Punti minimi'));
    expect(await within(dialog).findByText('1 destinatario')).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'Carte fedeltà' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Crea campagna' }));
    await waitFor(() => expect(currentLocation()).toBe('/campaign-success'));
    expect(screen.queryByRole('dialog')).toBeNull();

    const { body } = await callApi<Campaign[]>(`/campaigns/business/${businessId}`, { token });
    expect(body.find((c) => c.name === name)).toMatchObject({
      description: 'Sconto per i clienti attivi',
      status: 'active',
      channels: ['whatsapp', 'sms'],
      segment: { kind: 'active', q: 'ROSSI' },
      targets: [],
      recipients: [],
      recipient_count: 1,
    });
  });

  it('picks cards one by one from a list the server pages and searches', async () => {
    const { account, token, businessId, customers, ids } = await businessWithCustomers();
    const { user, dialog } = await openCreateDialog(account, businessId);
    const name = unique('Scelti');
    await user.type(within(dialog).getByLabelText('Nome della campagna'), name);
    await user.selectOptions(within(dialog).getByLabelText('Chi riceve la campagna'), 'Scelti uno per uno');
    const list = await within(dialog).findByRole('list', { name: 'Carte fedeltà' });
    await waitFor(() => expect(within(list).getAllByRole('checkbox')).toHaveLength(3));
    expect(within(dialog).getByText('0 destinatari selezionati')).toBeInTheDocument();

    const search = within(dialog).getByLabelText('Cerca clienti');
    await user.type(search, 'verdi');
    await waitFor(() => expect(within(within(dialog).getByRole('list', { name: 'Carte fedeltà' })).getAllByRole('checkbox')).toHaveLength(1));
    await user.click(within(dialog).getByRole('checkbox', { name: new RegExp(customers[2].name) }));
    expect(within(dialog).getByText('1 destinatario selezionato')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'nessuno-così');
    expect(await within(dialog).findByText('Nessuna carta corrisponde alla ricerca')).toBeInTheDocument();
    await user.clear(search);
    await user.click(await within(dialog).findByRole('checkbox', { name: new RegExp(customers[0].name) }));
    expect(within(dialog).getByText('2 destinatari selezionati')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Crea campagna' }));
    await waitFor(() => expect(currentLocation()).toBe('/campaign-success'));
    const { body } = await callApi<Campaign[]>(`/campaigns/business/${businessId}`, { token });
    const created = body.find((c) => c.name === name)!;
    expect(created).toMatchObject({ segment: { kind: 'cards' }, recipients: [], recipient_count: 2 });
    expect([...created.targets].sort()).toEqual([ids[customers[0].name], ids[customers[2].name]].sort());
  });

  it('shows the creation error and keeps the dialog open; Escape closes it and gives focus back', async () => {
    const { user } = await renderSignedIn(<CampaignsScreen />, PATH, DEMO_ADMIN);
    await itemOf('Aperitivo del venerdì');
    const opener = screen.getByRole('button', { name: 'Crea Nuova Campagna' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Crea Nuova Campagna' });
    await user.type(within(dialog).getByLabelText('Nome della campagna'), 'Senza rete');
    configureTestRuntime(await unreachableApiBaseUrl());
    await user.click(within(dialog).getByRole('button', { name: 'Crea campagna' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Errore durante la creazione della campagna');
    expect(currentLocation()).toBe(PATH);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it("shows the API's error when there is one", async () => {
    const server = await startTestApiServer({
      'GET /business': { body: [BAR] },
      'GET /campaigns/business/default-business-id': { body: [] },
      'GET /loyalty-cards/business/default-business-id/count': { body: { count: 0 } },
      'POST /campaigns': { status: 400, body: { error: 'Campo "nome" non valido' } },
    });
    try {
      const { user } = renderWithProviders(<CampaignsScreen />, { route: PATH, preloadedState: { session: { user: ADMIN_USER, loading: false, checked: true } } });
      await waitFor(() => expect(screen.getByRole('button', { name: 'Crea Nuova Campagna' })).toBeEnabled());
      await user.click(screen.getByRole('button', { name: 'Crea Nuova Campagna' }));
      const dialog = await screen.findByRole('dialog');
      expect(await within(dialog).findByText('Nessuna carta fedeltà per questa attività')).toBeInTheDocument();
      expect(within(dialog).getByText(/condividi il link di iscrizione o crea un cliente in Gestione Utenti/)).toBeInTheDocument();
      await user.type(within(dialog).getByLabelText('Nome della campagna'), 'X');
      await user.click(within(dialog).getByRole('button', { name: 'Crea campagna' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Campo "nome" non valido');
    } finally {
      await server.close();
    }
  });
});

describe('business switch', () => {
  it("never shows the previous business's campaigns while the new business's load", async () => {
    const SHOP: Business = { ...BAR, id: 'shop', name: 'Profumeria' };
    let release: () => void = () => undefined;
    const server = await startTestApiServer({
      'GET /business': { body: [BAR, SHOP] },
      'GET /campaigns/business/default-business-id': { body: [{ ...SAMPLE, name: 'Campagna del bar' }] },
      'GET /campaigns/business/shop': { body: [{ ...SAMPLE, id: 'c2', business_id: 'shop', name: 'Campagna della profumeria' }], holdUntil: new Promise<void>((r) => (release = r)) },
    });
    try {
      const { store } = renderWithProviders(<CampaignsScreen />, { route: PATH, preloadedState: { session: { user: ADMIN_USER, loading: false, checked: true } } });
      expect(await itemOf('Campagna del bar')).toBeInTheDocument();
      act(() => {
        store.dispatch(businessSelected('shop'));
      });
      expect(await screen.findByText('Caricamento delle campagne…')).toBeInTheDocument();
      expect(screen.queryByText('Campagna del bar')).toBeNull();
      release();
      expect(await itemOf('Campagna della profumeria')).toBeInTheDocument();
      expect(screen.queryByText('Campagna del bar')).toBeNull();
    } finally {
      release();
      await server.close();
    }
  });
});

describe('delete', () => {
  it('asks for confirmation, keeps the campaign when cancelled, deletes it when confirmed', async () => {
    const { token } = await (async () => ({ token: (await callApi<{ token: string }>('/auth/login', { method: 'POST', body: DEMO_ADMIN })).body.token }))();
    const name = unique('Da eliminare');
    await callApi('/campaigns', { method: 'POST', token, body: { businessId: 'default-business-id', name } });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user } = await renderSignedIn(<CampaignsScreen />, PATH, DEMO_ADMIN);
    const item = await itemOf(name);
    await user.click(within(item).getByRole('button', { name: `Elimina la campagna ${name}` }));
    expect(confirm).toHaveBeenCalledWith('Sei sicuro di voler eliminare questa campagna?');
    expect(within(await campaignList()).getByRole('button', { name })).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: `Elimina la campagna ${name}` }));
    expect(await screen.findByText('Campagna eliminata')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name })).toBeNull());
  });

  it('shows the default error when the deletion fails', async () => {
    const server = await startTestApiServer({
      'GET /business': { body: [BAR] },
      'GET /campaigns/business/default-business-id': { body: [SAMPLE] },
      'GET /campaigns/c1/deliveries': { body: { campaignId: 'c1', total: 0, queued: 0, sent: 0, delivered: 0, failed: 0, skipped: 0, awaitingReceipts: 0, failureReasons: [] } },
      'DELETE /campaigns/c1': { status: 500, body: {} },
    });
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    try {
      const { user } = renderWithProviders(<CampaignsScreen />, { route: PATH, preloadedState: { session: { user: ADMIN_USER, loading: false, checked: true } } });
      await user.click(await screen.findByRole('button', { name: 'Elimina la campagna Prova' }));
      expect(await screen.findByRole('alert')).toHaveTextContent("Errore durante l'eliminazione della campagna");
    } finally {
      await server.close();
    }
  });
});

describe('send', () => {
  it('counts characters live and, for SMS, the parts Twilio bills with the STOP line; enables Invia only for 1–160 characters', async () => {
    const { user } = await renderSignedIn(<CampaignsScreen />, PATH, DEMO_ADMIN);
    await user.click(within(await campaignList()).getByRole('button', { name: 'Colazione di primavera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invia messaggio: Colazione di primavera' });
    const message = within(dialog).getByLabelText('Messaggio');
    const send = within(dialog).getByRole('button', { name: 'Invia' });
    expect(within(dialog).getByRole('radio', { name: 'WhatsApp' })).toBeChecked();
    expect(within(dialog).queryByRole('radio', { name: 'Email' })).toBeNull();
    expect(message).toHaveAccessibleDescription('0/160 caratteri');
    expect(send).toBeDisabled();

    await user.type(message, '   ');
    expect(send).toBeDisabled();
    await user.clear(message);
    await user.type(message, 'Caffè a 1€');
    expect(message).toHaveAccessibleDescription('10/160 caratteri');
    expect(send).toBeEnabled();
    await user.click(within(dialog).getByRole('radio', { name: 'SMS' }));
    expect(message).toHaveAccessibleDescription('10/160 caratteri · 1 SMS (GSM-7) con «Rispondi STOP…»');
    await user.type(message, ' PERCHÈ');
    expect(message).toHaveAccessibleDescription('17/160 caratteri · 1 SMS (UCS-2) con «Rispondi STOP…»');
    // A typographic apostrophe is sent as ' (Twilio's Smart Encoding): still GSM-7.
    await user.clear(message);
    await user.type(message, 'Da L’Angolo del Gusto');
    expect(message).toHaveAccessibleDescription('21/160 caratteri · 1 SMS (GSM-7) con «Rispondi STOP…»');

    await user.clear(message);
    await user.click(message);
    await user.paste('a'.repeat(161));
    expect(message).toHaveAccessibleDescription('161/160 caratteri · 2 SMS (GSM-7) con «Rispondi STOP…» Il messaggio supera i 160 caratteri');
    expect(send).toBeDisabled();
  });

  it('refuses a channel the business has not enabled before any call', async () => {
    const { token } = (await callApi<{ token: string }>('/auth/login', { method: 'POST', body: DEMO_ADMIN })).body;
    const name = unique('Email');
    await callApi('/campaigns', { method: 'POST', token, body: { businessId: 'default-business-id', name, subject: 'Novità', channels: ['email', 'sms'] } });
    const { user } = await renderSignedIn(<CampaignsScreen />, PATH, DEMO_ADMIN);
    await user.click(await within(await campaignList()).findByRole('button', { name }));
    const dialog = await screen.findByRole('dialog');
    // Bar Centrale has e-mail switched off.
    expect(within(dialog).getByRole('radio', { name: 'SMS' })).toBeChecked();
    await user.type(within(dialog).getByLabelText('Messaggio'), 'Ciao');
    await user.click(within(dialog).getByRole('radio', { name: 'Email' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Servizio Email non abilitato per questo business');
    expect(within(dialog).getByRole('button', { name: /^Invia/ })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'SMS' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('sends through the outbox driver and shows the delivery progress until every recipient is reached', async () => {
    const { account, token, businessId } = await createAdminWithBusiness();
    const { token: superToken } = await logIn(DEMO_SUPERADMIN);
    await callApi(`/settings/${businessId}`, { method: 'PUT', token: superToken, body: { sms_enabled: 1 } });
    await signUpCard(businessId, 'Giulia Verdi');
    await signUpCard(businessId, 'Paolo Neri');
    const { body: cards } = await callApi<{ customer_phone: string; email: string }[]>(`/loyalty-cards/business/${businessId}`, { token });
    const name = unique('Saldi');
    await callApi('/campaigns', {
      method: 'POST',
      token,
      body: { businessId, name, channels: ['sms'], recipients: JSON.stringify(cards.map((c) => ({ customer_phone: c.customer_phone, email: c.email }))) },
    });

    const { user } = await renderSignedIn(<CampaignsScreen />, PATH, account, { preloadedState: { currentBusiness: { id: businessId } } });
    const item = await itemOf(name);
    expect(within(item).getByText('2 destinatari')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name }));
    const dialog = await screen.findByRole('dialog');
    // Before sending, per channel: who the send reaches and who it skips; the button names what it will queue.
    const reach = await within(dialog).findByRole('table', { name: 'Destinatari per canale', busy: false });
    // A column per channel (the campaign's one), a row per outcome: the chosen channel's column is the current one.
    expect(within(reach).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Destinatari', 'SMS']);
    expect(within(reach).getAllByRole('rowheader').map((th) => th.textContent)).toEqual([
      'Raggiungibili con consenso', 'Senza consenso', 'Contatto non raggiungibile', 'Hanno chiesto STOP', 'Già raggiunti',
      'Già un messaggio promozionale oggi',
    ]);
    expect(reachColumn(reach, 'SMS')).toEqual(['2', '0', '0', '0', '0', '0']);
    expect(within(reach).getByRole('columnheader', { name: 'SMS' })).toHaveAttribute('aria-current', 'true');
    // It scrolls, if ever, in its own labelled box, never the page.
    expect(within(dialog).getByRole('region', { name: 'Tabella dei destinatari per canale' })).toContainElement(reach);
    expect(within(dialog).getByRole('button', { name: 'Invia a 2 destinatari' })).toBeInTheDocument();
    // No provider configured: the dialog says nothing will be delivered, and where to look.
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Modalità prova: i messaggi non vengono consegnati');
    expect(within(dialog).getByRole('link', { name: 'Posta in uscita' })).toHaveAttribute('href', '/dashboard/outbox');
    await user.type(within(dialog).getByLabelText('Messaggio'), 'Saldi del 30% da domani!');
    await user.click(within(dialog).getByRole('button', { name: 'Invia a 2 destinatari' }));
    expect(await screen.findByText('2 messaggi messi in coda')).toBeInTheDocument();
    // The dialog stays open on the send's counts and its live progress, the heading focused.
    const heading = await within(dialog).findByRole('heading', { name: "Avanzamento dell'invio" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAccessibleDescription('Messi in coda: 2');
    const inDialog = await within(dialog).findByRole('group', { name: `Avanzamento degli invii di ${name}` }, { timeout: 5000 });
    const done = 'Inviati 2 di 2 · Consegnati 0 · In coda 0 · Non riusciti 0 · Saltati (disiscritti, senza consenso o senza contatto valido) 0';
    await waitFor(() => expect(inDialog).toHaveTextContent(done), { timeout: 10_000 });
    // The outbox has no receipts to wait for.
    expect(within(dialog).queryByText(/In attesa delle conferme di consegna/)).toBeNull();
    // The tests' API has the quiet hours off (decision 082): nothing waits for the sending window.
    expect(within(dialog).queryByText(/Fuori dall’orario di invio/)).toBeNull();
    await user.click(within(dialog).getByText('Chiudi'));
    expect(screen.queryByRole('dialog')).toBeNull();

    const progress = await within(item).findByRole('group', { name: `Avanzamento degli invii di ${name}` }, { timeout: 5000 });
    await waitFor(() => expect(progress).toHaveTextContent(done), { timeout: 10_000 });
    // The status follows the jobs: no longer «Bozza».
    expect(within(item).getByText('Inviata')).toBeInTheDocument();
    expect(within(item).queryByText('Bozza')).toBeNull();
    const { body: deliveries } = await callApi<CampaignDeliveries>(`/campaigns/${(await callApi<Campaign[]>(`/campaigns/business/${businessId}`, { token })).body[0].id}/deliveries`, { token });
    expect(deliveries).toMatchObject({ total: 2, sent: 2 });
  });

  it('keeps the progress in the dialog, polling while queued and more slowly while receipts are awaited, until the failure reasons arrive', async () => {
    const EMPTY: CampaignDeliveries = { campaignId: 'c1', total: 0, queued: 0, sent: 0, delivered: 0, failed: 0, skipped: 0, awaitingReceipts: 0, failureReasons: [] };
    const QUEUED = { ...EMPTY, total: 3, queued: 2, skipped: 1 };
    const AWAITING = { ...EMPTY, total: 3, sent: 2, skipped: 1, awaitingReceipts: 2 };
    const REASON = 'Destinatario non raggiungibile (telefono spento o senza campo) (Twilio 30003)';
    const DONE = { ...EMPTY, total: 3, sent: 1, delivered: 1, failed: 1, skipped: 1, failureReasons: [{ reason: REASON, count: 1 }] };
    // After the send the deliveries answer: queued twice (the same counts), awaiting receipts (held until released), then done.
    const afterSend = [QUEUED, QUEUED, AWAITING, DONE];
    let sent = false;
    const polls: number[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    const server = await startTestApiServer({
      'GET /business': { body: [BAR] },
      'GET /campaigns/business/default-business-id': { body: [{ ...SAMPLE, recipients: '[]', recipient_count: 3 }] },
      'GET /messaging/status': { body: { businessId: BAR.id, driver: 'twilio', mode: 'live' } },
      'GET /campaigns/c1/deliveries': () => {
        if (!sent) return { body: EMPTY };
        polls.push(Date.now());
        const answer = afterSend[Math.min(polls.length - 1, afterSend.length - 1)];
        return { body: answer, holdUntil: answer === AWAITING ? held : undefined };
      },
      'POST /campaigns/c1/send': () => {
        sent = true;
        return {
          body: {
            message: '2 messaggi messi in coda', queued: 2, skipped: 1, alreadyEnqueued: 1, mode: 'live',
            skippedByReason: { noConsent: 1, optedOut: 0, invalidContact: 0, channelDisabled: 0, dailyLimit: 0 },
          },
        };
      },
    });
    try {
      const { user } = renderWithProviders(<CampaignsScreen />, { route: PATH, preloadedState: { session: { user: ADMIN_USER, loading: false, checked: true } } });
      const opener = await screen.findByRole('button', { name: 'Prova' });
      const item = opener.closest('li')!;
      expect(await within(item).findByText('Nessun messaggio inviato: apri la campagna per inviarne uno.')).toBeInTheDocument();
      await user.click(opener);
      const dialog = await screen.findByRole('dialog', { name: 'Invia messaggio: Prova' });
      await user.type(within(dialog).getByLabelText('Messaggio'), 'Ciao');
      await user.click(within(dialog).getByRole('button', { name: 'Invia' }));

      // The toast of decision 022, and the dialog stays on the send's counts with the focus on its heading.
      expect(await screen.findByText('2 messaggi messi in coda')).toBeInTheDocument();
      const heading = await within(dialog).findByRole('heading', { name: "Avanzamento dell'invio" });
      await waitFor(() => expect(heading).toHaveFocus());
      const outcome = within(dialog).getByRole('list', { name: "Esito dell'invio" });
      expect(within(outcome).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
        'Messi in coda: 2',
        'Saltati senza consenso marketing: 1',
        'Avevano già ricevuto questa campagna su questo canale: 1',
      ]);
      expect(heading).toHaveAccessibleDescription(/^Messi in coda: 2/);
      expect(within(dialog).queryByLabelText('Messaggio')).toBeNull();

      const progress = await within(dialog).findByRole('group', { name: 'Avanzamento degli invii di Prova' });
      await waitFor(() => expect(progress).toHaveTextContent('Inviati 0 di 3 · Consegnati 0 · In coda 2'));
      expect(within(item).getByText('In invio')).toBeInTheDocument();
      // The summary is a polite live region (the list's one behind the dialog is silenced)…
      const live = progress.querySelector('[aria-live]')!;
      expect(live).toHaveAttribute('aria-live', 'polite');
      expect(within(item).getByRole('group', { name: 'Avanzamento degli invii di Prova' }).querySelector('[aria-live]')).toHaveAttribute('aria-live', 'off');
      // …left untouched by a poll that brings the same counts: nothing to announce.
      const mutations: MutationRecord[] = [];
      const changes = new MutationObserver((records) => mutations.push(...records));
      const changeCount = () => mutations.push(...changes.takeRecords());
      changes.observe(live, { subtree: true, childList: true, characterData: true, attributes: true });
      await waitFor(() => expect(polls).toHaveLength(3), { timeout: 5000 });
      expect(changeCount()).toBe(0);
      // Polled every second while messages are queued.
      expect(polls[1] - polls[0]).toBeLessThan(2500);

      release();
      expect(await within(dialog).findByText('In attesa delle conferme di consegna: 2')).toBeInTheDocument();
      expect(changeCount()).toBeGreaterThan(0);
      changes.disconnect();
      expect(progress).toHaveTextContent('Inviati 2 di 3 · Consegnati 0 · In coda 0');

      // Then every five seconds while only receipts are awaited, until the provider's reasons arrive.
      const reasons = await within(dialog).findByRole('list', { name: 'Motivi dei messaggi non riusciti di Prova' }, { timeout: 8000 });
      expect(reasons).toHaveTextContent(`${REASON}: 1`);
      expect(polls[3] - polls[2]).toBeGreaterThanOrEqual(4500);
      expect(progress).toHaveTextContent('Inviati 1 di 3 · Consegnati 1 · In coda 0 · Non riusciti 1');
      expect(within(dialog).queryByText(/In attesa delle conferme di consegna/)).toBeNull();

      // Nothing left to wait for: the polling stops.
      await new Promise((r) => setTimeout(r, 5500));
      expect(polls).toHaveLength(4);

      await user.click(within(dialog).getByText('Chiudi'));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(opener).toHaveFocus();
      expect(within(item).getByRole('list', { name: 'Motivi dei messaggi non riusciti di Prova' })).toHaveTextContent(`${REASON}: 1`);
      expect(within(item).getByText('Inviata in parte (1 non riuscito)')).toBeInTheDocument();
    } finally {
      release();
      await server.close();
    }
  });

  it('shows a column per channel, the chosen one marked, and after a send the sending window holds, when it leaves (decision 100)', async () => {
    // 21:00 in Rome on 15 January (only the date is fixed; timers run): the shop's window opens again at 9:00 the next day.
    jest.useFakeTimers({
      now: new Date('2030-01-15T20:00:00Z'),
      doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
    });
    const none = { noConsent: 0, optedOut: 0, invalidContact: 0, alreadyEnqueued: 0, dailyLimit: 0 };
    const sends: unknown[] = [];
    const server = await startTestApiServer({
      'GET /business': { body: [BAR] },
      'GET /campaigns/business/default-business-id': { body: [{ ...SAMPLE, channels: ['whatsapp', 'sms'], recipients: '[]', recipient_count: 3 }] },
      'GET /messaging/status': { body: { businessId: BAR.id, driver: 'twilio', mode: 'live' } },
      'GET /campaigns/c1/reach': {
        body: {
          campaignId: 'c1',
          channels: [
            { channel: 'whatsapp', enabled: true, total: 3, queued: 3, ...none },
            { channel: 'sms', enabled: true, total: 3, queued: 1234, ...none, noConsent: 1, invalidContact: 1 },
          ],
        },
      },
      // After the send, the deliveries say what the API's do: the queue held until the window opens.
      'GET /campaigns/c1/deliveries': () => ({
        body: sends.length === 0
          ? { campaignId: 'c1', total: 0, queued: 0, sent: 0, delivered: 0, failed: 0, skipped: 0, awaitingReceipts: 0, failureReasons: [] }
          : { campaignId: 'c1', total: 1236, queued: 1234, sent: 0, delivered: 0, failed: 0, skipped: 2, awaitingReceipts: 0, failureReasons: [], heldUntil: '2030-01-16T08:00:00.000Z' },
      }),
      'POST /campaigns/c1/send': (request) => {
        sends.push(request.body);
        return {
          body: {
            message: '1.234 messaggi messi in coda', queued: 1234, skipped: 2, alreadyEnqueued: 0, mode: 'live',
            skippedByReason: { noConsent: 1, optedOut: 0, invalidContact: 1, channelDisabled: 0, dailyLimit: 0 },
            heldUntil: '2030-01-16T08:00:00.000Z',
          },
        };
      },
    });
    try {
      const { user, store } = renderWithProviders(<CampaignsScreen />, { route: PATH, preloadedState: { session: { user: ADMIN_USER, loading: false, checked: true } } });
      await user.click(await screen.findByRole('button', { name: 'Prova' }));
      const dialog = await screen.findByRole('dialog', { name: 'Invia messaggio: Prova' });
      const reach = await within(dialog).findByRole('table', { name: 'Destinatari per canale', busy: false });
      expect(within(reach).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Destinatari', 'WhatsApp', 'SMS']);
      expect(reachColumn(reach, 'WhatsApp')).toEqual(['3', '0', '0', '0', '0', '0']);
      expect(reachColumn(reach, 'SMS')).toEqual(['1.234', '1', '1', '0', '0', '0']);
      expect(within(reach).getByRole('columnheader', { name: 'WhatsApp' })).toHaveAttribute('aria-current', 'true');
      expect(within(reach).getByRole('columnheader', { name: 'SMS' })).not.toHaveAttribute('aria-current');
      await user.click(within(dialog).getByRole('radio', { name: 'SMS' }));
      expect(within(reach).getByRole('columnheader', { name: 'SMS' })).toHaveAttribute('aria-current', 'true');
      expect(within(reach).getByRole('columnheader', { name: 'WhatsApp' })).not.toHaveAttribute('aria-current');

      await user.type(within(dialog).getByLabelText('Messaggio'), 'Aperitivo domani');
      await user.click(within(dialog).getByRole('button', { name: 'Invia a 1.234 destinatari' }));
      const heading = await within(dialog).findByRole('heading', { name: "Avanzamento dell'invio" });
      expect(sends).toEqual([{ service: 'sms', message: 'Aperitivo domani' }]);
      const held = 'Fuori dall’orario di invio: i messaggi partiranno domani alle 9:00.';
      expect(within(dialog).getByText(held)).toBeInTheDocument();
      // Heard with the counts when the focus lands on the heading.
      expect(heading).toHaveAccessibleDescription(`Messi in coda: 1.234 Saltati senza consenso marketing: 1 Saltati perché non raggiungibili (contatto mancante, non valido o numero fisso): 1 ${held}`);
      // The send refreshes the reach and the deliveries: their answers arrive before the server goes.
      const asked = (path: string) => server.requests.filter((r) => r.method === 'GET' && r.path === path).length;
      await waitFor(() => expect([asked('/campaigns/c1/reach'), asked('/campaigns/c1/deliveries')]).toEqual([2, 2]));
      await waitFor(() => expect(Object.values(store.getState().api.queries).filter((q) => q?.status === 'pending')).toEqual([]));
      // The progress under it shows the held queue's figures, and says when it leaves only once in the dialog.
      expect(within(dialog).getByRole('group', { name: 'Avanzamento degli invii di Prova' })).toHaveTextContent('In coda 1.234');
      expect(within(dialog).getAllByText(held)).toHaveLength(1);
    } finally {
      jest.useRealTimers();
      await server.close();
    }
  });

  it('says when the waiting messages leave when a held campaign is sent again (a retry after a lost answer), with no success toast', async () => {
    jest.useFakeTimers({
      now: new Date('2030-01-15T20:00:00Z'),
      doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
    });
    const none = { noConsent: 0, optedOut: 0, invalidContact: 0, alreadyEnqueued: 0, dailyLimit: 0 };
    const server = await startTestApiServer({
      'GET /business': { body: [BAR] },
      'GET /campaigns/business/default-business-id': { body: [{ ...SAMPLE, channels: ['sms'], recipients: '[]', recipient_count: 1 }] },
      'GET /messaging/status': { body: { businessId: BAR.id, driver: 'twilio', mode: 'live' } },
      'GET /campaigns/c1/reach': { body: { campaignId: 'c1', channels: [{ channel: 'sms', enabled: true, total: 1, queued: 0, ...none, alreadyEnqueued: 1 }] } },
      'GET /campaigns/c1/deliveries': { body: { campaignId: 'c1', total: 1, queued: 1, sent: 0, delivered: 0, failed: 0, skipped: 0, awaitingReceipts: 0, failureReasons: [], heldUntil: '2030-01-16T08:00:00.000Z' } },
      // The API's answer (api/test/quiet-hours.test.ts): nothing new queued, the one waiting still held.
      'POST /campaigns/c1/send': {
        body: {
          message: 'Nessun messaggio inviato: 1 destinatario ha già questa campagna in coda su questo canale', queued: 0, skipped: 0, alreadyEnqueued: 1, mode: 'live',
          skippedByReason: { noConsent: 0, optedOut: 0, invalidContact: 0, channelDisabled: 0, dailyLimit: 0 },
          heldUntil: '2030-01-16T08:00:00.000Z',
        },
      },
    });
    try {
      const { user } = renderWithProviders(<CampaignsScreen />, { route: PATH, preloadedState: { session: { user: ADMIN_USER, loading: false, checked: true } } });
      await user.click(await screen.findByRole('button', { name: 'Prova' }));
      const dialog = await screen.findByRole('dialog', { name: 'Invia messaggio: Prova' });
      await within(dialog).findByRole('table', { name: 'Destinatari per canale', busy: false });
      await user.type(within(dialog).getByLabelText('Messaggio'), 'Aperitivo domani');
      await user.click(within(dialog).getByRole('button', { name: /^Invia/ }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Nessun messaggio inviato: 1 destinatario ha già questa campagna in coda su questo canale. Fuori dall’orario di invio: il messaggio partirà domani alle 9:00.',
      );
      expect(screen.queryByText(/messi in coda|Messaggio inviato con successo/)).toBeNull();
    } finally {
      jest.useRealTimers();
      await server.close();
    }
  });

  it('shows why nothing was sent, without a success toast, when the only recipient has no marketing consent', async () => {
    const { account, token, businessId } = await createAdminWithBusiness();
    const { token: superToken } = await logIn(DEMO_SUPERADMIN);
    await callApi(`/settings/${businessId}`, { method: 'PUT', token: superToken, body: { sms_enabled: 1 } });
    await signUpCard(businessId, 'Nina Senzaconsenso', false);
    const { body: cards } = await callApi<{ customer_phone: string; email: string }[]>(`/loyalty-cards/business/${businessId}`, { token });
    const name = unique('Consenso');
    await callApi('/campaigns', { method: 'POST', token, body: { businessId, name, channels: ['sms'], recipients: cards.map((c) => ({ customer_phone: c.customer_phone, email: c.email })) } });

    const { user } = await renderSignedIn(<CampaignsScreen />, PATH, account, { preloadedState: { currentBusiness: { id: businessId } } });
    await user.click(within(await itemOf(name)).getByRole('button', { name }));
    const dialog = await screen.findByRole('dialog');
    // Said before sending: nobody to reach, one without consent; the button promises no number.
    const reach = await within(dialog).findByRole('table', { name: 'Destinatari per canale', busy: false });
    expect(reachColumn(reach, 'SMS')).toEqual(['0', '1', '0', '0', '0', '0']);
    await user.type(within(dialog).getByLabelText('Messaggio'), 'Promo');
    await user.click(within(dialog).getByRole('button', { name: 'Invia' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Nessun messaggio inviato: 1 destinatario senza consenso marketing');
    expect(screen.queryByText('Messaggio inviato con successo')).toBeNull();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('schedules the send for a Rome date and time, shows «Programmata per …», and cancels it', async () => {
    const { account, token, businessId } = await createAdminWithBusiness();
    const { token: superToken } = await logIn(DEMO_SUPERADMIN);
    await callApi(`/settings/${businessId}`, { method: 'PUT', token: superToken, body: { sms_enabled: 1 } });
    await signUpCard(businessId, 'Rita Sera');
    const name = unique('Serata');
    await callApi('/campaigns', { method: 'POST', token, body: { businessId, name, channels: ['sms'], segment: { kind: 'all' } } });

    const { user } = await renderSignedIn(<CampaignsScreen />, PATH, account, { preloadedState: { currentBusiness: { id: businessId } } });
    const item = await itemOf(name);
    await user.click(within(item).getByRole('button', { name }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Messaggio'), 'Aperitivo stasera');
    await user.click(within(dialog).getByRole('radio', { name: 'Programma' }));
    const schedule = within(dialog).getByRole('button', { name: 'Programma invio' });
    expect(schedule).toBeDisabled();
    const at = within(dialog).getByLabelText('Data e ora (ora italiana)');
    expect(at).toHaveAccessibleDescription(expect.stringContaining('Tra le 20 e le 9 i messaggi aspettano le 9'));
    fireEvent.change(at, { target: { value: '2099-01-15T21:00' } });
    await user.click(schedule);
    expect(await screen.findByText('Campagna programmata')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(item).findByText(/^Programmata per 1[56]\/01\/2099/)).toBeInTheDocument();
    const { body: campaigns } = await callApi<Campaign[]>(`/campaigns/business/${businessId}`, { token });
    expect(campaigns[0]).toMatchObject({ status: 'scheduled', scheduled_at: '2099-01-15T20:00:00.000Z' });

    await user.click(within(item).getByRole('button', { name: `Annulla programmazione di ${name}` }));
    expect(await screen.findByText('Programmazione annullata')).toBeInTheDocument();
    expect(await within(item).findByText('Bozza')).toBeInTheDocument();
  });

  it("shows the send error from the API, or the default one", async () => {
    const server = await startTestApiServer({
      'GET /business': { body: [BAR] },
      'GET /campaigns/business/default-business-id': { body: [SAMPLE] },
      'GET /campaigns/c1/deliveries': { body: { campaignId: 'c1', total: 0, queued: 0, sent: 0, delivered: 0, failed: 0, skipped: 0, awaitingReceipts: 0, failureReasons: [] } },
      'POST /campaigns/c1/send': { status: 400, body: { error: 'Servizio WhatsApp non abilitato per questo business' } },
    });
    try {
      const { user } = renderWithProviders(<CampaignsScreen />, { route: PATH, preloadedState: { session: { user: ADMIN_USER, loading: false, checked: true } } });
      await user.click(await screen.findByRole('button', { name: 'Prova' }));
      const dialog = await screen.findByRole('dialog');
      await user.type(within(dialog).getByLabelText('Messaggio'), 'Ciao');
      await user.click(within(dialog).getByRole('button', { name: 'Invia' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Servizio WhatsApp non abilitato per questo business');

      server.use({ 'POST /campaigns/c1/send': { status: 502, body: {} } });
      await user.click(within(dialog).getByRole('button', { name: 'Invia' }));
      await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent("Errore durante l'invio dei messaggi"));
    } finally {
      await server.close();
    }
  });
});
