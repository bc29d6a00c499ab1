/**
 * Impostazioni App → Messaggistica piattaforma (decision 086). Against the real API: what the super admin reads and
 * what a half-made account gets (the API's Italian refusal, nothing saved — the API is shared with the other suites,
 * so nothing here makes shops send for real). The save itself against a recording stand-in of the API: which fields
 * leave, that an empty secret field keeps the saved secret, and the usage table's figures.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { startTestApiServer, type TestApiServer } from '@loyalty/shared/testing';
import { DEMO_SUPERADMIN, callApi, configureTestRuntime, logIn, renderSignedIn } from '../../../../../test/helpers';
import { SettingsScreen } from '../SettingsScreen';
import { PlatformMessagingTab } from '../PlatformMessagingTab';

jest.setTimeout(30_000);
const PATH = '/dashboard/settings';
const SID = `AC${'ab12'.repeat(8)}`;

beforeEach(() => {
  localStorage.clear();
  configureTestRuntime();
});

const accountForm = () => screen.findByRole('form', { name: 'Account di messaggistica della piattaforma' });

describe('against the real API', () => {
  it('shows the empty account, refuses a half-made one with the API’s Italian error and saves nothing, and lists every shop’s messages', async () => {
    const { token } = await logIn(DEMO_SUPERADMIN);
    const before = await callApi('/platform/messaging-account', { token });
    const { user } = await renderSignedIn(<SettingsScreen />, PATH, DEMO_SUPERADMIN, { initialEntry: `${PATH}?tab=messaggistica` });
    expect(screen.getByRole('tab', { name: 'Messaggistica piattaforma' })).toHaveAttribute('aria-selected', 'true');
    const form = await accountForm();
    expect(within(form).getByLabelText('Auth Token')).toHaveValue('');
    expect(within(form).getByText('Nessun token salvato.')).toBeInTheDocument();
    expect(within(form).getByText('Nessuna password salvata.')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Account SID'), SID);
    await user.click(within(form).getByRole('button', { name: 'Salva account' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Account Twilio della piattaforma incompleto: servono Account SID e Auth Token insieme');
    expect((await callApi('/platform/messaging-account', { token })).body).toEqual(before.body);

    await user.clear(within(form).getByLabelText('Account SID'));
    await user.type(within(form).getByLabelText('Account SID'), 'AC1');
    await user.click(within(form).getByRole('button', { name: 'Salva account' }));
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent('Campo "Account SID della piattaforma" non valido: deve essere AC seguito da 32 caratteri esadecimali'));

    // Every shop has a row; the demo's Bar Centrale, in test mode, sent nothing this month.
    const table = await screen.findByRole('table', { name: 'Messaggi inviati per negozio' });
    const bar = within(table).getByRole('row', { name: /^Bar Centrale/ });
    expect(within(bar).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['0', '0', '0', '0', '0', '0']);
  });
});

describe('saving, against a recording stand-in of the API', () => {
  let stub: TestApiServer;
  const saved = {
    twilioAccountSid: SID,
    twilioAuthToken: '••••9f3a',
    twilioSmsFrom: '+390299999999',
    smsShopNameSender: true,
    twilioWhatsappFrom: '',
    smtpHost: 'smtp.piattaforma.example.it',
    smtpPort: 587,
    smtpSecure: false,
    smtpUser: 'piattaforma',
    smtpPassword: '••••7319',
    emailFrom: 'messaggi@piattaforma.example.it',
    channels: { whatsapp: false, sms: true, email: true },
    updatedAt: '2026-11-20T10:00:00.000Z',
  };
  beforeEach(async () => {
    stub = await startTestApiServer({
      'GET /platform/messaging-account': { body: saved },
      'PUT /platform/messaging-account': (request) => ({
        body: { message: 'Account di messaggistica della piattaforma salvato', account: { ...saved, ...(request.body as object), twilioAuthToken: '••••beef', updatedAt: '2026-11-21T10:00:00.000Z' } },
      }),
      'GET /platform/messaging-usage': {
        body: {
          months: ['2026-11', '2026-10'],
          shops: [
            {
              businessId: 'libreria',
              name: 'Libreria Altrove',
              months: [
                { month: '2026-11', whatsapp: 1, sms: 12, email: 30, total: 43, platform: 42 },
                { month: '2026-10', whatsapp: 0, sms: 5, email: 2, total: 7, platform: 7 },
              ],
            },
          ],
        },
      },
    });
    configureTestRuntime(stub.apiBaseUrl);
  });
  afterEach(() => stub.close());

  it('keeps a saved secret when its field is left empty, sends a new one once, and shows only its mask', async () => {
    const { user } = await renderSignedIn(<PlatformMessagingTab />, PATH, DEMO_SUPERADMIN);
    let form = await accountForm();
    expect(screen.getByText('Canali serviti: SMS, Email')).toBeInTheDocument();
    expect(within(form).getByText('Token salvato: ••••9f3a. Lascia vuoto per mantenerlo.')).toBeInTheDocument();
    expect(within(form).getByText('Password salvata: ••••7319. Lascia vuoto per mantenerla.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Server SMTP')).toHaveValue('smtp.piattaforma.example.it');

    await user.type(within(form).getByLabelText('Numero WhatsApp'), '+390288888888');
    await user.click(within(form).getByRole('button', { name: 'Salva account' }));
    await waitFor(() => expect(stub.requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    const first = stub.requests.find((r) => r.method === 'PUT')!.body as Record<string, unknown>;
    expect(first).toMatchObject({ twilioAccountSid: SID, twilioWhatsappFrom: '+390288888888', smtpPort: 587, smsShopNameSender: true });
    expect(first).not.toHaveProperty('twilioAuthToken');
    expect(first).not.toHaveProperty('smtpPassword');

    form = await accountForm();
    await user.type(within(form).getByLabelText('Auth Token'), 'nuovo-token-0123456789abcdefbeef');
    await user.click(within(form).getByRole('button', { name: 'Salva account' }));
    await waitFor(() => expect(stub.requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
    expect(stub.requests.filter((r) => r.method === 'PUT')[1].body).toMatchObject({ twilioAuthToken: 'nuovo-token-0123456789abcdefbeef' });
    await waitFor(() => expect(within(form).getByLabelText('Auth Token')).toHaveValue(''));
  });

  it('shows each shop’s messages this month by channel, how many through the platform, and last month’s total', async () => {
    await renderSignedIn(<PlatformMessagingTab />, PATH, DEMO_SUPERADMIN);
    const table = await screen.findByRole('table', { name: 'Messaggi inviati per negozio' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Negozio',
      'WhatsApp',
      'SMS',
      'Email',
      'Totale novembre 2026',
      'Di cui con la piattaforma',
      'Totale ottobre 2026',
    ]);
    const row = within(table).getByRole('row', { name: /^Libreria Altrove/ });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1', '12', '30', '43', '42', '7']);
  });
});
