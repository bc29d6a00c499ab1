/** The users screen against the real API and its demo seed. */
import { Route, Routes } from '@loyalty/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@loyalty/shared/testing';
import type { User } from '@loyalty/shared';
import {
  DASHBOARD_BASE_URL,
  DEMO_ADMIN,
  DEMO_SUPERADMIN,
  callApi,
  configureTestRuntime,
  createAdmin,
  logIn,
  renderSignedIn,
  uniqueEmail,
  unreachableApiBaseUrl,
} from '../../../../../test/helpers';
import { TEAM_LOAD_ERROR } from '../TeamSection';
import { AUDIT_LOAD_ERROR } from '../AuditSection';
import { UsersScreen } from '../UsersScreen';
import { newUserRequest, EMPTY_NEW_USER } from '../../model/newUser';
import { userQrFileName, userQrLink } from '../../model/userQr';

const PATH = '/dashboard/users';
const renderUsers = (account = DEMO_ADMIN) => renderSignedIn(<UsersScreen />, PATH, account);

beforeEach(() => {
  localStorage.clear();
  configureTestRuntime();
});

describe('access', () => {
  it('sends a client to /dashboard', async () => {
    const client: User = { id: 'c1', email: 'c@example.it', full_name: 'Cliente', role: 'client', phone: null, created_at: '2026-01-01', business_id: null };
    renderWithProviders(
      <Routes>
        <Route path={PATH} element={<UsersScreen />} />
        <Route path="/dashboard" element={<h1>Panoramica</h1>} />
      </Routes>,
      { route: PATH, preloadedState: { session: { user: client, loading: false, checked: true } } },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Panoramica' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Gestione Utenti' })).toBeNull();
  });
});

describe('as an admin', () => {
  it('shows a new admin without any business where to create the first', async () => {
    await renderUsers(await createAdmin());
    const create = await screen.findByRole('link', { name: 'Crea la tua prima attività' });
    expect(create).toHaveAttribute('href', '/dashboard/settings?tab=aziende');
  });

  it('says what would fill the list of a business without clients', async () => {
    const admin = await createAdmin();
    const { token } = await logIn(admin);
    const { body: shop } = await callApi<{ id: string; name: string }>('/business', { method: 'POST', token, body: { name: 'Negozio Vuoto' } });
    const { user } = await renderUsers(admin);
    const filter = await screen.findByLabelText('Filtra per azienda');
    await within(filter).findByRole('option', { name: 'Negozio Vuoto' });
    await user.selectOptions(filter, shop.id);
    expect(await screen.findByText('Nessun utente trovato')).toBeInTheDocument();
    expect(
      screen.getByText('Nessun cliente con una carta di questa azienda: crealo con il modulo qui sopra o condividi il link di iscrizione.'),
    ).toBeInTheDocument();
  });

  it('lists the card holders of the business it chooses, with role labels and a Codice QR column', async () => {
    const { user, token } = await renderUsers();
    // A client of each demo business, so the filter shows a difference.
    const barClient = uniqueEmail('bar');
    const profumeriaClient = uniqueEmail('profumeria');
    await callApi('/users', { method: 'POST', token, body: { email: barClient, full_name: 'Cliente Bar', role: 'client', business_id: 'default-business-id' } });
    await callApi('/users', { method: 'POST', token, body: { email: profumeriaClient, full_name: 'Cliente Profumeria', role: 'client', business_id: 'demo-profumeria-bella' } });

    const filter = await screen.findByLabelText('Filtra per azienda');
    await waitFor(() => expect(filter).toHaveValue('default-business-id'));
    await user.selectOptions(filter, 'demo-profumeria-bella');
    const table = await screen.findByRole('table', { name: 'Utenti' });
    expect(within(table).getByRole('columnheader', { name: 'Codice QR' })).toBeInTheDocument();
    const row = (await within(table).findByText(profumeriaClient)).closest('tr')!;
    expect(within(row).getByText('Cliente')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Scarica QR di Cliente Profumeria' })).toBeEnabled();
    expect(within(table).queryByText(barClient)).toBeNull();

    await user.selectOptions(filter, 'default-business-id');
    expect(await within(await screen.findByRole('table', { name: 'Utenti' })).findByText(barClient)).toBeInTheDocument();
    expect(screen.queryByText(profumeriaClient)).toBeNull();
  });

  it('requires email and name, and a business for a client', async () => {
    const { user } = await renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Crea utente' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Campi email e nome sono obbligatori');

    await user.type(screen.getByLabelText('Email'), uniqueEmail('nuovo'));
    await user.type(screen.getByLabelText('Nome completo'), '   ');
    await user.click(screen.getByRole('button', { name: 'Crea utente' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Campi email e nome sono obbligatori');

    await user.type(screen.getByLabelText('Nome completo'), 'Giulia Rossi');
    await user.click(screen.getByRole('button', { name: 'Crea utente' }));
    expect(screen.getByRole('alert')).toHaveTextContent("Seleziona un'azienda per associare il cliente");
  });

  it('creates only clients: a colleague is invited (decision 070), never created without a password', async () => {
    await renderUsers();
    const roles = await screen.findByLabelText('Ruolo');
    expect([...(roles as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Cliente']);
    expect(screen.queryByLabelText('Password')).toBeNull();
    const invite = screen.getByRole('region', { name: 'Invita un collega' });
    expect(within(invite).getByLabelText('Ruolo del collega')).toBeInTheDocument();
    expect([...(within(invite).getByLabelText('Ruolo del collega') as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Operatore di cassa', 'Amministratore']);
  });

  it('creates a client of a business, shows its QR and lists it under that business', async () => {
    const { user } = await renderUsers();
    await waitFor(() => expect(screen.getByLabelText('Filtra per azienda')).toHaveValue('default-business-id'));
    const email = uniqueEmail('giulia');
    await user.type(await screen.findByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Nome completo'), 'Giulia Verdi');
    await user.type(screen.getByLabelText('Telefono'), '+39 333 1234567');
    const business = screen.getByLabelText('Azienda del cliente');
    await user.selectOptions(business, 'demo-profumeria-bella');
    await user.click(screen.getByRole('button', { name: 'Crea utente' }));

    expect(await screen.findByText('Utente creato con successo')).toBeInTheDocument();
    const qr = await screen.findByRole('img', { name: 'Codice QR della carta di Giulia Verdi' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByRole('link', { name: 'Scarica il codice QR' })).toHaveAttribute('download', 'qr-giulia-verdi.png');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Filtra per azienda')).toHaveValue('demo-profumeria-bella');
    const table = await screen.findByRole('table', { name: 'Utenti' });
    const row = (await within(table).findByText(email)).closest('tr')!;
    // Italian national format and a two-digit day and month.
    expect(within(row).getByText('333 123 4567')).toBeInTheDocument();
    const today = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(within(row).getByText(`${pad(today.getDate())}/${pad(today.getMonth() + 1)}/${today.getFullYear()}`)).toBeInTheDocument();
  });

  it("shows the server's error", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await renderUsers();
    const invite = await screen.findByRole('region', { name: 'Invita un collega' });
    await user.type(within(invite).getByLabelText('Email del collega'), DEMO_ADMIN.email);
    await user.type(within(invite).getByLabelText('Nome e cognome'), 'Doppione');
    await user.click(await within(invite).findByLabelText('Bar Centrale'));
    await user.click(within(invite).getByRole('button', { name: 'Invia invito' }));
    // An admin is not told whose the address is: one neutral sentence for any account.
    expect(await within(invite).findByRole('alert')).toHaveTextContent('Questo indirizzo email ha già un account: non può ricevere un invito.');
  });
});

describe('the phone number', () => {
  it('stops a phone that is not a number before the server, under the field, and focuses it', async () => {
    const { user } = await renderUsers();
    await user.type(await screen.findByLabelText('Email'), uniqueEmail('lettere'));
    await user.type(screen.getByLabelText('Nome completo'), 'Lettere Nel Numero');
    await user.type(screen.getByLabelText('Telefono'), 'abc');
    await user.selectOptions(screen.getByLabelText('Azienda del cliente'), 'default-business-id');
    await user.click(screen.getByRole('button', { name: 'Crea utente' }));
    expect(screen.getByLabelText('Telefono')).toHaveAccessibleDescription('Numero di telefono non valido');
    expect(screen.getByLabelText('Telefono')).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's 'Numero di telefono non valido' under the field for a number shaped right but not valid", async () => {
    const { user } = await renderUsers();
    await user.type(await screen.findByLabelText('Email'), uniqueEmail('seicifre'));
    await user.type(screen.getByLabelText('Nome completo'), 'Sei Cifre');
    await user.type(screen.getByLabelText('Telefono'), '123456');
    await user.selectOptions(screen.getByLabelText('Azienda del cliente'), 'default-business-id');
    await user.click(screen.getByRole('button', { name: 'Crea utente' }));
    await waitFor(() => expect(screen.getByLabelText('Telefono')).toHaveAccessibleDescription('Numero di telefono non valido'));
    expect(screen.getByLabelText('Telefono')).toHaveFocus();
    expect(screen.getByLabelText('Telefono')).toHaveAttribute('aria-invalid', 'true');

    // Written properly, the same person is created and the message goes away.
    await user.clear(screen.getByLabelText('Telefono'));
    await user.type(screen.getByLabelText('Telefono'), '333 765 4321');
    await user.click(screen.getByRole('button', { name: 'Crea utente' }));
    expect(await screen.findByText('Utente creato con successo')).toBeInTheDocument();
    expect(screen.getByLabelText('Telefono')).not.toHaveAccessibleDescription();
  });
});

describe('as the super admin', () => {
  it('sees every user, admins and itself included', async () => {
    await renderUsers(DEMO_SUPERADMIN);
    const table = await screen.findByRole('table', { name: 'Utenti' });
    expect(screen.queryByLabelText('Filtra per azienda')).toBeNull();
    const superRow = (await within(table).findByText(DEMO_SUPERADMIN.email)).closest('tr')!;
    expect(within(superRow).getByText('Super Admin')).toBeInTheDocument();
    expect(within(superRow).getByText('Nessuna carta')).toBeInTheDocument();
    const adminRow = within(table).getByText(DEMO_ADMIN.email).closest('tr')!;
    expect(within(adminRow).getByText('Admin')).toBeInTheDocument();
  });

  it('creates an admin with a password of at least 8 characters, who can then log in', async () => {
    const { user } = await renderUsers(DEMO_SUPERADMIN);
    await user.selectOptions(await screen.findByLabelText('Ruolo'), 'admin');
    const email = uniqueEmail('nuovo.admin');
    await user.type(screen.getByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Nome completo'), 'Nuovo Admin');
    await user.type(screen.getByLabelText('Password'), 'corta');
    await user.click(screen.getByRole('button', { name: 'Crea utente' }));
    // The form's rules are checked by an async resolver: its alert comes a moment after the click.
    expect(await screen.findByRole('alert')).toHaveTextContent('La password deve contenere almeno 8 caratteri');

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Segreta2026!');
    await user.click(screen.getByRole('button', { name: 'Crea utente' }));
    expect(await screen.findByText('Utente creato con successo')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Codice QR/ })).toBeNull();
    const row = (await within(await screen.findByRole('table', { name: 'Utenti' })).findByText(email)).closest('tr')!;
    expect(within(row).getByText('Admin')).toBeInTheDocument();

    const { user: loggedIn } = await logIn({ email, password: 'Segreta2026!' });
    expect(loggedIn).toMatchObject({ email, role: 'admin', full_name: 'Nuovo Admin' });
    // Sixty keystrokes, each re-rendering the whole screen (users, colleagues, audit), and four API calls: past
    // Jest's 30 s in a CI-like run at load 11 (the suite took 84 s).
  }, 90_000);
});

it("shows 'Errore nel caricamento degli utenti' when the list cannot be loaded", async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  configureTestRuntime(await unreachableApiBaseUrl());
  renderWithProviders(<UsersScreen />, {
    route: PATH,
    preloadedState: { session: { user: (await logIn(DEMO_SUPERADMIN)).user, loading: false, checked: true } },
  });
  expect(await screen.findByText('Errore nel caricamento degli utenti')).toBeInTheDocument();
  // The colleagues' list (decision 070) fails on its own, with its own words: each list has its «Riprova».
  expect(await screen.findByText(TEAM_LOAD_ERROR)).toBeInTheDocument();
  // So does the super admin's audit (decision 078).
  expect(await screen.findByText(AUDIT_LOAD_ERROR)).toBeInTheDocument();
  expect(screen.getAllByRole('button', { name: 'Riprova' })).toHaveLength(3);
});

describe('requests and QR links', () => {
  it('sends the business only for a client and the password only for a super admin creating an admin', () => {
    const form = { ...EMPTY_NEW_USER, email: ' a@b.it ', full_name: ' Anna ', business_id: 'b1', password: 'Segreta2026!' };
    expect(newUserRequest(form, false)).toEqual({ email: 'a@b.it', full_name: 'Anna', role: 'client', business_id: 'b1' });
    expect(newUserRequest({ ...form, role: 'admin' }, false)).toEqual({ email: 'a@b.it', full_name: 'Anna', role: 'admin' });
    expect(newUserRequest({ ...form, role: 'admin', phone: '123' }, true)).toEqual({
      email: 'a@b.it',
      full_name: 'Anna',
      role: 'admin',
      phone: '123',
      password: 'Segreta2026!',
    });
  });

  it('builds the QR link on the configured dashboard address', () => {
    expect(userQrLink('card-1', 'user-1')).toBe(`${DASHBOARD_BASE_URL}/dashboard/add-points?card_id=card-1&user_id=user-1`);
    expect(userQrFileName('Niccolò D’Amico')).toBe('qr-niccolo-d-amico.png');
  });
});
