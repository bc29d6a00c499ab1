/** The Easy SMS screen against the real API and its demo seed. */
import { screen, waitFor, within } from '@testing-library/react';
import {
  ADMIN_USER,
  DEMO_ADMIN,
  callApi,
  configureTestRuntime,
  createAdminWithBusiness,
  logIn,
  renderSignedIn,
  renderWithProviders,
  startTestApiServer,
  unique,
} from '@loyalty/shared/testing';
import { EasySmsScreen } from '../EasySmsScreen';

const PATH = '/dashboard/easy-sms';
/** Bar Centrale, the demo admin's shop with WhatsApp enabled by the seed. */
const DEMO_BUSINESS = 'default-business-id';
jest.setTimeout(30_000);

beforeEach(() => {
  localStorage.clear();
  configureTestRuntime();
});

const cardList = () => screen.findByRole('list', { name: 'Carte' });
const formOf = (name: string) => screen.getByRole('form', { name: `WhatsApp a ${name}` });

it('lists the cards after a spinner, paged by the server, and the server-side search finds them by name, number and phone', async () => {
  // A business of its own: other suites add cards to the demo business while this one runs.
  const { account, token, businessId } = await createAdminWithBusiness();
  const customers = [
    { name: unique('Alba Rossi'), phone: '+393331110001' },
    { name: unique('Bruno Verdi'), phone: '+393472220002' },
    { name: unique('Carla Neri'), phone: '+393203330003' },
  ];
  for (const c of customers) {
    await callApi('/users', { method: 'POST', token, body: { email: `${unique('c')}@example.it`, full_name: c.name, role: 'client', phone: c.phone, business_id: businessId } });
  }
  const { user } = await renderSignedIn(<EasySmsScreen />, PATH, account, { preloadedState: { currentBusiness: { id: businessId } } });
  expect(screen.getByRole('heading', { level: 1, name: 'SMS Facile' })).toBeInTheDocument();
  expect(screen.getByText('Caricamento delle carte…')).toBeInTheDocument();
  const list = await cardList();
  expect(within(list).getAllByRole('listitem')).toHaveLength(customers.length);
  const { body: cards } = await callApi<{ customer_name: string; card_number: string; customer_phone: string }[]>(`/loyalty-cards/business/${businessId}`, { token });
  const [first, second] = cards;

  // The search runs on the server once the typing stops: the list then holds only the matching card.
  const onlyCard = (name: string) =>
    waitFor(() => {
      expect(within(screen.getByRole('list', { name: 'Carte' })).getAllByRole('listitem')).toHaveLength(1);
      expect(formOf(name)).toBeInTheDocument();
    });
  const search = screen.getByLabelText('Cerca carte');
  await user.type(search, first.customer_name.toUpperCase());
  await onlyCard(first.customer_name);

  await user.clear(search);
  await user.type(search, second.card_number);
  await onlyCard(second.customer_name);

  await user.clear(search);
  await user.type(search, second.customer_phone.slice(-7));
  await onlyCard(second.customer_name);

  await user.clear(search);
  await user.type(search, 'nessun cliente così');
  expect(await screen.findByText('Nessuna carta corrisponde alla ricerca')).toBeInTheDocument();
  expect(screen.getByText('Prova con un altro nome, numero di carta o telefono.')).toBeInTheDocument();
});

it('asks for a message, then sends the WhatsApp and clears the box', async () => {
  // A customer of its own, with a phone, in the demo business (WhatsApp on there): other suites add
  // cards to it meanwhile, some without a phone, so the first card on screen is anyone's.
  const { token } = await logIn(DEMO_ADMIN);
  const customerName = unique('Wanda Whatsapp');
  // Easy SMS is a marketing message: the customer agreed to offers on WhatsApp (decision 025).
  await callApi('/users', {
    method: 'POST',
    token,
    body: { email: `${unique('w')}@example.it`, full_name: customerName, role: 'client', phone: '+393331234567', business_id: DEMO_BUSINESS, marketing_channels: ['whatsapp'] },
  });
  const { user } = await renderSignedIn(<EasySmsScreen />, PATH, DEMO_ADMIN, { preloadedState: { currentBusiness: { id: DEMO_BUSINESS } } });
  await cardList();
  await user.type(screen.getByLabelText('Cerca carte'), customerName);
  await waitFor(() => expect(within(screen.getByRole('list', { name: 'Carte' })).getAllByRole('listitem')).toHaveLength(1));
  const form = formOf(customerName);
  await user.click(within(form).getByRole('button', { name: 'Invia WhatsApp' }));
  expect(within(form).getByRole('alert')).toHaveTextContent('Inserisci un messaggio per la carta selezionata');

  const box = within(form).getByLabelText(`Messaggio per ${customerName}`);
  await user.type(box, 'Ciao, ti aspettiamo!');
  await user.click(within(form).getByRole('button', { name: 'Invia WhatsApp' }));
  // The demo business has no provider: the screen says so, and so does the answer.
  expect(screen.getByText(/Modalità prova: i messaggi non vengono consegnati/)).toContainElement(screen.getByRole('link', { name: 'Posta in uscita' }));
  expect(await screen.findByText('WhatsApp registrato in modalità prova: non è stato consegnato')).toBeInTheDocument();
  expect(screen.queryByText('WhatsApp inviato')).toBeNull();
  expect(box).toHaveValue('');
  expect(within(form).queryByRole('alert')).toBeNull();
});

it('says nothing was sent to a customer without WhatsApp marketing consent, keeping the message', async () => {
  const { token } = await logIn(DEMO_ADMIN);
  const customerName = unique('Sara Solo Sms');
  await callApi('/users', {
    method: 'POST',
    token,
    body: { email: `${unique('s')}@example.it`, full_name: customerName, role: 'client', phone: '+393339876501', business_id: DEMO_BUSINESS, marketing_channels: ['sms'] },
  });
  const { user } = await renderSignedIn(<EasySmsScreen />, PATH, DEMO_ADMIN, { preloadedState: { currentBusiness: { id: DEMO_BUSINESS } } });
  await cardList();
  await user.type(screen.getByLabelText('Cerca carte'), customerName);
  await waitFor(() => expect(within(screen.getByRole('list', { name: 'Carte' })).getAllByRole('listitem')).toHaveLength(1));
  const form = formOf(customerName);
  await user.type(within(form).getByLabelText(`Messaggio per ${customerName}`), 'Offerta speciale');
  await user.click(within(form).getByRole('button', { name: 'Invia WhatsApp' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('Nessun messaggio inviato: 1 destinatario senza consenso marketing');
  expect(within(form).getByLabelText(`Messaggio per ${customerName}`)).toHaveValue('Offerta speciale');
});

it('refuses to send when WhatsApp is not enabled for the business, before any call', async () => {
  const { account, token, businessId } = await createAdminWithBusiness();
  const name = unique('Cliente');
  await callApi('/users', { method: 'POST', token, body: { email: `${unique('c')}@example.it`, full_name: name, role: 'client', phone: '+393331112222', business_id: businessId } });
  const { user } = await renderSignedIn(<EasySmsScreen />, PATH, account, { preloadedState: { currentBusiness: { id: businessId } } });
  await cardList();
  const form = formOf(name);
  await user.type(within(form).getByRole('textbox'), 'Ciao');
  await user.click(within(form).getByRole('button', { name: 'Invia WhatsApp' }));
  expect(within(form).getByRole('alert')).toHaveTextContent('Servizio WhatsApp non abilitato per questo business');
});

it('shows the empty state for a business without cards', async () => {
  const { account, businessId } = await createAdminWithBusiness();
  await renderSignedIn(<EasySmsScreen />, PATH, account, { preloadedState: { currentBusiness: { id: businessId } } });
  expect(await screen.findByText('Nessuna carta trovata')).toBeInTheDocument();
  expect(screen.getByText('Nessuna carta: condividi il link di iscrizione o crea un cliente in Gestione Utenti.')).toBeInTheDocument();
});

describe('errors', () => {
  const BAR = { id: 'b1', name: 'Bar', address: null, phone: null, email: null, website: null, whatsapp_enabled: 1, sms_enabled: 1, email_enabled: 0 };
  const CARD = { id: 'k1', card_number: 'LC-1', customer_name: 'Anna Blu', customer_phone: '+393331234567', email: null, birth_date: null, points: 1500.5, created_at: '2026-01-01', user_id: 'u', business_id: 'b1' };

  it('shows the load error with Riprova and recovers; shows the send error from the API or the default one', async () => {
    const server = await startTestApiServer({ 'GET /business': { body: [BAR] }, 'GET /loyalty-cards/business/b1': { status: 500, body: {} } });
    try {
      const { user } = renderWithProviders(<EasySmsScreen />, { route: PATH, preloadedState: { session: { user: ADMIN_USER, loading: false, checked: true } } });
      expect(await screen.findByRole('alert')).toHaveTextContent('Errore durante il caricamento delle carte');
      // A page of cards, never the whole list.
      expect(server.requests.find((r) => r.path.startsWith('/loyalty-cards/business/b1'))?.path).toMatch(/[?&]limit=50\b/);
      server.use({ 'GET /loyalty-cards/business/b1': { body: { items: [CARD], total: 1, nextOffset: null } }, 'POST /loyalty-cards/k1/send-whatsapp': { status: 400, body: { error: 'Il cliente ha chiesto di non ricevere messaggi' } } });
      await user.click(screen.getByRole('button', { name: 'Riprova' }));
      const form = await screen.findByRole('form', { name: 'WhatsApp a Anna Blu' });
      // The stored E.164 number in the Italian national format, the points with grouped thousands.
      expect(within(form).getByText('LC-1 · 333 123 4567 · 1.500,5 punti')).toBeInTheDocument();
      await user.type(within(form).getByRole('textbox'), 'Ciao');
      await user.click(within(form).getByRole('button', { name: 'Invia WhatsApp' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent('Il cliente ha chiesto di non ricevere messaggi');

      server.use({ 'POST /loyalty-cards/k1/send-whatsapp': { status: 502, body: {} } });
      await user.click(within(form).getByRole('button', { name: 'Invia WhatsApp' }));
      await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent('Errore WhatsApp'));
      // A retry of the same message carries the same Idempotency-Key.
      const keys = server.requests.filter((r) => r.method === 'POST').map((r) => r.headers['idempotency-key']);
      expect(keys).toHaveLength(2);
      expect(keys[0]).toBe(keys[1]);
    } finally {
      await server.close();
    }
  });
});

describe('outside the sending hours (decision 100)', () => {
  const BAR = { id: 'b1', name: 'Bar', address: null, phone: null, email: null, website: null, whatsapp_enabled: 1, sms_enabled: 1, email_enabled: 0 };
  const CARD = { id: 'k1', card_number: 'LC-1', customer_name: 'Anna Blu', customer_phone: '+393331234567', email: null, birth_date: null, points: 10, created_at: '2026-01-01', user_id: 'u', business_id: 'b1' };
  const sent = (heldUntil?: string | null) => ({
    message: 'WhatsApp inviato', queued: 1, skipped: 0, alreadyEnqueued: 0, mode: 'live',
    skippedByReason: { noConsent: 0, optedOut: 0, invalidContact: 0, channelDisabled: 0, dailyLimit: 0 },
    ...(heldUntil === undefined ? {} : { heldUntil }),
  });

  it('says under the card when the message the sending window holds leaves, until the next send', async () => {
    // 21:00 in Rome on 5 March (only the date is fixed; timers run): the window opens again at 9:00 the next day.
    jest.useFakeTimers({
      now: new Date('2030-03-05T20:00:00Z'),
      doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
    });
    const server = await startTestApiServer({
      'GET /business': { body: [BAR] },
      'GET /loyalty-cards/business/b1': { body: { items: [CARD], total: 1, nextOffset: null } },
      'GET /messaging/status': { body: { businessId: 'b1', driver: 'twilio', mode: 'live' } },
      'POST /loyalty-cards/k1/send-whatsapp': { body: sent('2030-03-06T08:00:00.000Z') },
    });
    try {
      const { user } = renderWithProviders(<EasySmsScreen />, { route: PATH, preloadedState: { session: { user: ADMIN_USER, loading: false, checked: true } } });
      const form = await screen.findByRole('form', { name: 'WhatsApp a Anna Blu' });
      const box = within(form).getByLabelText('Messaggio per Anna Blu');
      await user.type(box, 'Domani sconto');
      await user.click(within(form).getByRole('button', { name: 'Invia WhatsApp' }));
      // The toast keeps the server's words; the card says when the message leaves.
      expect(await screen.findByText('WhatsApp inviato')).toBeInTheDocument();
      expect(await within(form).findByRole('status')).toHaveTextContent('Fuori dall’orario di invio: il messaggio partirà domani alle 9:00.');
      expect(box).toHaveValue('');
      expect(within(form).queryByRole('alert')).toBeNull();

      // A send that leaves at once (or an API older than decision 100) says nothing of the hours.
      for (const heldUntil of [null, undefined]) {
        server.use({ 'POST /loyalty-cards/k1/send-whatsapp': { body: sent(heldUntil) } });
        await user.type(box, 'Sconto');
        await user.click(within(form).getByRole('button', { name: 'Invia WhatsApp' }));
        await waitFor(() => expect(box).toHaveValue(''));
        expect(within(form).queryByText(/Fuori dall’orario di invio/)).toBeNull();
      }
      // The same send repeated (a retry with its key after a lost answer): the server says it is already queued, and
      // the one waiting still leaves at 9:00.
      server.use({
        'POST /loyalty-cards/k1/send-whatsapp': {
          body: { ...sent('2030-03-06T08:00:00.000Z'), message: 'Messaggio già in coda: non viene inviato una seconda volta', queued: 0, alreadyEnqueued: 1 },
        },
      });
      await user.type(box, 'Domani sconto');
      await user.click(within(form).getByRole('button', { name: 'Invia WhatsApp' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent('Messaggio già in coda: non viene inviato una seconda volta');
      expect(within(form).getByRole('status')).toHaveTextContent('Fuori dall’orario di invio: il messaggio partirà domani alle 9:00.');
      expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(4);
    } finally {
      jest.useRealTimers();
      await server.close();
    }
  });
});
