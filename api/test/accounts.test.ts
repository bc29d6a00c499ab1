/**
 * Accounts (decision 071): password recovery (neutral answer, one-time link of 30 minutes stored hashed, rate
 * limits, every session ends) and user management (role, disable / enable, delete, reset link) with its audit.
 * The link is read where its recipient reads it: in the message the driver is handed at send time.
 */
import { authHeader, createUser, demoAccount, login, startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { createOtherAdmin, OTHER_ADMIN, OTHER_BUSINESS_ID } from './helpers/fixtures';
import { FakeDriver } from './helpers/messaging';
import { resetTokenHash } from '../src/features/accounts/repository';

const NEUTRAL =
  'Se l’indirizzo appartiene a un account, riceverai a breve un’email con un link per scegliere una nuova password. Il link vale 30 minuti.';
const LINK_INVALID = { error: 'Il link non è valido, è scaduto o è già stato usato. Chiedine uno nuovo da «Password dimenticata?».' };
const DISABLED = { error: 'Account disattivato. Rivolgiti al titolare del negozio o all’amministratore.' };
const SHOP = 'test-negozio-titolare';
type Headers = { authorization: string };

describeEachDatabase('accounts (decision 071)', (variant) => {
  let t: TestApp;
  let now: Date;
  let ip = 0;
  const driver = new FakeDriver();
  let superAdmin: Headers;
  let owner: { id: string; email: string; password: string };

  beforeAll(async () => {
    now = new Date();
    t = await startTestApp(variant, { seedDemo: true, messaging: { worker: { enabled: false } } }, { messagingDriver: driver, clock: () => now });
    await createOtherAdmin(t.app);
    const created = await createUser(t.app, { email: 'titolare@test.it', password: 'Titolare2026!', role: 'admin', full_name: 'Titolare Prova' });
    await t.app.db.query(`INSERT INTO businesses (id, name, owner_id, created_at) VALUES ($1, 'Negozio del Titolare', $2, now())`, [SHOP, created.id]);
    owner = { id: created.id, email: created.email, password: 'Titolare2026!' };
    superAdmin = await authHeader(t.app, demoAccount('super_admin').email, demoAccount('super_admin').password);
  });
  afterAll(() => t.close());

  const requestReset = async (email: string, remoteAddress = `10.71.0.${++ip}`) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', remoteAddress, payload: { email } });
    await t.app.afterAnswer.settled();
    return response;
  };
  const linksSentTo = async (recipient: string) => {
    await t.app.messaging.worker.drain();
    return driver.messages.filter((m) => m.recipient === recipient && m.body.includes('/reset-password?token=')).map((m) => /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(m.body)![1]);
  };
  const confirm = (token: string, newPassword: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', remoteAddress: `10.72.0.${++ip}`, payload: { token, newPassword } });
  const me = (headers: Headers) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
  const colleague = async (email: string, businessId = SHOP) => createUser(t.app, { email, password: 'Collega2026!', role: 'admin', full_name: `Collega ${email}`, business_id: businessId });
  const audit = async (targetId: string) =>
    (await t.app.db.query<{ action: string; actor_id: string | null; target_email: string; detail: string | null }>('SELECT action, actor_id, target_email, detail FROM user_audit_events WHERE target_id = $1 ORDER BY id', [targetId])).rows;

  describe('password recovery', () => {
    it('answers the same 202 for a known and an unknown address; only the known one gets one e-mail, and only the hash is stored', async () => {
      const known = await requestReset('  TITOLARE@test.it ');
      const unknown = await requestReset('nessuno@test.it');
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(known.json()).toEqual({ message: NEUTRAL });
      expect(unknown.body).toBe(known.body);
      const queued = await t.app.db.query<{ body: string; channel: string }>("SELECT body, channel FROM messaging_jobs WHERE idempotency_key LIKE 'password-reset:%' AND recipient = $1", [owner.email]);
      expect(queued.rows).toEqual([{ channel: 'email', body: expect.stringContaining('http://localhost:3000/reset-password?token=•••') }]);
      expect((await t.app.db.query("SELECT 1 FROM messaging_jobs WHERE recipient = 'nessuno@test.it'")).rows).toEqual([]);
      const tokens = await linksSentTo(owner.email);
      expect(tokens).toHaveLength(1);
      const { rows } = await t.app.db.query<{ token_hash: string; minutes: number }>(
        'SELECT token_hash, round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM password_reset_links WHERE user_id = $1',
        [owner.id],
      );
      expect(rows).toEqual([{ token_hash: resetTokenHash(tokens[0]), minutes: 30 }]);
    });

    it('sets the new password once: every session ends, the old password and a second use fail, the change is audited', async () => {
      const session = await authHeader(t.app, owner.email, owner.password);
      const [token] = await linksSentTo(owner.email);
      const check = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/check', payload: { token } });
      expect(check.statusCode).toBe(200);

      const tooShort = await confirm(token, 'corta');
      expect(tooShort.statusCode).toBe(400);
      expect(tooShort.json()).toEqual({ error: 'La nuova password deve contenere almeno 8 caratteri' });

      const done = await confirm(token, 'NuovaPassword2026!');
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ message: 'Password aggiornata: accedi con la nuova password.' });
      expect((await me(session)).statusCode).toBe(401);
      expect((await login(t.app, owner.email, owner.password)).statusCode).toBe(401);
      expect((await login(t.app, owner.email, 'NuovaPassword2026!')).statusCode).toBe(200);
      owner.password = 'NuovaPassword2026!';

      const again = await confirm(token, 'UnAltraPassword2026!');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual(LINK_INVALID);
      expect((await login(t.app, owner.email, 'UnAltraPassword2026!')).statusCode).toBe(401);
      expect(await audit(owner.id)).toEqual([{ action: 'password_reset', actor_id: null, target_email: owner.email, detail: null }]);
    });

    it('refuses an expired or made-up link and changes nothing', async () => {
      driver.messages.length = 0;
      await requestReset(owner.email);
      const [token] = await linksSentTo(owner.email);
      const before = (await t.app.db.query('SELECT password_hash, token_version FROM users WHERE id = $1', [owner.id])).rows;
      now = new Date(now.getTime() + 31 * 60_000);
      try {
        for (const tried of [token, 'inventato', `${token}x`]) {
          const response = await confirm(tried, 'Scaduta2026!!');
          expect(response.statusCode).toBe(400);
          expect(response.json()).toEqual(LINK_INVALID);
          const check = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/check', payload: { token: tried } });
          expect(check.json()).toEqual(LINK_INVALID);
        }
      } finally {
        now = new Date();
      }
      expect((await t.app.db.query('SELECT password_hash, token_version FROM users WHERE id = $1', [owner.id])).rows).toEqual(before);
    });

    it('limits the requests per address (whoever asks) and per IP, with the same 429 for known and unknown addresses', async () => {
      for (const email of ['limite.noto@test.it', 'limite.ignoto@test.it']) {
        if (email === 'limite.noto@test.it') await colleague(email);
        const answers = [];
        for (let i = 0; i < 4; i++) answers.push((await requestReset(email)).statusCode);
        expect(answers).toEqual([202, 202, 202, 429]);
      }
      const fromOneIp = [];
      for (let i = 0; i < 11; i++) fromOneIp.push((await requestReset(`ip.${i}@test.it`, '10.79.9.9')).statusCode);
      expect(fromOneIp.slice(0, 10).every((s) => s === 202)).toBe(true);
      expect(fromOneIp[10]).toBe(429);
    });
  });

  describe('user management', () => {
    it('lets an owner see and manage only the admins of their shops; the super admin everyone else', async () => {
      const mine = await colleague('collega.mio@test.it');
      const theirs = await colleague('collega.altrui@test.it', OTHER_BUSINESS_ID);
      const ownerSession = await authHeader(t.app, owner.email, owner.password);
      const listed = (await t.app.inject({ method: 'GET', url: '/api/accounts', headers: ownerSession })).json() as { id: string }[];
      expect(listed.map((u) => u.id)).toContain(mine.id);
      expect(listed.map((u) => u.id)).not.toContain(theirs.id);
      expect(listed.map((u) => u.id)).not.toContain(owner.id);
      const other = await authHeader(t.app, OTHER_ADMIN.email, OTHER_ADMIN.password);
      for (const [method, url] of [['POST', `/api/accounts/${mine.id}/disable`], ['PUT', `/api/accounts/${mine.id}/role`], ['DELETE', `/api/accounts/${mine.id}`], ['POST', `/api/accounts/${owner.id}/disable`]] as const) {
        const response = await t.app.inject({ method, url, headers: other, ...(method === 'PUT' ? { payload: { role: 'admin' } } : {}) });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'Utente non trovato' });
      }
      const raise = await t.app.inject({ method: 'PUT', url: `/api/accounts/${mine.id}/role`, headers: ownerSession, payload: { role: 'super_admin' } });
      expect(raise.statusCode).toBe(400);
      expect(raise.json()).toEqual({ error: 'Non puoi assegnare questo ruolo' });
      expect((await t.app.repos.users.findById(mine.id))!.role).toBe('admin');
      const all = (await t.app.inject({ method: 'GET', url: '/api/accounts', headers: superAdmin })).json() as { id: string }[];
      expect(all.map((u) => u.id)).toEqual(expect.arrayContaining([mine.id, theirs.id, owner.id]));
    });

    it('disables a user: the open session ends at once and the login says why; re-enabled, the user logs in again', async () => {
      const user = await colleague('da.disattivare@test.it');
      const session = await authHeader(t.app, user.email, 'Collega2026!');
      expect((await me(session)).statusCode).toBe(200);
      const ownerSession = await authHeader(t.app, owner.email, owner.password);
      const disabled = await t.app.inject({ method: 'POST', url: `/api/accounts/${user.id}/disable`, headers: ownerSession });
      expect(disabled.statusCode).toBe(200);
      expect((await me(session)).statusCode).toBe(401);
      const refused = await login(t.app, user.email, 'Collega2026!');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(DISABLED);
      expect((await login(t.app, user.email, 'sbagliata')).json()).toEqual({ error: 'Credenziali non valide.' });
      // A disabled account gets no reset link.
      await requestReset(user.email);
      expect(await linksSentTo(user.email)).toEqual([]);

      expect((await t.app.inject({ method: 'POST', url: `/api/accounts/${user.id}/enable`, headers: superAdmin })).statusCode).toBe(200);
      expect((await login(t.app, user.email, 'Collega2026!')).statusCode).toBe(200);
      expect(await audit(user.id)).toEqual([
        { action: 'disabled', actor_id: owner.id, target_email: user.email, detail: null },
        { action: 'enabled', actor_id: expect.any(String), target_email: user.email, detail: null },
      ]);
    });

    it('changes a role (the sessions end), sends a reset link to the user only, and deletes a user whose ledger rows keep the name', async () => {
      const user = await colleague('da.eliminare@test.it');
      const session = await authHeader(t.app, user.email, 'Collega2026!');
      const role = await t.app.inject({ method: 'PUT', url: `/api/accounts/${user.id}/role`, headers: superAdmin, payload: { role: 'client' } });
      expect(role.statusCode).toBe(200);
      expect((await me(session)).statusCode).toBe(401);
      await t.app.inject({ method: 'PUT', url: `/api/accounts/${user.id}/role`, headers: superAdmin, payload: { role: 'admin' } });

      const sent = await t.app.inject({ method: 'POST', url: `/api/accounts/${user.id}/reset-link`, headers: superAdmin });
      expect(sent.statusCode).toBe(200);
      expect(sent.body).not.toMatch(/token/i);
      expect(await linksSentTo(user.email)).toHaveLength(1);

      const card = (await t.app.db.query<{ id: string }>('SELECT id FROM loyalty_cards WHERE business_id = $1 LIMIT 1', ['default-business-id'])).rows[0];
      await t.app.db.query(`INSERT INTO points_ledger (card_id, points, description, author_id) VALUES ($1, 5, 'Acquisto', $2)`, [card.id, user.id]);
      const ownerSession = await authHeader(t.app, owner.email, owner.password);
      const deleted = await t.app.inject({ method: 'DELETE', url: `/api/accounts/${user.id}`, headers: ownerSession });
      expect(deleted.statusCode).toBe(200);
      expect(await t.app.repos.users.findById(user.id)).toBeNull();
      const ledger = await t.app.db.query("SELECT author_id, author_name FROM points_ledger WHERE card_id = $1 AND description = 'Acquisto'", [card.id]);
      expect(ledger.rows).toEqual([{ author_id: null, author_name: 'Collega da.eliminare@test.it' }]);
      expect((await audit(user.id)).map((e) => [e.action, e.detail])).toEqual([
        ['role_changed', 'admin → client'],
        ['role_changed', 'client → admin'],
        ['reset_link_sent', null],
        ['deleted', 'Collega da.eliminare@test.it'],
      ]);

      const log = await t.app.inject({ method: 'GET', url: '/api/accounts/audit', headers: superAdmin });
      expect(log.statusCode).toBe(200);
      expect(log.json()).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'deleted', target_email: user.email, actor_email: owner.email })]));
      expect((await t.app.inject({ method: 'GET', url: '/api/accounts/audit', headers: ownerSession })).statusCode).toBe(403);
    });

    it('changes a colleague’s shops among the owner’s (another owner’s stay), ends the sessions, records it; refuses bad input and changes nothing', async () => {
      const second = 'test-negozio-titolare-due';
      await t.app.db.query(`INSERT INTO businesses (id, name, owner_id, created_at) VALUES ($1, 'Secondo Negozio', $2, now())`, [second, owner.id]);
      const staff = await createUser(t.app, { email: 'cassa.negozi@test.it', password: 'Collega2026!', role: 'staff', full_name: 'Cassa Negozi', business_id: SHOP });
      await t.app.db.query(`INSERT INTO business_members (business_id, user_id, role) VALUES ($1, $3, 'staff'), ($2, $3, 'staff')`, [SHOP, OTHER_BUSINESS_ID, staff.id]);
      const shopsOf = async () =>
        (await t.app.db.query<{ business_id: string }>('SELECT business_id FROM business_members WHERE user_id = $1 ORDER BY business_id', [staff.id])).rows.map((r) => r.business_id);
      const session = await authHeader(t.app, staff.email, 'Collega2026!');
      const ownerSession = await authHeader(t.app, owner.email, owner.password);
      const put = (headers: Headers, payload: object, id = staff.id) => t.app.inject({ method: 'PUT', url: `/api/accounts/${id}/shops`, headers, payload });

      const before = await shopsOf();
      for (const [payload, status, error] of [
        [{ business_ids: [] }, 400, 'Scegli almeno un negozio'],
        [{}, 400, 'Scegli almeno un negozio'],
        [{ business_ids: [OTHER_BUSINESS_ID] }, 404, 'Azienda non trovata'],
        [{ business_ids: ['non-esiste'] }, 404, 'Azienda non trovata'],
      ] as const) {
        const refused = await put(ownerSession, payload);
        expect([refused.statusCode, refused.json()]).toEqual([status, { error }]);
      }
      // The other owner, whose shop the person also works in, changes only their own shops; someone only of the
      // owner's shops is not theirs at all.
      const other = await authHeader(t.app, OTHER_ADMIN.email, OTHER_ADMIN.password);
      expect((await put(other, { business_ids: [OTHER_BUSINESS_ID] })).statusCode).toBe(200);
      expect(await shopsOf()).toEqual(before);
      const onlyMine = await colleague('solo.del.titolare@test.it');
      expect((await put(other, { business_ids: [OTHER_BUSINESS_ID] }, onlyMine.id)).json()).toEqual({ error: 'Utente non trovato' });
      const client = (await t.app.db.query<{ id: string }>("SELECT id FROM users WHERE role = 'client' LIMIT 1")).rows[0];
      const notColleague = await put(superAdmin, { business_ids: [SHOP] }, client.id);
      expect([notColleague.statusCode, notColleague.json()]).toEqual([400, { error: 'Solo un amministratore o un operatore di cassa lavora in negozi scelti' }]);
      expect(await shopsOf()).toEqual(before);
      expect((await me(session)).statusCode).toBe(401);
      const fresh = await authHeader(t.app, staff.email, 'Collega2026!');

      const changed = await put(ownerSession, { business_ids: [second] });
      expect([changed.statusCode, changed.json()]).toEqual([200, { message: 'Negozi aggiornati' }]);
      expect(await shopsOf()).toEqual([OTHER_BUSINESS_ID, second].sort());
      expect((await t.app.db.query<{ business_id: string }>('SELECT business_id FROM users WHERE id = $1', [staff.id])).rows[0].business_id).toBe(second);
      expect((await me(fresh)).statusCode).toBe(401);
      expect((await audit(staff.id)).map((e) => [e.action, e.actor_id, e.detail])).toEqual([
        ['shops_changed', expect.any(String), 'Libreria Altrove'],
        ['shops_changed', owner.id, 'Secondo Negozio'],
      ]);
    });

    it('refuses to delete an owner of a shop (409), and nothing changes', async () => {
      const response = await t.app.inject({ method: 'DELETE', url: `/api/accounts/${owner.id}`, headers: superAdmin });
      expect(response.statusCode).toBe(409);
      expect(await t.app.repos.users.findById(owner.id)).not.toBeNull();
      expect((await audit(owner.id)).map((e) => e.action)).not.toContain('deleted');
    });
  });
});
