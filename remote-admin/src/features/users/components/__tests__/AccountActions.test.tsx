/**
 * Decision 078: the row actions of «Gestione Utenti» against the real API and its demo seed. An owner manages
 * the colleague of its shops (role and shops, disable / re-enable, reset link, delete after a confirmation); the
 * super admin manages everyone and reads the audit of those changes.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { DEMO_SUPERADMIN, callApi, configureTestRuntime, createAdmin, logIn, renderSignedIn } from '../../../../../test/helpers';
import { UsersScreen } from '../UsersScreen';
import { ACCOUNT_ROLE_LABELS, assignableRoles, auditActor, auditDetail, initialShops } from '../../model/accountChange';

const PATH = '/dashboard/users';

beforeEach(() => {
  localStorage.clear();
  configureTestRuntime();
});

/** An owner with two shops and a staff colleague («Operatore di cassa») of the first, with a password. */
async function ownerWithColleague(name: string) {
  const owner = await createAdmin();
  const { token: ownerToken } = await logIn(owner);
  const first = (await callApi<{ id: string; name: string }>('/business', { method: 'POST', token: ownerToken, body: { name: `Primo ${name}` } })).body;
  const second = (await callApi<{ id: string; name: string }>('/business', { method: 'POST', token: ownerToken, body: { name: `Secondo ${name}` } })).body;
  const colleague = await createAdmin('Collega2026!');
  const { token: superToken } = await logIn(DEMO_SUPERADMIN);
  await callApi(`/accounts/${colleague.id}/role`, { method: 'PUT', token: superToken, body: { role: 'staff' } });
  const shops = await callApi(`/accounts/${colleague.id}/shops`, { method: 'PUT', token: superToken, body: { business_ids: [first.id] } });
  if (shops.status !== 200) throw new Error(`shops: HTTP ${shops.status}`);
  return { owner, colleague, first, second };
}

const colleagueRow = async (email: string) => (await within(await screen.findByRole('table', { name: 'Colleghi' })).findByText(email)).closest('tr')!;

describe('as an owner', () => {
  it('disables a colleague after a question (who can then no longer log in) and re-enables them at once, with a toast each time', async () => {
    const { owner, colleague } = await ownerWithColleague('Disattiva');
    const { user } = await renderSignedIn(<UsersScreen />, PATH, owner);
    const row = await colleagueRow(colleague.email);
    const disable = await within(row).findByRole('button', { name: 'Disattiva Admin di Prova' });
    // One stray tap signs nobody out: «Annulla» leaves the account as it was.
    await user.click(disable);
    let question = await screen.findByRole('dialog', { name: 'Disattivare l’utente?' });
    expect(question).toHaveTextContent(`Admin di Prova (${colleague.email}) verrà disconnesso subito da ogni dispositivo e non potrà accedere finché non lo riattivi.`);
    await user.click(within(question).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Disattivare l’utente?' })).toBeNull());
    expect(within(await colleagueRow(colleague.email)).getByText('Attivo')).toBeInTheDocument();
    expect((await callApi('/auth/login', { method: 'POST', body: { email: colleague.email, password: colleague.password } })).status).toBe(200);

    await user.click(disable);
    question = await screen.findByRole('dialog', { name: 'Disattivare l’utente?' });
    await user.click(within(question).getByRole('button', { name: 'Disattiva' }));
    // The question closes once the server has answered; the toast (shown over it, then on the page) says so.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Disattivare l’utente?' })).toBeNull());
    expect(await screen.findByText('Utente disattivato: le sue sessioni sono state chiuse')).toBeInTheDocument();
    const disabledRow = await colleagueRow(colleague.email);
    await waitFor(() => expect(within(disabledRow).getByText('Disattivato')).toBeInTheDocument());
    expect(within(disabledRow).queryByRole('button', { name: /Invia link password/ })).toBeNull();
    const refused = await callApi('/auth/login', { method: 'POST', body: { email: colleague.email, password: colleague.password } });
    expect(refused.status).toBe(403);

    await user.click(within(disabledRow).getByRole('button', { name: 'Riattiva Admin di Prova' }));
    expect(await screen.findByText('Utente riattivato')).toBeInTheDocument();
    await waitFor(async () => expect(within(await colleagueRow(colleague.email)).getByText('Attivo')).toBeInTheDocument());
    expect((await callApi('/auth/login', { method: 'POST', body: { email: colleague.email, password: colleague.password } })).status).toBe(200);
  });

  it('changes role and shops in a dialog: at least one shop, only the roles an owner may give; Escape closes it', async () => {
    const { owner, colleague, first, second } = await ownerWithColleague('Modifica');
    const { user } = await renderSignedIn(<UsersScreen />, PATH, owner);
    const row = await colleagueRow(colleague.email);
    expect(within(row).getByText(first.name)).toBeInTheDocument();
    const edit = await within(row).findByRole('button', { name: 'Modifica ruolo e negozi di Admin di Prova' });
    await user.click(edit);
    expect(await screen.findByRole('dialog', { name: 'Modifica Admin di Prova' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(edit).toHaveFocus();

    await user.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Modifica Admin di Prova' });
    const role = within(dialog).getByLabelText('Ruolo') as HTMLSelectElement;
    expect([...role.options].map((o) => o.text)).toEqual(['Operatore di cassa', 'Amministratore']);
    expect(role).toHaveValue('staff');
    const shops = within(dialog).getByRole('group', { name: 'Negozi in cui lavora' });
    expect(within(shops).getByLabelText(first.name)).toBeChecked();
    await user.click(within(shops).getByLabelText(first.name));
    await user.click(within(dialog).getByRole('button', { name: 'Salva modifiche' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Scegli almeno un negozio');

    await user.selectOptions(role, 'admin');
    await user.click(within(shops).getByLabelText(second.name));
    await user.click(within(dialog).getByRole('button', { name: 'Salva modifiche' }));
    expect(await screen.findByText('Ruolo aggiornato. Negozi aggiornati')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () => {
      const changed = await colleagueRow(colleague.email);
      expect(within(changed).getByText('Amministratore')).toBeInTheDocument();
      expect(within(changed).getByText(second.name)).toBeInTheDocument();
    });
  });

  it('sends a reset link, and deletes a colleague only after the confirmation', async () => {
    const { owner, colleague } = await ownerWithColleague('Elimina');
    const { user } = await renderSignedIn(<UsersScreen />, PATH, owner);
    const row = await colleagueRow(colleague.email);
    await user.click(await within(row).findByRole('button', { name: 'Invia link password a Admin di Prova' }));
    expect(await screen.findByText('Link per reimpostare la password inviato all’indirizzo dell’utente')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Elimina Admin di Prova' }));
    let dialog = await screen.findByRole('dialog', { name: 'Eliminare l’utente?' });
    expect(dialog).toHaveTextContent(colleague.email);
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await callApi('/auth/login', { method: 'POST', body: { email: colleague.email, password: colleague.password } })).status).toBe(200);

    await user.click(within(await colleagueRow(colleague.email)).getByRole('button', { name: 'Elimina Admin di Prova' }));
    dialog = await screen.findByRole('dialog', { name: 'Eliminare l’utente?' });
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Utente eliminato')).toBeInTheDocument();
    // Their only colleague gone, the owner's list is empty.
    expect(await screen.findByText('Nessun collega')).toBeInTheDocument();
    expect((await callApi('/auth/login', { method: 'POST', body: { email: colleague.email, password: colleague.password } })).status).toBe(401);
  });

  it('shows no audit: that list is the super admin’s', async () => {
    const owner = await createAdmin();
    await renderSignedIn(<UsersScreen />, PATH, owner);
    await screen.findByRole('heading', { name: 'Invita un collega' });
    expect(screen.queryByRole('heading', { name: 'Registro delle modifiche' })).toBeNull();
  });
});

describe('the invitation’s channel (decision 078)', () => {
  it('asks for the phone for WhatsApp or SMS, and says when the shop does not send on that channel', async () => {
    const owner = await createAdmin();
    const { token } = await logIn(owner);
    const shop = (await callApi<{ id: string; name: string }>('/business', { method: 'POST', token, body: { name: 'Negozio Senza WhatsApp' } })).body;
    const { user } = await renderSignedIn(<UsersScreen />, PATH, owner);
    const invite = await screen.findByRole('region', { name: 'Invita un collega' });
    expect(within(invite).queryByLabelText('Telefono del collega')).toBeNull();
    await user.type(within(invite).getByLabelText('Email del collega'), `collega.${Date.now()}@example.it`);
    await user.type(within(invite).getByLabelText('Nome e cognome'), 'Collega WhatsApp');
    await user.click(await within(invite).findByLabelText(shop.name));
    await user.selectOptions(within(invite).getByLabelText('Invia l’invito via'), 'whatsapp');
    await user.click(within(invite).getByRole('button', { name: 'Invia invito' }));
    expect(within(invite).getByRole('alert')).toHaveTextContent('Per un invito via WhatsApp o SMS serve il numero di telefono del collega');

    await user.type(within(invite).getByLabelText('Telefono del collega'), '333 765 4321');
    await user.click(within(invite).getByRole('button', { name: 'Invia invito' }));
    expect(await within(invite).findByRole('alert')).toHaveTextContent(/^Il negozio non può ancora inviare messaggi WhatsApp di servizio/);
    expect(screen.getByText('Nessun collega')).toBeInTheDocument();
  });
});

describe('as the super admin', () => {
  it('manages any other account from the users list and reads who changed what in the audit', async () => {
    const { owner, colleague } = await ownerWithColleague('Registro');
    const { token: ownerToken } = await logIn(owner);
    await callApi(`/accounts/${colleague.id}/disable`, { method: 'POST', token: ownerToken });
    const { user } = await renderSignedIn(<UsersScreen />, PATH, DEMO_SUPERADMIN);
    const audit = await screen.findByRole('table', { name: 'Registro delle modifiche agli utenti' });
    const rows = within(audit).getAllByRole('row').filter((r) => within(r).queryByText(colleague.email));
    expect(rows.map((r) => within(r).getAllByRole('cell')[2].textContent)).toEqual(['Disattivato', 'Negozi cambiati', 'Ruolo cambiato']);
    expect(rows[0]).toHaveTextContent(owner.email);
    expect(rows[2]).toHaveTextContent('Amministratore → Operatore di cassa');

    const users = await screen.findByRole('table', { name: 'Utenti' });
    const row = (await within(users).findByText(colleague.email)).closest('tr')!;
    expect(within(users).getByRole('columnheader', { name: 'Azioni' })).toBeInTheDocument();
    await user.click(await within(row).findByRole('button', { name: 'Riattiva Admin di Prova' }));
    expect(await screen.findByText('Utente riattivato')).toBeInTheDocument();
    await waitFor(() => {
      const latest = within(screen.getByRole('table', { name: 'Registro delle modifiche agli utenti' })).getAllByRole('row')[1];
      expect(latest).toHaveTextContent('Riattivato');
      expect(latest).toHaveTextContent(DEMO_SUPERADMIN.email);
    });
    // The super admin's own row has no actions: nobody manages themselves.
    const own = within(users).getByText(DEMO_SUPERADMIN.email).closest('tr')!;
    expect(within(own).queryByRole('button', { name: /Elimina/ })).toBeNull();
  });
});

describe('the words of a change', () => {
  it('offers an owner a colleague’s roles and the super admin every role, the current one always', () => {
    expect(assignableRoles(false, 'staff')).toEqual(['staff', 'admin']);
    expect(assignableRoles(false, 'client')).toEqual(['client', 'staff', 'admin']);
    expect(assignableRoles(true, 'admin')).toEqual(['client', 'staff', 'admin', 'super_admin']);
    expect(ACCOUNT_ROLE_LABELS.staff).toBe('Operatore di cassa');
  });

  it('ticks the colleague’s shops among the viewer’s, else its home shop', () => {
    const account = { id: 'u', email: 'u@x.it', full_name: 'U', role: 'staff' as const, business_id: 'b1', created_at: '2026-01-01', disabled: false };
    const mine = [{ id: 'b1' }, { id: 'b2' }];
    expect(initialShops(account, undefined, mine)).toEqual(['b1']);
    const member = {
      id: 'u',
      email: 'u@x.it',
      full_name: 'U',
      role: 'staff' as const,
      businesses: [
        { business_id: 'b2', business_name: 'Due', role: 'staff' as const },
        { business_id: 'altrui', business_name: 'Altrui', role: 'staff' as const },
      ],
      status: 'active' as const,
      invitation_expires_at: null,
      created_at: '2026-01-01',
    };
    expect(initialShops(account, member, mine)).toEqual(['b2']);
  });

  it('says who made a change and turns a role change into words', () => {
    expect(auditActor({ actor_email: null })).toBe('L’utente stesso');
    expect(auditActor({ actor_email: 'a@b.it' })).toBe('a@b.it');
    expect(auditDetail({ action: 'role_changed', detail: 'admin → staff' })).toBe('Amministratore → Operatore di cassa');
    expect(auditDetail({ action: 'shops_changed', detail: 'Bar, Pizzeria' })).toBe('Bar, Pizzeria');
    expect(auditDetail({ action: 'disabled', detail: null })).toBe('');
  });
});
