/**
 * Who may do what, for every route of the API: each route × {anonymous, client, admin of the business,
 * admin of another business, super admin, staff of the business, staff of another business (decision 070)}. A guard at the end fails when the OpenAPI document lists a
 * route this matrix does not cover, so a new route cannot ship without its row.
 *
 * Expected answers: a number is the exact status; 'ok' is any 2xx (used where the exact success status
 * belongs to another module). Destructive calls get a fresh target for every actor.
 */
import type { InjectOptions } from 'fastify';
import { MESSAGES } from '../src/messages';
import { DEMO_BUSINESSES } from '../src/seed/demo';
import { authHeader, createUser, demoAccount, startTestApp, TEST_METRICS_TOKEN, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { injectStream } from './helpers/inject-stream';
import { contractOf, documentedRoutes, type ApiDocument, type Contract } from './helpers/contract';
import { CLIENT, createClientWithCard, createMember, createOtherAdmin, OTHER_ADMIN, OTHER_BUSINESS_ID, OTHER_STAFF, STAFF } from './helpers/fixtures';

type Actor = 'anonymous' | 'client' | 'owner' | 'otherAdmin' | 'superAdmin' | 'staff' | 'otherStaff';
type Expected = number | 'ok';
const ACTORS: Actor[] = ['anonymous', 'client', 'owner', 'otherAdmin', 'superAdmin', 'staff', 'otherStaff'];
const BAR = DEMO_BUSINESSES[0].id;

interface Fixture {
  t: TestApp;
  clientCardId: string;
  clientId: string;
  freshCard(): Promise<{ id: string; user_id: string }>;
  freshCampaign(): Promise<string>;
  freshReward(): Promise<string>;
  /** A promotion of Bar Centrale that ended long ago (it changes no other row's points). */
  freshPromotion(): Promise<string>;
  /** A person invited to the business who has not accepted yet. */
  freshInvitee(): Promise<string>;
  unique(): string;
}

interface Row {
  route: string;
  request: (f: Fixture) => Promise<InjectOptions> | InjectOptions;
  expected: Record<Actor, Expected>;
  /** A stream that stays open while the session holds (decision 078): its answer is read up to its headers. */
  stream?: boolean;
}


/**
 * Admin-level route of one business: owner and super admin pass, the other admin gets the 404 of a missing one;
 * staff, of this shop or another, is refused by its role (403 whatever the shop: nothing to tell them apart).
 */
const OWNED = { anonymous: 401, client: 403, owner: 'ok', otherAdmin: 404, superAdmin: 'ok', staff: 403, otherStaff: 403 } as const;
/** A counter route (decision 070): the shop's staff pass too; another shop's staff gets the 404 of a missing one. */
const COUNTER = { ...OWNED, staff: 'ok', otherStaff: 404 } as const;
const SUPER_ONLY = { anonymous: 401, client: 403, owner: 403, otherAdmin: 403, superAdmin: 'ok', staff: 403, otherStaff: 403 } as const;
const ANY_LOGGED_IN = { anonymous: 401, client: 'ok', owner: 'ok', otherAdmin: 'ok', superAdmin: 'ok', staff: 'ok', otherStaff: 'ok' } as const;
const PUBLIC = { anonymous: 'ok', client: 'ok', owner: 'ok', otherAdmin: 'ok', superAdmin: 'ok', staff: 'ok', otherStaff: 'ok' } as const;
const ADMIN_LEVEL = { anonymous: 401, client: 403, owner: 'ok', otherAdmin: 'ok', superAdmin: 'ok', staff: 403, otherStaff: 403 } as const;
/** The same answer for everyone (public routes that refuse what is sent). */
const ALL = (status: number) => ({ anonymous: status, client: status, owner: status, otherAdmin: status, superAdmin: status, staff: status, otherStaff: status });

/** An admin whose home is the owner's shop and who owns none: a person of the owner's shop (decision 071). */
const freshColleague = async (f: Fixture) => (await createUser(f.t.app, { email: `${f.unique()}@test.it`, role: 'admin', business_id: BAR })).id;

const ROWS: Row[] = [
  // auth
  { route: 'POST /api/auth/login', request: (f) => ({ method: 'POST', url: '/api/auth/login', payload: { email: `${f.unique()}@x.it`, password: 'sbagliata' } }), expected: ALL(401) },
  { route: 'GET /api/auth/me', request: () => ({ method: 'GET', url: '/api/auth/me' }), expected: ANY_LOGGED_IN },
  {
    route: 'PUT /api/auth/change-password',
    // A wrong current password: 400 proves the caller got past authorization without changing anything.
    request: () => ({ method: 'PUT', url: '/api/auth/change-password', payload: { currentPassword: 'non-questa', newPassword: 'NuovaPassword1' } }),
    expected: { anonymous: 401, client: 400, owner: 400, otherAdmin: 400, superAdmin: 400, staff: 400, otherStaff: 400 },
  },
  // password recovery (decision 071): public; a made-up link is 400 for everyone
  { route: 'POST /api/auth/password-reset', request: (f) => ({ method: 'POST', url: '/api/auth/password-reset', payload: { email: `${f.unique()}@x.it` } }), expected: PUBLIC },
  { route: 'POST /api/auth/password-reset/check', request: () => ({ method: 'POST', url: '/api/auth/password-reset/check', payload: { token: 'inventato' } }), expected: ALL(400) },
  {
    route: 'POST /api/auth/password-reset/confirm',
    request: () => ({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token: 'inventato', newPassword: 'NuovaPassword1' } }),
    expected: ALL(400),
  },
  // user management (decision 071): the target is a fresh colleague admin of the owner's shop
  // Decision 078: an open page's session-events stream; any session, nothing but its own end in it.
  { route: 'GET /api/auth/session-events', request: () => ({ method: 'GET', url: '/api/auth/session-events' }), expected: ANY_LOGGED_IN, stream: true },
  { route: 'GET /api/accounts', request: () => ({ method: 'GET', url: '/api/accounts' }), expected: ADMIN_LEVEL },
  { route: 'GET /api/accounts/audit', request: () => ({ method: 'GET', url: '/api/accounts/audit' }), expected: SUPER_ONLY },
  { route: 'PUT /api/accounts/{id}/role', request: async (f) => ({ method: 'PUT', url: `/api/accounts/${await freshColleague(f)}/role`, payload: { role: 'admin' } }), expected: OWNED },
  { route: 'PUT /api/accounts/{id}/shops', request: async (f) => ({ method: 'PUT', url: `/api/accounts/${await freshColleague(f)}/shops`, payload: { business_ids: [BAR] } }), expected: OWNED },
  { route: 'POST /api/accounts/{id}/disable', request: async (f) => ({ method: 'POST', url: `/api/accounts/${await freshColleague(f)}/disable` }), expected: OWNED },
  { route: 'POST /api/accounts/{id}/enable', request: async (f) => ({ method: 'POST', url: `/api/accounts/${await freshColleague(f)}/enable` }), expected: OWNED },
  { route: 'POST /api/accounts/{id}/reset-link', request: async (f) => ({ method: 'POST', url: `/api/accounts/${await freshColleague(f)}/reset-link` }), expected: OWNED },
  { route: 'DELETE /api/accounts/{id}', request: async (f) => ({ method: 'DELETE', url: `/api/accounts/${await freshColleague(f)}` }), expected: OWNED },
  // business
  { route: 'GET /api/business', request: () => ({ method: 'GET', url: '/api/business' }), expected: ANY_LOGGED_IN },
  { route: 'POST /api/business', request: () => ({ method: 'POST', url: '/api/business', payload: { name: 'Nuova' } }), expected: ADMIN_LEVEL },
  { route: 'GET /api/business/{id}', request: () => ({ method: 'GET', url: `/api/business/${BAR}` }), expected: PUBLIC },
  { route: 'GET /api/business/admins', request: () => ({ method: 'GET', url: '/api/business/admins' }), expected: SUPER_ONLY },
  {
    route: 'GET /api/business/admins/{adminId}/businesses',
    request: async (f) => ({ method: 'GET', url: `/api/business/admins/${(await f.t.app.repos.users.findByEmail('admin@demo.it'))!.id}/businesses` }),
    expected: SUPER_ONLY,
  },
  // loyalty cards
  { route: 'GET /api/loyalty-cards/business/{id}', request: () => ({ method: 'GET', url: `/api/loyalty-cards/business/${BAR}?limit=5` }), expected: COUNTER },
  {
    route: 'GET /api/loyalty-cards/business/{id}/count',
    request: () => ({ method: 'GET', url: `/api/loyalty-cards/business/${BAR}/count?kind=consent&min_points=1` }),
    expected: OWNED,
  },
  { route: 'GET /api/loyalty-cards/business/{id}/stats', request: () => ({ method: 'GET', url: `/api/loyalty-cards/business/${BAR}/stats` }), expected: OWNED },
  // Decision 079: the money in the overview is the owner's (staff do not see reports).
  { route: 'GET /api/loyalty-cards/business/{id}/sales-report', request: () => ({ method: 'GET', url: `/api/loyalty-cards/business/${BAR}/sales-report` }), expected: OWNED },
  // CSV exports
  { route: 'GET /api/loyalty-cards/business/{id}/export.csv', request: () => ({ method: 'GET', url: `/api/loyalty-cards/business/${BAR}/export.csv` }), expected: OWNED },
  { route: 'GET /api/loyalty-cards/business/{id}/ledger.csv', request: () => ({ method: 'GET', url: `/api/loyalty-cards/business/${BAR}/ledger.csv` }), expected: OWNED },
  { route: 'GET /api/loyalty-cards/business/{id}/export.xlsx', request: () => ({ method: 'GET', url: `/api/loyalty-cards/business/${BAR}/export.xlsx` }), expected: OWNED },
  { route: 'GET /api/loyalty-cards/business/{id}/ledger.xlsx', request: () => ({ method: 'GET', url: `/api/loyalty-cards/business/${BAR}/ledger.xlsx` }), expected: OWNED },
  // CSV import (a real import of a fresh contact: each allowed caller creates one card)
  {
    route: 'POST /api/loyalty-cards/business/{id}/import',
    request: (f) => ({
      method: 'POST',
      url: `/api/loyalty-cards/business/${BAR}/import?dry_run=false`,
      headers: { 'content-type': 'text/csv' },
      payload: `nome;email\r\nMatrice;${f.unique()}@test.it\r\n`,
    }),
    expected: OWNED,
  },
  {
    route: 'GET /api/loyalty-cards/{id}',
    request: async (f) => ({ method: 'GET', url: `/api/loyalty-cards/${(await f.freshCard()).id}` }),
    expected: { ...COUNTER, client: 404 },
  },
  {
    route: 'GET /api/loyalty-cards/{id}/ledger',
    request: async (f) => ({ method: 'GET', url: `/api/loyalty-cards/${(await f.freshCard()).id}/ledger` }),
    expected: { ...COUNTER, client: 404 },
  },
  {
    route: 'GET /api/loyalty-cards/{id}/ledger (own card)',
    request: (f) => ({ method: 'GET', url: `/api/loyalty-cards/${f.clientCardId}/ledger` }),
    expected: { ...COUNTER, client: 200 },
  },
  // A card's consent history, admins of its business only (a client gets 403, even for their own card)
  {
    route: 'GET /api/loyalty-cards/{id}/consents',
    request: async (f) => ({ method: 'GET', url: `/api/loyalty-cards/${(await f.freshCard()).id}/consents` }),
    expected: OWNED,
  },
  {
    route: 'GET /api/loyalty-cards/{id}/consents (own card)',
    request: (f) => ({ method: 'GET', url: `/api/loyalty-cards/${f.clientCardId}/consents` }),
    expected: OWNED,
  },
  {
    route: 'PUT /api/loyalty-cards/{id}/marketing-consent',
    request: async (f) => ({ method: 'PUT', url: `/api/loyalty-cards/${(await f.freshCard()).id}/marketing-consent`, payload: { marketing_channels: ['sms'] } }),
    expected: OWNED,
  },
  {
    route: 'POST /api/loyalty-cards/{id}/points',
    request: async (f) => ({ method: 'POST', url: `/api/loyalty-cards/${(await f.freshCard()).id}/points`, payload: { points: 5, description: 'Prova' } }),
    expected: COUNTER,
  },
  {
    route: 'POST /api/loyalty-cards/{id}/points (own card)',
    request: (f) => ({ method: 'POST', url: `/api/loyalty-cards/${f.clientCardId}/points`, payload: { points: 5, description: 'Prova' } }),
    expected: COUNTER,
  },
  {
    route: 'POST /api/loyalty-cards/{id}/sales',
    request: async (f) => {
      // Points from the amount (decision 075): the shop's rule, set as its owner would.
      await f.t.app.db.query(`UPDATE businesses SET earning_rule = 'per_euro' WHERE id = $1`, [BAR]);
      return { method: 'POST', url: `/api/loyalty-cards/${(await f.freshCard()).id}/sales`, headers: { 'idempotency-key': `matrice-${f.unique()}` }, payload: { amount: '12.50' } };
    },
    expected: COUNTER,
  },
  {
    route: 'POST /api/loyalty-cards/{id}/sales (own card)',
    request: async (f) => {
      await f.t.app.db.query(`UPDATE businesses SET earning_rule = 'per_euro' WHERE id = $1`, [BAR]);
      return { method: 'POST', url: `/api/loyalty-cards/${f.clientCardId}/sales`, headers: { 'idempotency-key': `matrice-${f.unique()}` }, payload: { amount: '1.00', confirm: true } };
    },
    expected: COUNTER,
  },
  {
    route: 'GET /api/loyalty-cards/{id}/sales/preview',
    request: async (f) => ({ method: 'GET', url: `/api/loyalty-cards/${(await f.freshCard()).id}/sales/preview?amount=12.50` }),
    expected: COUNTER,
  },
  { route: 'DELETE /api/loyalty-cards/{id}', request: async (f) => ({ method: 'DELETE', url: `/api/loyalty-cards/${(await f.freshCard()).id}` }), expected: OWNED },
  {
    route: 'POST /api/qrcode/scan',
    request: async (f) => {
      const card = await f.freshCard();
      return { method: 'POST', url: '/api/qrcode/scan', payload: { card_id: card.id, user_id: card.user_id, points: 50 } };
    },
    expected: COUNTER,
  },
  {
    route: 'GET /api/loyalty-cards/business/{id} (full list)',
    request: () => ({ method: 'GET', url: `/api/loyalty-cards/business/${BAR}` }),
    expected: COUNTER,
  },
  {
    // Decision 070: the counter adds points; taking them away is for the shop's admins (staff refused by role, any card).
    route: 'POST /api/loyalty-cards/{id}/points (taking points away)',
    request: async (f) => {
      const card = await f.freshCard();
      await f.t.app.repos.loyaltyCards.addPoints(card.id, { ownerId: null }, { points: 10, description: 'Matrice', authorId: null });
      return { method: 'POST', url: `/api/loyalty-cards/${card.id}/points`, payload: { points: -5, description: 'Rettifica' } };
    },
    expected: { ...COUNTER, staff: 403, otherStaff: 403 },
  },
  // campaigns
  { route: 'GET /api/campaigns/business/{id}', request: () => ({ method: 'GET', url: `/api/campaigns/business/${BAR}` }), expected: OWNED },
  { route: 'POST /api/campaigns', request: () => ({ method: 'POST', url: '/api/campaigns', payload: { businessId: BAR, name: 'Matrice' } }), expected: OWNED },
  { route: 'DELETE /api/campaigns/{id}', request: async (f) => ({ method: 'DELETE', url: `/api/campaigns/${await f.freshCampaign()}` }), expected: OWNED },
  // users
  { route: 'GET /api/users', request: () => ({ method: 'GET', url: `/api/users?business_id=${BAR}` }), expected: OWNED },
  {
    route: 'POST /api/users',
    request: (f) => ({ method: 'POST', url: '/api/users', payload: { email: `${f.unique()}@test.it`, full_name: 'Matrice', role: 'client', business_id: BAR } }),
    expected: OWNED,
  },
  {
    route: 'POST /api/users/loyalty-cards/create',
    request: (f) => ({
      method: 'POST',
      url: '/api/users/loyalty-cards/create',
      payload: { email: `${f.unique()}@test.it`, full_name: 'Matrice', phone: '333 1234567', role: 'client', business_id: BAR, privacy_ack: true },
    }),
    expected: PUBLIC,
  },
  // team (decision 070): colleagues and their invitations
  { route: 'GET /api/team', request: () => ({ method: 'GET', url: '/api/team' }), expected: ADMIN_LEVEL },
  {
    // The demo shop sends no real e-mail: past authorization the invitation is refused with 409, nothing created.
    route: 'POST /api/team/invitations',
    request: (f) => ({ method: 'POST', url: '/api/team/invitations', payload: { email: `${f.unique()}@test.it`, full_name: 'Matrice', role: 'staff', business_ids: [BAR] } }),
    expected: { ...OWNED, owner: 409, superAdmin: 409 },
  },
  {
    route: 'POST /api/team/invitations/{userId}/resend',
    request: async (f) => ({ method: 'POST', url: `/api/team/invitations/${await f.freshInvitee()}/resend` }),
    expected: { ...OWNED, owner: 409, superAdmin: 409 },
  },
  { route: 'DELETE /api/team/invitations/{userId}', request: async (f) => ({ method: 'DELETE', url: `/api/team/invitations/${await f.freshInvitee()}` }), expected: OWNED },
  {
    route: 'POST /api/invitations/accept',
    request: () => ({ method: 'POST', url: '/api/invitations/accept', payload: { token: 'sconosciuto', password: 'Password2026!' } }),
    expected: ALL(400),
  },
  // settings
  { route: 'GET /api/settings/{businessId}', request: () => ({ method: 'GET', url: `/api/settings/${BAR}` }), expected: OWNED },
  { route: 'PUT /api/settings/{businessId}', request: () => ({ method: 'PUT', url: `/api/settings/${BAR}`, payload: { phone: '+39 02 0000' } }), expected: OWNED },
  {
    route: 'PUT /api/settings/{businessId} (service flags)',
    request: async (f) => {
      const current = (await f.t.app.repos.businesses.findById(BAR))!;
      return { method: 'PUT', url: `/api/settings/${BAR}`, payload: { email_enabled: current.email_enabled === 1 ? 0 : 1 } };
    },
    expected: { ...OWNED, owner: 403 },
  },
  // Bonus
  { route: 'GET /api/settings/{businessId}/bonus-preview', request: () => ({ method: 'GET', url: `/api/settings/${BAR}/bonus-preview?threshold=500` }), expected: OWNED },
  {
    route: 'PUT /api/settings/{businessId}/bonus-threshold',
    // A threshold no card reaches: nothing to confirm, so a caller past authorization gets 200.
    request: () => ({ method: 'PUT', url: `/api/settings/${BAR}/bonus-threshold`, payload: { threshold: 1_000_000_000 } }),
    expected: OWNED,
  },
  // Rewards
  { route: 'GET /api/rewards/business/{id}', request: () => ({ method: 'GET', url: `/api/rewards/business/${BAR}` }), expected: OWNED },
  { route: 'POST /api/rewards', request: () => ({ method: 'POST', url: '/api/rewards', payload: { businessId: BAR, name: 'Matrice', cost: 5 } }), expected: OWNED },
  { route: 'PUT /api/rewards/{id}', request: async (f) => ({ method: 'PUT', url: `/api/rewards/${await f.freshReward()}`, payload: { cost: 7 } }), expected: OWNED },
  { route: 'DELETE /api/rewards/{id}', request: async (f) => ({ method: 'DELETE', url: `/api/rewards/${await f.freshReward()}` }), expected: OWNED },
  { route: 'GET /api/rewards/business/{id}/program', request: () => ({ method: 'GET', url: `/api/rewards/business/${BAR}/program` }), expected: OWNED },
  {
    route: 'PUT /api/rewards/business/{id}/program',
    request: () => ({ method: 'PUT', url: `/api/rewards/business/${BAR}/program`, payload: { expiry_reminder_days: 14 } }),
    expected: OWNED,
  },
  // Automations (decision 080): the owner's, like the program
  { route: 'GET /api/automations/business/{id}', request: () => ({ method: 'GET', url: `/api/automations/business/${BAR}` }), expected: OWNED },
  { route: 'PUT /api/automations/business/{id}', request: () => ({ method: 'PUT', url: `/api/automations/business/${BAR}`, payload: { win_back_days: 90 } }), expected: OWNED },
  { route: 'GET /api/rewards/business/{id}/promotions', request: () => ({ method: 'GET', url: `/api/rewards/business/${BAR}/promotions` }), expected: OWNED },
  {
    route: 'POST /api/rewards/promotions',
    request: () => ({ method: 'POST', url: '/api/rewards/promotions', payload: { businessId: BAR, name: 'Matrice', bonus_points: 5, ends_on: '2000-01-01' } }),
    expected: OWNED,
  },
  {
    route: 'PUT /api/rewards/promotions/{id}',
    request: async (f) => ({ method: 'PUT', url: `/api/rewards/promotions/${await f.freshPromotion()}`, payload: { bonus_points: 7 } }),
    expected: OWNED,
  },
  { route: 'DELETE /api/rewards/promotions/{id}', request: async (f) => ({ method: 'DELETE', url: `/api/rewards/promotions/${await f.freshPromotion()}` }), expected: OWNED },
  {
    route: 'GET /api/loyalty-cards/{id}/rewards',
    request: async (f) => ({ method: 'GET', url: `/api/loyalty-cards/${(await f.freshCard()).id}/rewards` }),
    expected: COUNTER,
  },
  {
    route: 'POST /api/loyalty-cards/{id}/redeem',
    request: async (f) => {
      const card = await f.freshCard();
      await f.t.app.repos.loyaltyCards.addPoints(card.id, { ownerId: null }, { points: 10, description: 'Matrice', authorId: null });
      return { method: 'POST', url: `/api/loyalty-cards/${card.id}/redeem`, payload: { reward_id: await f.freshReward() } };
    },
    expected: COUNTER,
  },
  {
    // With a key the card's ledger is read before anything is written (decision 083): the same scope first.
    route: 'POST /api/loyalty-cards/{id}/redeem (with Idempotency-Key)',
    request: async (f) => {
      const card = await f.freshCard();
      await f.t.app.repos.loyaltyCards.addPoints(card.id, { ownerId: null }, { points: 10, description: 'Matrice', authorId: null });
      return { method: 'POST', url: `/api/loyalty-cards/${card.id}/redeem`, headers: { 'idempotency-key': `matrice-${f.unique()}` }, payload: { reward_id: await f.freshReward() } };
    },
    expected: COUNTER,
  },
  // messaging (features/messaging/twilio-routes.ts, features/messaging/sending-routes.ts)
  { route: 'GET /api/twilio/settings', request: () => ({ method: 'GET', url: `/api/twilio/settings?businessId=${BAR}` }), expected: OWNED },
  {
    route: 'PUT /api/twilio/settings/{businessId}',
    request: () => ({ method: 'PUT', url: `/api/twilio/settings/${BAR}`, payload: { phoneNumber: '+393331234567' } }),
    expected: OWNED,
  },
  {
    route: 'POST /api/twilio/test-connection',
    request: () => ({ method: 'POST', url: '/api/twilio/test-connection', payload: { businessId: BAR, service: 'whatsapp', testRecipient: '+393331234567' } }),
    expected: OWNED,
  },
  {
    route: 'POST /api/campaigns/{id}/send',
    request: async (f) => ({ method: 'POST', url: `/api/campaigns/${await f.freshCampaign()}/send`, payload: { service: 'whatsapp', message: 'Ciao' } }),
    expected: OWNED,
  },
  { route: 'GET /api/campaigns/{id}/deliveries', request: async (f) => ({ method: 'GET', url: `/api/campaigns/${await f.freshCampaign()}/deliveries` }), expected: OWNED },
  { route: 'POST /api/campaigns/{id}/schedule', request: async (f) => ({ method: 'POST', url: `/api/campaigns/${await f.freshCampaign()}/schedule`, payload: { service: 'whatsapp', message: 'Ciao', at: '2099-01-01T12:00' } }), expected: OWNED },
  {
    route: 'DELETE /api/campaigns/{id}/schedule',
    request: async (f) => {
      const id = await f.freshCampaign();
      await f.t.app.db.query(`UPDATE campaigns SET scheduled_at = '2099-01-01T11:00:00Z', scheduled_channel = 'whatsapp', scheduled_message = 'Ciao', status = 'scheduled' WHERE id = $1`, [id]);
      return { method: 'DELETE', url: `/api/campaigns/${id}/schedule` };
    },
    expected: OWNED,
  },
  { route: 'GET /api/campaigns/{id}/reach', request: async (f) => ({ method: 'GET', url: `/api/campaigns/${await f.freshCampaign()}/reach` }), expected: OWNED },
  {
    route: 'POST /api/loyalty-cards/{id}/send-whatsapp',
    request: async (f) => ({ method: 'POST', url: `/api/loyalty-cards/${(await f.freshCard()).id}/send-whatsapp`, payload: { message: 'Ciao' } }),
    expected: OWNED,
  },
  // Twilio webhooks: no session involved, only Twilio's signature (none here) is accepted.
  ...['inbound', 'status'].map(
    (hook): Row => ({
      route: `POST /api/twilio/${hook}/{businessId}`,
      request: () => ({
        method: 'POST',
        url: `/api/twilio/${hook}/${BAR}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'From=%2B393331112222&Body=STOP&MessageSid=SM1&MessageStatus=delivered',
      }),
      expected: ALL(403),
    }),
  ),
  // The replies to the platform's shared number (decision 086): only the platform's Twilio signature is accepted.
  {
    route: 'POST /api/twilio/inbound',
    request: () => ({
      method: 'POST',
      url: '/api/twilio/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'From=%2B393331112222&Body=STOP',
    }),
    expected: ALL(403),
  },
  // Every business at once: the super admin only (an admin must name an own business: 400).
  { route: 'GET /api/outbox', request: () => ({ method: 'GET', url: '/api/outbox' }), expected: { ...SUPER_ONLY, owner: 400, otherAdmin: 400 } },
  { route: 'GET /api/outbox (own business)', request: () => ({ method: 'GET', url: `/api/outbox?businessId=${BAR}` }), expected: OWNED },
  { route: 'GET /api/messaging/status', request: () => ({ method: 'GET', url: `/api/messaging/status?businessId=${BAR}` }), expected: OWNED },
  // The platform's messaging account and the monthly usage (decision 086): the account and every shop's usage are
  // the super admin's; a shop's own usage is its admins'.
  { route: 'GET /api/platform/messaging-account', request: () => ({ method: 'GET', url: '/api/platform/messaging-account' }), expected: SUPER_ONLY },
  {
    route: 'PUT /api/platform/messaging-account',
    request: () => ({ method: 'PUT', url: '/api/platform/messaging-account', payload: { smsShopNameSender: false } }),
    expected: SUPER_ONLY,
  },
  { route: 'DELETE /api/platform/messaging-account', request: () => ({ method: 'DELETE', url: '/api/platform/messaging-account' }), expected: SUPER_ONLY },
  { route: 'GET /api/platform/messaging-usage', request: () => ({ method: 'GET', url: '/api/platform/messaging-usage' }), expected: SUPER_ONLY },
  { route: 'GET /api/messaging/usage', request: () => ({ method: 'GET', url: `/api/messaging/usage?businessId=${BAR}` }), expected: OWNED },
  // The wallets for the dashboard (wallet-links.test.ts). No wallet is configured here: an admin who
  // may send a card's links gets 409 (past authorization, nothing sent), another shop's admin the card's 404.
  { route: 'GET /api/wallet/status', request: () => ({ method: 'GET', url: '/api/wallet/status' }), expected: ADMIN_LEVEL },
  {
    route: 'POST /api/loyalty-cards/{id}/wallet-links',
    request: async (f) => ({ method: 'POST', url: `/api/loyalty-cards/${(await f.freshCard()).id}/wallet-links` }),
    expected: { ...OWNED, owner: 409, superAdmin: 409 },
  },
  {
    route: 'PUT /api/settings/{businessId} (brand colour)',
    request: () => ({ method: 'PUT', url: `/api/settings/${BAR}`, payload: { brand_color: '#1e3a8a' } }),
    expected: OWNED,
  },
  // Apple Wallet, public but guarded by per-pass tokens (wallet-service.test.ts), and Google Wallet's short
  // save link, public but guarded by its per-card token (wallet-google.test.ts); not configured here: 404 for all.
  ...(
    [
      ['GET /api/wallet/apple/pass/{file}', 'GET', '/api/wallet/apple/pass/x.pkpass'],
      ['GET /api/wallet/google/save/{token}', 'GET', `/api/wallet/google/save/${'A'.repeat(43)}`],
      ['POST /api/wallet/apple/v1/devices/{device}/registrations/{passTypeId}/{serial}', 'POST', '/api/wallet/apple/v1/devices/d/registrations/pass.x/s'],
      ['DELETE /api/wallet/apple/v1/devices/{device}/registrations/{passTypeId}/{serial}', 'DELETE', '/api/wallet/apple/v1/devices/d/registrations/pass.x/s'],
      ['GET /api/wallet/apple/v1/devices/{device}/registrations/{passTypeId}', 'GET', '/api/wallet/apple/v1/devices/d/registrations/pass.x'],
      ['GET /api/wallet/apple/v1/passes/{passTypeId}/{serial}', 'GET', '/api/wallet/apple/v1/passes/pass.x/s'],
      ['POST /api/wallet/apple/v1/log', 'POST', '/api/wallet/apple/v1/log'],
    ] as const
  ).map(
    ([route, method, url]): Row => ({
      route,
      request: () => ({ method, url, ...(method === 'POST' ? { payload: url.endsWith('/log') ? { logs: [] } : { pushToken: 't' } } : {}) }),
      expected: ALL(404),
    }),
  ),
  // Decision 044: the Google class's logo in a shop's colour, public (Google fetches it); nothing secret in it.
  // Decision 059: only where Google Wallet is configured (not here: 404 for everyone; wallet-abuse.test.ts serves it).
  { route: 'GET /api/wallet/logo/{file}', request: () => ({ method: 'GET', url: '/api/wallet/logo/1e3a8a.png' }), expected: ALL(404) },
  // Decision 048: the customer's page. Public link request and exchange (an unknown link: 400 for
  // everyone); every other customer route opens only with a customer session, which none of these actors
  // holds: an admin's or client's token is refused 401 (customer.test.ts proves the customer's side).
  { route: 'POST /api/customer/magic-link', request: (f) => ({ method: 'POST', url: '/api/customer/magic-link', payload: { contact: `${f.unique()}@test.it` } }), expected: ALL(202) },
  { route: 'POST /api/customer/session', request: () => ({ method: 'POST', url: '/api/customer/session', payload: { token: 'sconosciuto' } }), expected: ALL(400) },
  { route: 'GET /api/customer/cards', request: () => ({ method: 'GET', url: '/api/customer/cards' }), expected: ALL(401) },
  { route: 'GET /api/customer/cards/{id}/ledger', request: (f) => ({ method: 'GET', url: `/api/customer/cards/${f.clientCardId}/ledger` }), expected: ALL(401) },
  // Decision 074: the one-click opt-out of marketing e-mail, public, guarded by its signed token (email-campaign.test.ts); an unknown token: 404 for all.
  { route: 'GET /api/unsubscribe/{token}', request: () => ({ method: 'GET', url: '/api/unsubscribe/c2Nvbm9zY2l1dG8.AAAAAAAAAAAAAAAAAAAAAAAA' }), expected: ALL(404) },
  {
    route: 'POST /api/unsubscribe/{token}',
    request: () => ({ method: 'POST', url: '/api/unsubscribe/c2Nvbm9zY2l1dG8.AAAAAAAAAAAAAAAAAAAAAAAA', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' }),
    expected: ALL(404),
  },
  {
    route: 'PUT /api/customer/cards/{id}/consents',
    request: (f) => ({ method: 'PUT', url: `/api/customer/cards/${f.clientCardId}/consents`, payload: { marketing_channels: [] } }),
    expected: ALL(401),
  },
  { route: 'GET /api/customer/export.json', request: () => ({ method: 'GET', url: '/api/customer/export.json' }), expected: ALL(401) },
  { route: 'GET /api/customer/export.csv', request: () => ({ method: 'GET', url: '/api/customer/export.csv' }), expected: ALL(401) },
  // Decision 058: «Esci» ends the customer session on the server; only a customer session may call it.
  { route: 'POST /api/customer/logout', request: () => ({ method: 'POST', url: '/api/customer/logout' }), expected: ALL(401) },
  {
    route: 'POST /api/customer/erase',
    request: (f) => ({ method: 'POST', url: '/api/customer/erase', payload: { card_id: f.clientCardId } }),
    expected: ALL(401),
  },
  // infrastructure
  { route: 'GET /api/health', request: () => ({ method: 'GET', url: '/api/health' }), expected: PUBLIC },
  // The operators' scraper (decision 087): its own token, never a session, whoever the caller is.
  { route: 'GET /api/metrics', request: () => ({ method: 'GET', url: '/api/metrics' }), expected: ALL(401) },
  // With the token: the actors' sessions take the Authorization header's place, so only the anonymous caller carries it.
  {
    route: "GET /api/metrics (with the scraper's token)",
    request: () => ({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` } }),
    expected: { ...ALL(401), anonymous: 200 },
  },
];

describeEachDatabase('authorization matrix', (variant) => {
  let f: Fixture;
  const headers = new Map<Actor, Record<string, string>>();
  let counter = 0;
  let contract: Contract;
  beforeAll(async () => {
    const t = await startTestApp(variant, { seedDemo: true });
    contract = contractOf(t.app.swagger() as ApiDocument);
    await createOtherAdmin(t.app);
    const { cardId, client } = await createClientWithCard(t.app, BAR);
    const owner = (await t.app.repos.users.findByEmail('admin@demo.it'))!;
    f = {
      t,
      clientCardId: cardId,
      clientId: client.id,
      unique: () => `matrice-${variant.name.toLowerCase()}-${++counter}`,
      async freshCard() {
        const user = await createUser(t.app, { email: `${f.unique()}@test.it`, role: 'client', business_id: BAR });
        const { card } = await t.app.repos.loyaltyCards.findOrCreate({
          business_id: BAR,
          user_id: user.id,
          customer_name: 'Carta Matrice',
          customer_phone: '+393330000000',
          email: user.email,
          privacy_ack: true,
          marketing_channels: ['whatsapp', 'sms', 'email'],
        });
        return { id: card.id, user_id: user.id };
      },
      async freshCampaign() {
        const campaign = await t.app.repos.campaigns.create({
          business_id: BAR,
          name: 'Campagna matrice',
          subject: null,
          description: '',
          status: 'draft',
          targets: [],
          recipients: [{ customer_phone: '+393331112222', email: 'a@b.it' }],
          channels: ['whatsapp'],
          created_by: owner.id,
        });
        return campaign.id;
      },
      async freshInvitee() {
        const invitee = await t.app.repos.team.createInvited({ email: `${f.unique()}@test.it`, full_name: 'Invitato Matrice', role: 'staff', business_ids: [BAR] });
        await t.app.repos.team.open(invitee!.id, f.unique(), owner.id, new Date());
        return invitee!.id;
      },
      async freshReward() {
        const reward = await t.app.repos.rewards.create(BAR, {
          name: 'Premio matrice',
          cost: 5,
          description: null,
          active: true,
          valid_from: null,
          valid_until: null,
          stock: null,
        });
        return reward.id;
      },
      async freshPromotion() {
        const promotion = await t.app.repos.promotions.create(BAR, {
          name: 'Promozione matrice',
          multiplier: null,
          bonus_points: 5,
          starts_on: null,
          ends_on: '2000-01-01',
          weekdays: null,
          start_time: null,
          end_time: null,
          active: true,
        });
        return promotion.id;
      },
    };
    await createMember(t.app, BAR, STAFF);
    await createMember(t.app, OTHER_BUSINESS_ID, OTHER_STAFF);
    headers.set('anonymous', {});
    headers.set('client', await authHeader(t.app, CLIENT.email, CLIENT.password));
    headers.set('owner', await authHeader(t.app, demoAccount('admin').email, demoAccount('admin').password));
    headers.set('otherAdmin', await authHeader(t.app, OTHER_ADMIN.email, OTHER_ADMIN.password));
    headers.set('superAdmin', await authHeader(t.app, demoAccount('super_admin').email, demoAccount('super_admin').password));
    headers.set('staff', await authHeader(t.app, STAFF.email, STAFF.password));
    headers.set('otherStaff', await authHeader(t.app, OTHER_STAFF.email, OTHER_STAFF.password));
  });
  afterAll(() => f.t.close());

  it.each(ROWS.map((row) => [row.route, row] as const))('%s', async (_route, row) => {
    const actual: Record<string, number> = {};
    const expected: Record<string, number | string> = {};
    // The document as a contract: every answer here is one it declares (status, content type, body).
    const route = row.route.replace(/ \(.*\)$/, '');
    const mismatches: string[] = [];
    for (const actor of ACTORS) {
      const request = await row.request(f);
      const options = { ...request, headers: { ...(request.headers ?? {}), ...headers.get(actor) } } as InjectOptions;
      const response = row.stream ? await injectStream(f.t.app, options) : await f.t.app.inject(options);
      const want = row.expected[actor];
      actual[actor] = response.statusCode;
      expected[actor] = want === 'ok' ? (response.statusCode >= 200 && response.statusCode < 300 ? response.statusCode : '2xx') : want;
      if (response.statusCode >= 400) expect(response.json()).toEqual({ error: expect.any(String) });
      const mismatch = contract.mismatch(route, response);
      if (mismatch) mismatches.push(`${actor}: ${mismatch}`);
      // A session in the document (bearerAuth) exactly where an anonymous caller is refused for want of one.
      if (actor === 'anonymous') {
        const session = (contract.operation(route)?.security ?? []).some((scheme) => 'bearerAuth' in scheme);
        // A public route may answer 401 for its own reason (wrong credentials), never the missing session's.
        const refused = session ? response.statusCode === 401 : response.statusCode === 401 && response.json<{ error: string }>().error === MESSAGES.notAuthenticated;
        if (session !== refused) mismatches.push(`${route}: bearerAuth ${session ? 'dichiarato' : 'assente'}, anonimo ${response.statusCode} ${response.body}`);
      }
    }
    expect(actual).toEqual(expected);
    expect(mismatches).toEqual([]);
  });

  it('covers every route of the OpenAPI document', async () => {
    const documented = documentedRoutes(f.t.app.swagger() as ApiDocument);
    const covered = new Set(ROWS.map((row) => row.route.replace(/ \(.*\)$/, '')));
    expect(documented.filter((route) => !covered.has(route))).toEqual([]);
  });
});
