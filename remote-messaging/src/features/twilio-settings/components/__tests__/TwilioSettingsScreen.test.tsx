/** The messaging settings screen against the real API and its demo seed. */
import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_USER, DEMO_ADMIN, DEMO_SUPERADMIN, callApi, configureTestRuntime, createAdminWithBusiness, logIn, renderSignedIn, renderWithProviders, startTestApiServer } from '@loyalty/shared/testing';
import { TwilioSettingsScreen } from '../TwilioSettingsScreen';
import type { TwilioSettings } from '../../api';

const PATH = '/dashboard/twilio-settings';
jest.setTimeout(30_000);

const ACCOUNT_SID = `AC${'ab12'.repeat(8)}`;
const TOKEN = 'f00dbabe'.repeat(4);

beforeEach(() => {
  localStorage.clear();
  configureTestRuntime();
});

const form = () => screen.findByRole('form', { name: 'Impostazioni di messaggistica' });

it('shows the sections, with the toggles locked for an admin and explained', async () => {
  await renderSignedIn(<TwilioSettingsScreen />, PATH, DEMO_ADMIN);
  expect(screen.getByText('Caricamento delle impostazioni…')).toBeInTheDocument();
  const settings = await form();
  for (const name of ['Credenziali', 'SMS', 'WhatsApp', 'Email']) expect(within(settings).getByRole('heading', { level: 2, name })).toBeInTheDocument();
  // Bar Centrale: WhatsApp and SMS on, e-mail off; the seed's outbox settings have a phone number.
  expect(within(settings).getByLabelText('Numero di telefono')).not.toHaveValue('');
  for (const [name, checked] of [['WhatsApp abilitato', true], ['SMS abilitato', true], ['Email abilitata', false]] as const) {
    const toggle = within(settings).getByRole('checkbox', { name });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription('Solo il super admin può abilitare o disabilitare i servizi.');
    if (checked) expect(toggle).toBeChecked();
    else expect(toggle).not.toBeChecked();
  }
  expect(within(settings).getByLabelText('Auth Token')).toHaveValue('');
});

it('validates the formats before saving, with Italian messages, and sends nothing', async () => {
  const { user } = await renderSignedIn(<TwilioSettingsScreen />, PATH, DEMO_ADMIN);
  const settings = await form();
  await user.type(within(settings).getByLabelText('Account SID'), 'AC123');
  await user.clear(within(settings).getByLabelText('Numero di telefono'));
  // A national number is fine now (the API saves it in E.164, decision 024); a typo is not.
  await user.type(within(settings).getByLabelText('Numero di telefono'), '333-12a4567');
  await user.type(within(settings).getByLabelText('Messaging Service SID (facoltativo)'), 'MG1');
  await user.type(within(settings).getByLabelText('Auth Token'), 'corto');
  await user.click(within(settings).getByRole('button', { name: 'Salva impostazioni' }));
  expect(within(settings).getByLabelText('Account SID')).toHaveAccessibleDescription('Account SID non valido: deve iniziare con AC seguito da 32 caratteri esadecimali');
  expect(within(settings).getByLabelText('Numero di telefono')).toHaveAccessibleDescription('Numero di telefono non valido: es. 333 123 4567 o +39 333 123 4567');
  expect(within(settings).getByLabelText('Messaging Service SID (facoltativo)')).toHaveAttribute('aria-invalid', 'true');
  expect(within(settings).getByText('Auth Token non valido: il token Twilio ha 32 caratteri')).toBeInTheDocument();
  expect(screen.queryByText('Impostazioni Twilio salvate con successo')).toBeNull();
});

it('lets a super admin save credentials and toggles: the token comes back masked, never in clear', async () => {
  const { businessId } = await createAdminWithBusiness();
  const { user } = await renderSignedIn(<TwilioSettingsScreen />, PATH, DEMO_SUPERADMIN, { preloadedState: { currentBusiness: { id: businessId } } });
  const settings = await form();
  expect(within(settings).getByText('Nessun token salvato.')).toBeInTheDocument();
  await user.type(within(settings).getByLabelText('Account SID'), ACCOUNT_SID);
  await user.type(within(settings).getByLabelText('Auth Token'), TOKEN);
  await user.type(within(settings).getByLabelText('Numero di telefono'), '+39 333 765 4321');
  await user.type(within(settings).getByLabelText('Mittente email'), 'negozio@example.it');
  const sms = within(settings).getByRole('checkbox', { name: 'SMS abilitato' });
  expect(sms).toBeEnabled();
  await user.click(sms);
  await user.click(within(settings).getByRole('checkbox', { name: 'Email abilitata' }));
  await user.click(within(settings).getByRole('button', { name: 'Salva impostazioni' }));
  expect(await screen.findByText('Impostazioni Twilio salvate con successo')).toBeInTheDocument();
  expect(await within(settings).findByText('Token salvato: ••••babe. Lascia vuoto per mantenerlo.')).toBeInTheDocument();
  expect(within(settings).getByLabelText('Auth Token')).toHaveValue('');
  expect(document.body.textContent).not.toContain(TOKEN);

  const { token } = await logIn(DEMO_SUPERADMIN);
  const { body } = await callApi<TwilioSettings>(`/twilio/settings?businessId=${businessId}`, { token });
  expect(body).toMatchObject({ accountSid: ACCOUNT_SID, authToken: '••••babe', phoneNumber: '+393337654321', emailSender: 'negozio@example.it', smsEnabled: true, emailEnabled: true, whatsappEnabled: false });

  // Saving again without typing a token keeps the stored one.
  await user.click(within(settings).getByRole('button', { name: 'Salva impostazioni' }));
  await waitFor(async () => expect((await callApi<TwilioSettings>(`/twilio/settings?businessId=${businessId}`, { token })).body.authToken).toBe('••••babe'));
});

it('edits the bonus WhatsApp text: the default first, checked like the API, saved on the server', async () => {
  const { account, token, businessId } = await createAdminWithBusiness();
  const { user } = await renderSignedIn(<TwilioSettingsScreen />, PATH, account, { preloadedState: { currentBusiness: { id: businessId } } });
  const settings = await form();
  const text = within(settings).getByLabelText('Messaggio bonus');
  expect(text).toHaveValue('Complimenti {nome}! Con {punti} punti hai raggiunto un premio da {negozio}.');
  expect(text).toHaveAccessibleDescription(expect.stringContaining('{traguardo}: punti del premio raggiunto'));
  const stored = async () => (await callApi<TwilioSettings>(`/twilio/settings?businessId=${businessId}`, { token })).body.bonusTemplate;

  await user.clear(text);
  await user.click(within(settings).getByRole('button', { name: 'Salva impostazioni' }));
  // The form's rules check on submit, asynchronously (its resolver): the message comes after the click's handlers.
  await waitFor(() => expect(text).toHaveAccessibleDescription(expect.stringContaining('Il messaggio bonus non può essere vuoto')));
  await user.type(text, 'Ciao {{nome}, hai {{saldo} punti');
  await user.click(within(settings).getByRole('button', { name: 'Salva impostazioni' }));
  expect(
    await within(settings).findByText('Segnaposto sconosciuto nel messaggio bonus: {saldo}. Usa {nome}, {punti}, {negozio}, {traguardo}'),
  ).toBeInTheDocument();
  expect(screen.queryByText('Impostazioni Twilio salvate con successo')).toBeNull();
  expect(await stored()).toBe('Complimenti {nome}! Con {punti} punti hai raggiunto un premio da {negozio}.');

  await user.clear(text);
  await user.type(text, 'Bravo {{nome}! Con {{punti} punti il premio di {{negozio} è tuo.');
  await user.click(within(settings).getByRole('button', { name: 'Salva impostazioni' }));
  expect(await screen.findByText('Impostazioni Twilio salvate con successo')).toBeInTheDocument();
  expect(text).not.toHaveAttribute('aria-invalid');
  expect(await stored()).toBe('Bravo {nome}! Con {punti} punti il premio di {negozio} è tuo.');
});

it('narrows the sending window (quiet hours): 9–20 first, the end after the start, saved on the server', async () => {
  const { account, token, businessId } = await createAdminWithBusiness();
  const { user } = await renderSignedIn(<TwilioSettingsScreen />, PATH, account, { preloadedState: { currentBusiness: { id: businessId } } });
  const settings = await form();
  const window = within(settings).getByRole('region', { name: 'Orario di invio' });
  const from = within(window).getByLabelText('Dalle ore');
  const until = within(window).getByLabelText('Alle ore');
  expect([from, until].map((s) => (s as HTMLSelectElement).value)).toEqual(['9', '20']);
  expect(within(from).getAllByRole('option').map((o) => o.textContent)).toEqual(['9:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00']);
  const stored = async () => (await callApi<TwilioSettings>(`/twilio/settings?businessId=${businessId}`, { token })).body;

  await user.selectOptions(from, '15:00');
  await user.selectOptions(until, '12:00');
  await user.click(within(settings).getByRole('button', { name: 'Salva impostazioni' }));
  expect(until).toHaveAccessibleDescription(expect.stringContaining('L’orario di fine deve essere dopo quello di inizio'));
  expect(await stored()).toMatchObject({ sendFrom: 9, sendUntil: 20 });

  await user.selectOptions(from, '10:00');
  await user.selectOptions(until, '19:00');
  await user.click(within(settings).getByRole('button', { name: 'Salva impostazioni' }));
  expect(await screen.findByText('Impostazioni Twilio salvate con successo')).toBeInTheDocument();
  expect(await stored()).toMatchObject({ sendFrom: 10, sendUntil: 19 });
});

describe('connection test', () => {
  it('is disabled until a recipient is given, and in test mode says that nothing real was checked', async () => {
    const { user } = await renderSignedIn(<TwilioSettingsScreen />, PATH, DEMO_ADMIN);
    const test = await screen.findByRole('form', { name: 'Test di connessione' });
    const button = within(test).getByRole('button', { name: 'Testa connessione' });
    expect(button).toBeDisabled();
    await user.type(within(test).getByLabelText('Destinatario di prova'), '   ');
    expect(button).toBeDisabled();
    await user.type(within(test).getByLabelText('Destinatario di prova'), '+393331234567');
    expect(button).toBeEnabled();
    expect(await screen.findByText(/Modalità prova: i messaggi non vengono consegnati/)).toBeInTheDocument();
    await user.click(button);
    expect(await within(test).findByRole('status')).toHaveTextContent('Modalità prova: nessuna connessione verificata. Configura un fornitore per inviare davvero.');
    expect(screen.queryByText('Test di connessione SMS completato con successo')).toBeNull();
  });

  it("shows the API's error, e.g. for a channel the business has not enabled", async () => {
    const { user } = await renderSignedIn(<TwilioSettingsScreen />, PATH, DEMO_ADMIN);
    const test = await screen.findByRole('form', { name: 'Test di connessione' });
    await user.selectOptions(within(test).getByLabelText('Servizio'), 'Email');
    await user.type(within(test).getByLabelText('Destinatario di prova'), 'cliente@example.it');
    await user.click(within(test).getByRole('button', { name: 'Testa connessione' }));
    expect(await within(test).findByRole('alert')).toHaveTextContent('Servizio Email non abilitato per questo business');
  });
});

describe('errors', () => {
  const BAR = { id: 'b1', name: 'Bar', address: null, phone: null, email: null, website: null, whatsapp_enabled: 1, sms_enabled: 1, email_enabled: 0 };
  const SETTINGS: TwilioSettings = {
    accountSid: '', authToken: '', phoneNumber: '', messagingServiceSid: '', emailSender: '', whatsappEnabled: true, smsEnabled: true, emailEnabled: false, driver: '',
  };

  it('shows the load error with Riprova, then the save and test errors with their defaults', async () => {
    const server = await startTestApiServer({ 'GET /business': { body: [BAR] }, 'GET /twilio/settings': { status: 500, body: {} } });
    try {
      const { user } = renderWithProviders(<TwilioSettingsScreen />, { route: PATH, preloadedState: { session: { user: ADMIN_USER, loading: false, checked: true } } });
      expect(await screen.findByRole('alert')).toHaveTextContent('Errore durante il caricamento delle impostazioni');
      server.use({
        'GET /twilio/settings': { body: SETTINGS },
        'PUT /twilio/settings/b1': { status: 500, body: {} },
        'POST /twilio/test-connection': { status: 502, body: {} },
      });
      await user.click(screen.getByRole('button', { name: 'Riprova' }));
      const settings = await form();
      await user.click(within(settings).getByRole('button', { name: 'Salva impostazioni' }));
      expect(await within(settings).findByRole('alert')).toHaveTextContent('Errore durante il salvataggio delle impostazioni');
      // An admin sends no flags: only a super admin may change them.
      const put = server.requests.find((r) => r.method === 'PUT')!;
      expect(put.body).not.toHaveProperty('smsEnabled');

      const test = screen.getByRole('form', { name: 'Test di connessione' });
      await user.type(within(test).getByLabelText('Destinatario di prova'), '+393331234567');
      await user.click(within(test).getByRole('button', { name: 'Testa connessione' }));
      expect(await within(test).findByRole('alert')).toHaveTextContent('Errore durante il test di connessione');
    } finally {
      await server.close();
    }
  });
});

it('shows «Messaggi inviati questo mese» per channel, counted by the API from the shop’s message log', async () => {
  // A new shop with every service off has sent nothing: the counts the API gives it, this month and the previous.
  const { account, token, businessId } = await createAdminWithBusiness();
  const { body: usage } = await callApi<{ months: { month: string; total: number }[] }>(`/messaging/usage?businessId=${businessId}`, { token });
  expect(usage.months.map((m) => m.total)).toEqual([0, 0]);
  await renderSignedIn(<TwilioSettingsScreen />, PATH, account, { preloadedState: { currentBusiness: { id: businessId } } });
  const section = await screen.findByRole('region', { name: 'Messaggi inviati questo mese' });
  await within(section).findByText('Totale');
  const terms = within(section).getAllByRole('term').map((term) => term.textContent);
  const values = within(section).getAllByRole('definition').map((value) => value.textContent);
  expect(terms).toEqual(['WhatsApp', 'SMS', 'Email', 'Totale']);
  expect(values).toEqual(['0', '0', '0', '0']);
  const previous = new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${usage.months[1].month}-01T12:00:00Z`));
  expect(within(section).getByText(`${previous}: 0 messaggi inviati.`)).toBeInTheDocument();
  // Nothing went through the platform's account: no sentence about it.
  expect(within(section).queryByText(/account della piattaforma/)).toBeNull();
});
