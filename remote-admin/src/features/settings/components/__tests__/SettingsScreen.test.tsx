/** The settings screen against the real API and its demo seed. */
import { screen, waitFor, within } from '@testing-library/react';
import { selectCurrentBusinessId, setRuntimeConfig, getRuntimeConfig, type Business } from '@loyalty/shared';
import {
  DEMO_ADMIN,
  DEMO_SUPERADMIN,
  LANDING_BASE_URL,
  callApi,
  configureTestRuntime,
  createAdmin,
  currentLocation,
  logIn,
  renderSignedIn,
  unreachableApiBaseUrl,
  type Account,
} from '../../../../../test/helpers';
import { SettingsScreen } from '../SettingsScreen';
import { POSTER_HEIGHT, POSTER_QR_SIZE, POSTER_WIDTH, posterFileName, signupLink } from '../../model/signupPoster';

const PATH = '/dashboard/settings';
const renderSettings = (account: Account = DEMO_ADMIN) => renderSignedIn(<SettingsScreen />, PATH, account);

beforeEach(() => {
  localStorage.clear();
  configureTestRuntime();
});

describe('tabs', () => {
  it('gives an admin Account, Aziende and Wallet only', async () => {
    await renderSettings();
    expect(screen.getByRole('heading', { level: 1, name: 'Impostazioni App' })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Sezioni delle impostazioni' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Account', 'Aziende', 'Wallet']);
  });

  it('gives the counter’s staff their Account only', async () => {
    const staff = await createAdmin('Cassa2026!');
    const { token: superToken } = await logIn(DEMO_SUPERADMIN);
    expect((await callApi(`/accounts/${staff.id}/role`, { method: 'PUT', token: superToken, body: { role: 'staff' } })).status).toBe(200);
    await renderSettings(staff);
    const tabs = screen.getByRole('tablist', { name: 'Sezioni delle impostazioni' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Account']);
    expect(screen.queryByText(/Errore/)).toBeNull();
  });

  it('adds Gestione Admin, Servizi and Messaggistica piattaforma for the super admin, reachable by keyboard', async () => {
    const { user } = await renderSettings(DEMO_SUPERADMIN);
    const tabs = screen.getByRole('tablist', { name: 'Sezioni delle impostazioni' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Account', 'Aziende', 'Wallet', 'Gestione Admin', 'Servizi', 'Messaggistica piattaforma']);
    await user.click(screen.getByRole('tab', { name: 'Account' }));
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Messaggistica piattaforma' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { level: 2, name: 'Messaggistica piattaforma' })).toBeInTheDocument();
  });

  it('opens the tab the address names (the link for a first business) and keeps the open tab there', async () => {
    const { user } = await renderSignedIn(<SettingsScreen />, PATH, DEMO_ADMIN, { initialEntry: `${PATH}?tab=aziende` });
    expect(screen.getByRole('tab', { name: 'Aziende' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { level: 2, name: 'Nuova azienda' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Account' }));
    expect(currentLocation()).toBe(`${PATH}?tab=account`);
  });

  it("opens the first tab when the address names one the user may not see", async () => {
    await renderSignedIn(<SettingsScreen />, PATH, DEMO_ADMIN, { initialEntry: `${PATH}?tab=servizi` });
    expect(screen.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('Account: password change', () => {
  it('checks the three fields, the confirmation and the length before calling the server', async () => {
    const { user } = await renderSettings();
    const submit = screen.getByRole('button', { name: 'Aggiorna password' });
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Compila tutti i campi della password');

    await user.type(screen.getByLabelText('Password attuale'), 'qualcosa');
    await user.type(screen.getByLabelText('Nuova password'), 'NuovaPass1');
    await user.type(screen.getByLabelText('Conferma nuova password'), 'NuovaPass2');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Le password non corrispondono');

    await user.clear(screen.getByLabelText('Nuova password'));
    await user.clear(screen.getByLabelText('Conferma nuova password'));
    await user.type(screen.getByLabelText('Nuova password'), 'corta');
    await user.type(screen.getByLabelText('Conferma nuova password'), 'corta');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('La nuova password deve contenere almeno 8 caratteri');
  });

  it("shows the server's error for a wrong current password, then changes it", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const admin = await createAdmin('Iniziale2026!');
    const { user, token: oldToken } = await renderSettings(admin);
    const fill = async (current: string) => {
      await user.clear(screen.getByLabelText('Password attuale'));
      await user.type(screen.getByLabelText('Password attuale'), current);
      await user.clear(screen.getByLabelText('Nuova password'));
      await user.type(screen.getByLabelText('Nuova password'), 'Cambiata2026!');
      await user.clear(screen.getByLabelText('Conferma nuova password'));
      await user.type(screen.getByLabelText('Conferma nuova password'), 'Cambiata2026!');
      await user.click(screen.getByRole('button', { name: 'Aggiorna password' }));
    };
    await fill('Sbagliata2026!');
    expect(await screen.findByRole('alert')).toHaveTextContent('La password attuale non è corretta');

    await fill('Iniziale2026!');
    expect(await screen.findByText('Password aggiornata con successo')).toBeInTheDocument();
    expect(screen.getByLabelText('Password attuale')).toHaveValue('');
    await expect(logIn({ email: admin.email, password: 'Cambiata2026!' })).resolves.toBeTruthy();
    // The change ends the sessions signed before it; this one goes on with the token the answer carried.
    const newToken = localStorage.getItem('token');
    expect(newToken).not.toBe(oldToken);
    expect((await callApi('/auth/me', { token: oldToken })).status).toBe(401);
    expect((await callApi('/auth/me', { token: newToken! })).status).toBe(200);
  });
});

describe('Aziende', () => {
  it('requires the name, then creates the business and makes it the current one', async () => {
    const admin = await createAdmin();
    const { user, store } = await renderSettings(admin);
    await user.click(screen.getByRole('tab', { name: 'Aziende' }));
    expect(await screen.findByText('Nessuna azienda trovata')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');

    await user.click(screen.getByRole('button', { name: 'Crea azienda' }));
    expect(screen.getByRole('alert')).toHaveTextContent("Il nome dell'azienda è obbligatorio");

    await user.type(screen.getByLabelText("Nome dell'azienda"), 'Libreria Dante');
    await user.type(screen.getByLabelText('Indirizzo'), 'Via Roma 1, Firenze');
    await user.click(screen.getByRole('button', { name: 'Crea azienda' }));
    expect(await screen.findByText('Azienda creata con successo')).toBeInTheDocument();

    const list = await screen.findByRole('list', { name: 'Le tue aziende' });
    expect(await within(list).findByRole('heading', { name: 'Libreria Dante (attuale)' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Scarica locandina di Libreria Dante' })).toBeEnabled();
    const { token } = await logIn(admin);
    const { body: businesses } = await callApi<Business[]>('/business', { token });
    expect(businesses).toEqual([expect.objectContaining({ name: 'Libreria Dante', address: 'Via Roma 1, Firenze', phone: null })]);
    expect(selectCurrentBusinessId(store.getState())).toBe(businesses[0].id);

    // A second one takes over as current at once.
    await user.type(screen.getByLabelText("Nome dell'azienda"), 'Libreria Petrarca');
    await user.click(screen.getByRole('button', { name: 'Crea azienda' }));
    expect(await within(list).findByRole('heading', { name: 'Libreria Petrarca (attuale)' })).toBeInTheDocument();
    expect(within(list).getByRole('heading', { name: 'Libreria Dante' })).toBeInTheDocument();
  });

  it("shows the server's error", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await renderSettings();
    await user.click(screen.getByRole('tab', { name: 'Aziende' }));
    await user.type(await screen.findByLabelText("Nome dell'azienda"), 'Azienda Sbagliata');
    await user.type(screen.getByLabelText('Email'), 'non-una-email');
    await user.click(screen.getByRole('button', { name: 'Crea azienda' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Campo "email" non valido');
  });

  it('lists the businesses of the demo admin, each with its poster', async () => {
    const { user } = await renderSettings();
    await user.click(screen.getByRole('tab', { name: 'Aziende' }));
    const list = await screen.findByRole('list', { name: 'Le tue aziende' });
    expect(await within(list).findByRole('button', { name: 'Scarica locandina di Bar Centrale' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Scarica locandina di Profumeria Bella' })).toBeInTheDocument();
    // Beside each, the A4 PDF for print, its name starting with the words it shows.
    const pdf = within(list).getByRole('button', { name: 'Scarica per la stampa (PDF A4) la locandina di Bar Centrale' });
    expect(pdf).toHaveTextContent('Scarica per la stampa (PDF A4)');
  });

  it('builds the poster on the configured landing address, at 600×800 with a 250 px QR', () => {
    expect(signupLink(getRuntimeConfig().landingBaseUrl, 'default-business-id')).toBe(`${LANDING_BASE_URL}/loyalty-cards/create?business_id=default-business-id`);
    expect(signupLink('https://x.it/', 'a b')).toBe('https://x.it/loyalty-cards/create?business_id=a+b');
    expect([POSTER_WIDTH, POSTER_HEIGHT, POSTER_QR_SIZE]).toEqual([600, 800, 250]);
    expect(posterFileName('Caffè Roma & Co.')).toBe('locandina-caffe-roma-co.png');
  });
});

describe('Gestione Admin (super admin)', () => {
  it("lists the admins, shows the chosen one's businesses and makes one current", async () => {
    // The seed gives the demo admin two shops; suites running beside this one on the same server add
    // more, so the label must show what the server counted between these two reads.
    const { token } = await logIn(DEMO_ADMIN);
    const ownedCount = async () => (await callApi<Business[]>('/business', { token })).body.length;
    const before = await ownedCount();
    expect(before).toBeGreaterThanOrEqual(2);
    const { user, store } = await renderSettings(DEMO_SUPERADMIN);
    await user.click(screen.getByRole('tab', { name: 'Gestione Admin' }));
    const picker = await screen.findByLabelText('Admin');
    const demoAdmin = await within(picker).findByRole('option', { name: /admin@demo\.it/ });
    const after = await ownedCount();
    const shown = Number(/– (\d+) aziende$/.exec(demoAdmin.textContent ?? '')?.[1]);
    expect(shown).toBeGreaterThanOrEqual(before);
    expect(shown).toBeLessThanOrEqual(after);
    await user.selectOptions(picker, demoAdmin);

    const businesses = await screen.findByRole('list', { name: /^Aziende di / });
    await user.click(await within(businesses).findByRole('button', { name: 'Seleziona Profumeria Bella' }));
    expect(await screen.findByText('Azienda Profumeria Bella selezionata')).toBeInTheDocument();
    expect(selectCurrentBusinessId(store.getState())).toBe('demo-profumeria-bella');
    expect(within(businesses).getByRole('button', { name: 'Seleziona Profumeria Bella' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("shows 'Errore durante il caricamento dei dettagli admin' when they cannot be loaded", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await renderSettings(DEMO_SUPERADMIN);
    await user.click(screen.getByRole('tab', { name: 'Gestione Admin' }));
    const picker = await screen.findByLabelText('Admin');
    const option = await within(picker).findByRole('option', { name: /admin@demo\.it/ });
    setRuntimeConfig({ ...getRuntimeConfig(), apiBaseUrl: await unreachableApiBaseUrl() });
    await user.selectOptions(picker, option);
    expect(await screen.findByText('Errore durante il caricamento dei dettagli admin')).toBeInTheDocument();
  });
});

describe('Servizi (super admin)', () => {
  it('switches a channel of a business on and off', async () => {
    const admin = await createAdmin();
    const { token } = await logIn(admin);
    const { body: business } = await callApi<Business>('/business', { method: 'POST', token, body: { name: 'Palestra Forza' } });

    const { user } = await renderSettings(DEMO_SUPERADMIN);
    await user.click(screen.getByRole('tab', { name: 'Servizi' }));
    const group = await screen.findByRole('group', { name: 'Palestra Forza' });
    const sms = within(group).getByRole('switch', { name: 'SMS' });
    expect(sms).not.toBeChecked();

    await user.click(sms);
    expect(await screen.findByText('Servizio SMS abilitato con successo')).toBeInTheDocument();
    await waitFor(() => expect(within(group).getByRole('switch', { name: 'SMS' })).toBeChecked());
    expect((await callApi<Business>(`/settings/${business.id}`, { token })).body.sms_enabled).toBe(1);

    await user.click(within(group).getByRole('switch', { name: 'SMS' }));
    expect(await screen.findByText('Servizio SMS disabilitato con successo')).toBeInTheDocument();
    await waitFor(() => expect(within(group).getByRole('switch', { name: 'SMS' })).not.toBeChecked());
    expect((await callApi<Business>(`/settings/${business.id}`, { token })).body.sms_enabled).toBe(0);
  });

  it("shows 'Errore durante la modifica del servizio' when the change fails", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await renderSettings(DEMO_SUPERADMIN);
    await user.click(screen.getByRole('tab', { name: 'Servizi' }));
    const group = await screen.findByRole('group', { name: 'Bar Centrale' });
    setRuntimeConfig({ ...getRuntimeConfig(), apiBaseUrl: await unreachableApiBaseUrl() });
    await user.click(within(group).getByRole('switch', { name: 'Email' }));
    expect(await screen.findByText('Errore durante la modifica del servizio')).toBeInTheDocument();
  });
});
