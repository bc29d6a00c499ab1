import type { App } from '../../src/app';
import { authHeader, createUser, demoAccount, startTestApp, type TestApp } from './app';
import type { DatabaseVariant } from './databases';

export const OTHER_ADMIN = { email: 'altro.admin@test.it', password: 'AltroAdmin2026!' };
export const OTHER_BUSINESS_ID = 'test-libreria-altrove';

/** A second admin with one business of its own, to check that admins never see each other's data. */
export async function createOtherAdmin(app: App) {
  const admin = await createUser(app, { ...OTHER_ADMIN, role: 'admin', full_name: 'Altro Admin' });
  await app.db.query(
    `INSERT INTO businesses (id, name, owner_id, whatsapp_enabled, created_at) VALUES ($1, 'Libreria Altrove', $2, 1, now())`,
    [OTHER_BUSINESS_ID, admin.id],
  );
  return admin;
}

/**
 * A member of `businessId` who already chose a password (decision 070): staff («Operatore di cassa») or co-admin,
 * as an accepted invitation leaves it.
 */
export async function createMember(app: App, businessId: string, account: { email: string; password: string }, role: 'staff' | 'admin' = 'staff') {
  const user = await createUser(app, { ...account, role, full_name: `Collega ${account.email}`, business_id: businessId });
  await app.db.query('INSERT INTO business_members (business_id, user_id, role) VALUES ($1, $2, $3)', [businessId, user.id, role]);
  return user;
}

export const STAFF = { email: 'cassa.bar@test.it', password: 'CassaBar2026!' };
export const OTHER_STAFF = { email: 'cassa.altrove@test.it', password: 'CassaAltrove2026!' };

/** The other admin of `createOtherAdmin`, and the sessions of two shops' admins and of the super admin. */
export async function twoShopsSessions(app: App) {
  await createOtherAdmin(app);
  return {
    adminA: await authHeader(app, demoAccount('admin').email, demoAccount('admin').password),
    adminB: await authHeader(app, OTHER_ADMIN.email, OTHER_ADMIN.password),
    superAdmin: await authHeader(app, demoAccount('super_admin').email, demoAccount('super_admin').password),
  };
}

/** How many accounts and cards exist: equal before and after, nothing was created. */
export async function userAndCardCounts(app: App): Promise<{ users: number; cards: number }> {
  const { rows } = await app.db.query<{ users: number; cards: number }>(
    'SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM loyalty_cards) AS cards',
  );
  return rows[0];
}

export const CLIENT = { email: 'cliente.login@test.it', password: 'Cliente2026!' };

/** A client that can log in, holding one card in the given business. */
export async function createClientWithCard(app: App, businessId: string) {
  const client = await createUser(app, { ...CLIENT, role: 'client', full_name: 'Cliente Prova', business_id: businessId });
  const { rows } = await app.db.query<{ id: string }>(
    `INSERT INTO loyalty_cards (business_id, user_id, card_number, customer_name, email, points)
     VALUES ($1, $2, 'LC-99999999', 'Cliente Prova', $3, 25.5) RETURNING id`,
    [businessId, client.id, CLIENT.email],
  );
  return { client, cardId: rows[0].id };
}

/** Ids of demo rows of Bar Centrale (a seeded app) that requests can address: a card with its holder, a campaign. */
export async function demoRows(app: App, businessId: string) {
  const { rows } = await app.db.query<{ id: string; user_id: string }>('SELECT id, user_id FROM loyalty_cards WHERE business_id = $1 ORDER BY id LIMIT 1', [businessId]);
  const campaign = await app.db.query<{ id: string }>('SELECT id FROM campaigns WHERE business_id = $1 ORDER BY id LIMIT 1', [businessId]);
  return { cardId: rows[0].id, userId: rows[0].user_id, campaignId: campaign.rows[0].id };
}

/**
 * The access tests' set-up: the seeded demo, `createOtherAdmin`'s shop, and `CLIENT` holding a card in
 * `clientBusinessId`.
 */
export async function startTwoShops(variant: DatabaseVariant, clientBusinessId: string) {
  const t = await startTestApp(variant, { seedDemo: true });
  await createOtherAdmin(t.app);
  const { cardId } = await createClientWithCard(t.app, clientBusinessId);
  return { t, clientCardId: cardId };
}

/** A GET with the account's session, or with none. */
export async function getAs(t: TestApp, url: string, account?: { email: string; password: string }) {
  return t.app.inject({ method: 'GET', url, headers: account ? await authHeader(t.app, account.email, account.password) : {} });
}

/**
 * `createOtherAdmin`, `CLIENT` with a card in `clientBusinessId`, and the sessions of the demo admin, the super
 * admin, the other shop's admin and the client.
 */
export async function fourSessions(app: App, clientBusinessId: string) {
  await createOtherAdmin(app);
  await createClientWithCard(app, clientBusinessId);
  const [admin, superAdmin, otherAdmin, client] = await Promise.all([
    authHeader(app, demoAccount('admin').email, demoAccount('admin').password),
    authHeader(app, demoAccount('super_admin').email, demoAccount('super_admin').password),
    authHeader(app, OTHER_ADMIN.email, OTHER_ADMIN.password),
    authHeader(app, CLIENT.email, CLIENT.password),
  ]);
  return { admin, superAdmin, otherAdmin, client };
}

/**
 * A card's balance beside its ledger: `points` (the card's column), `ledger` (the sum of its ledger rows) and
 * `rows` (how many there are); undefined once the card is gone. Every write keeps `points` equal to `ledger`.
 */
export async function balanceAndLedger(app: App, cardId: string) {
  const { rows } = await app.db.query<{ points: number; ledger: number; rows: number }>(
    `SELECT c.points, (SELECT coalesce(sum(l.points), 0) FROM points_ledger l WHERE l.card_id = c.id) AS ledger,
            (SELECT count(*) FROM points_ledger l WHERE l.card_id = c.id) AS rows
       FROM loyalty_cards c WHERE c.id = $1`,
    [cardId],
  );
  return rows[0];
}
