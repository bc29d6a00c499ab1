/**
 * No anonymous request may hold the event loop for more than a few milliseconds: every route open without a
 * session is flooded in turn for 0.8 s by 16 clients at once, 8 from one address (the
 * per-address limits answer them) and 8 from a new address per request (each gets past those limits to the
 * route's real work), while `GET /api/health` is probed on its own connection; every probe must be answered,
 * and none may wait as long as a stall (the 8–106 s waits a logo or import flood once caused). A stall is
 * measured against a control taken in the same run: the same probes while `/api/health` itself is flooded,
 * which costs the API nearly nothing, so what the machine's load adds to every figure (at load 6 on two cores
 * the control's slowest probe took 1.3 s) does not count against a route; a probe over that bound is measured
 * once more beside a fresh control (a stall of the route comes back, a moment the machine was busy does not).
 * The goal, 200 ms at p99, is a
 * timing figure: printed for every route beside the API thread's event-loop delay (helpers/health-latency.ts)
 * and read on a quiet machine (decision 059), not asserted here, where another Jest worker shares the two
 * cores of a CI machine (a run there put two routes at 245–265 ms).
 *
 * The routes come from the app itself (an `onRoute` hook, helpers/routes.ts): a route without a session check
 * that has no flood below fails the guard, so a new anonymous route cannot be forgotten. Each flood sends what
 * costs its route the most that an anonymous caller can ask for: valid wallet tokens (a pass is signed), colours
 * never seen, the largest bodies the route takes, contacts and e-mails that exist and that do not. The app runs
 * with the production limits and password hashing (only the proxy secret is set, so forwarded addresses count),
 * both wallets configured, logs written (to a sink), and no background workers.
 */
import { Writable } from 'node:stream';
import { PRODUCTION_PASSWORD_HASHING, parseEnv } from '../../src/config';
import { DEMO_BUSINESSES } from '../../src/seed/demo';
import { createUser, startTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { describeReport, floodAndMeasure, FLOOD_PROXY_SECRET, listenForFlood, type FloodRequest } from '../helpers/health-latency';
import { collectRoutes, type RouteInputs } from '../helpers/routes';
import { appleConfig, googleConfig, pathOf, signupCard, WALLET_BUSINESS } from '../helpers/wallet';

/** What a stall is: a health probe waiting longer than this, or than `STALL_FACTOR` times the control's slowest. */
const HEALTH_STALL_FLOOR_MS = 1000;
const STALL_FACTOR = 3;
/** The goal for the p99 of the health probes, printed beside each figure. */
const HEALTH_P99_GOAL_MS = 200;
/**
 * How long each route is flooded. Sized to prove the property, not to measure throughput (`npm run bench`):
 * 0.8 s is hundreds of requests from 16 clients and 80 health probes, and the stalls this guards against held
 * the loop for 8–106 s, so one shows in the first probes; 25 floods on two databases cost 40 s of the serial
 * phase instead of 75 s at 1.5 s each.
 */
const FLOOD_MS = 800;
/** Probes a flood sends at least (it lasts longer when the probing worker was short of CPU), all of which must be answered. */
const MIN_PROBES = 50;
const TYPE = 'pass.it.localhost.fidelity';
const BAR = DEMO_BUSINESSES[0].id;
const VICTIM = { email: 'vittima.flood@example.it', password: 'Vittima2026!' };

/** What a flood needs to know of the app: a card with both wallets, a device registered for its pass. */
interface Targets {
  appleLink: string;
  googleLink: string;
  serial: string;
  authToken: string;
  brandColors: string[];
}

const json = (method: string, path: string, body: unknown): FloodRequest => ({ method, path, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const many = <T>(count: number, make: (i: number) => T) => Array.from({ length: count }, (_, i) => make(i));
const hex = (i: number) => ((i * 2654435761) >>> 8).toString(16).padStart(6, '0').slice(-6);
const applePass = (t: Targets) => ({ authorization: `ApplePass ${t.authToken}` });
/** The largest form Twilio's webhooks take (64 KiB), unsigned. */
const twilioForm = `From=%2B393331112222&Body=STOP&MessageSid=SM1&MessageStatus=delivered&ErrorCode=1&Pad=${'x'.repeat(60_000)}`;

/** For each anonymous route (`METHOD /url` as Fastify registers it), the requests of its flood. */
const FLOODS: Record<string, (t: Targets) => FloodRequest[]> = {
  'GET /api/health': () => [{ method: 'GET', path: '/api/health' }],
  // Without the scraper's token: a 401 before any query (decision 087).
  'GET /api/metrics': () => [{ method: 'GET', path: '/api/metrics' }],
  'GET /api/docs': () => [{ method: 'GET', path: '/api/docs' }],
  'GET /api/docs/openapi.json': () => [{ method: 'GET', path: '/api/docs/openapi.json' }],
  // Wrong passwords of an account that exists and of addresses that do not (each costs a hash).
  'POST /api/auth/login': () => many(200, (i) => json('POST', '/api/auth/login', { email: i % 2 ? VICTIM.email : `nessuno.${i}@example.it`, password: `sbagliata-${i}` })),
  'GET /api/business/:id': () => many(50, (i) => ({ method: 'GET', path: `/api/business/${i % 2 ? BAR : `sconosciuta-${i}`}` })),
  // New cards (each a customer, a card, a welcome message, a pass) and known e-mails with another phone (a resend).
  'POST /api/users/loyalty-cards/create': () =>
    many(400, (i) =>
      json('POST', '/api/users/loyalty-cards/create', {
        email: i % 4 === 0 ? VICTIM.email : `flood.${i}@example.it`,
        full_name: `Cliente Flood ${i}`,
        phone: `+39 333 ${String(1_000_000 + i).padStart(7, '0')}`,
        business_id: BAR,
        privacy_ack: true,
        marketing_channels: ['sms'],
      }),
    ),
  'POST /api/twilio/inbound/:businessId': () => [{ method: 'POST', path: `/api/twilio/inbound/${BAR}`, headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'falsa' }, body: twilioForm }],
  'POST /api/twilio/inbound': () => [{ method: 'POST', path: '/api/twilio/inbound', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'falsa' }, body: twilioForm }],
  'POST /api/twilio/status/:businessId': () => [{ method: 'POST', path: `/api/twilio/status/${BAR}`, headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'falsa' }, body: twilioForm }],
  // A real pass download: the pass is built and signed for the request.
  'GET /api/wallet/apple/pass/:file': (t) => [{ method: 'GET', path: pathOf(t.appleLink) }],
  'GET /api/wallet/google/save/:token': (t) => [{ method: 'GET', path: pathOf(t.googleLink) }],
  // Colours no shop has, each once, and (one request in four) the shops' own.
  'GET /api/wallet/logo/:file': (t) =>
    many(400, (i) => ({ method: 'GET', path: `/api/wallet/logo/${i % 4 === 0 ? t.brandColors[(i / 4) % t.brandColors.length] : hex(i + 1)}.png` })),
  // New devices for the pass, with its real token.
  'POST /api/wallet/apple/v1/devices/:device/registrations/:passTypeId/:serial': (t) =>
    many(200, (i) => ({ ...json('POST', `/api/wallet/apple/v1/devices/flood-device-${i}/registrations/${TYPE}/${t.serial}`, { pushToken: `push-${i}`.padEnd(400, 'x') }), headers: { 'content-type': 'application/json', ...applePass(t) } })),
  'DELETE /api/wallet/apple/v1/devices/:device/registrations/:passTypeId/:serial': (t) =>
    many(200, (i) => ({ method: 'DELETE', path: `/api/wallet/apple/v1/devices/flood-gone-${i}/registrations/${TYPE}/${t.serial}`, headers: applePass(t) })),
  'GET /api/wallet/apple/v1/devices/:device/registrations/:passTypeId': () => [
    { method: 'GET', path: `/api/wallet/apple/v1/devices/flood-device-1/registrations/${TYPE}` },
    { method: 'GET', path: `/api/wallet/apple/v1/devices/flood-device-1/registrations/${TYPE}?passesUpdatedSince=0` },
  ],
  // The latest pass, without If-Modified-Since: built and signed for the request.
  'GET /api/wallet/apple/v1/passes/:passTypeId/:serial': (t) => [{ method: 'GET', path: `/api/wallet/apple/v1/passes/${TYPE}/${t.serial}`, headers: applePass(t) }],
  // As much as the route will take: 100 messages of 2 000 characters (more is refused by the schema or the size limit).
  'POST /api/wallet/apple/v1/log': () => [json('POST', '/api/wallet/apple/v1/log', { logs: many(100, (i) => `errore ${i} `.padEnd(2000, 'x')) })],
  // A contact with cards (a link is queued) and contacts nobody has.
  'POST /api/customer/magic-link': () => many(100, (i) => json('POST', '/api/customer/magic-link', { contact: i % 4 === 0 ? VICTIM.email : `ignoto.${i}@example.it` })),
  // Decision 074: forged unsubscribe tokens (each checked by an HMAC before any query), the one-click body included.
  'GET /api/unsubscribe/:token': () => many(200, (i) => ({ method: 'GET', path: `/api/unsubscribe/${Buffer.from(`carta-${i}`).toString('base64url')}.${'A'.repeat(24)}` })),
  'POST /api/unsubscribe/:token': () =>
    many(200, (i) => ({
      method: 'POST',
      path: `/api/unsubscribe/${Buffer.from(`carta-${i}`).toString('base64url')}.${'A'.repeat(24)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })),
  'POST /api/customer/session': () => many(100, (i) => json('POST', '/api/customer/session', { token: `inventato-${i}`.padEnd(43, 'x') })),
  // Decision 071: a reset link asked for a known account (its work runs after the answer) and for addresses nobody
  // has; forged links checked and used (a new password is hashed only for a valid link).
  'POST /api/auth/password-reset': () => many(100, (i) => json('POST', '/api/auth/password-reset', { email: i % 4 === 0 ? VICTIM.email : `ignoto.${i}@example.it` })),
  'POST /api/auth/password-reset/check': () => many(100, (i) => json('POST', '/api/auth/password-reset/check', { token: `inventato-${i}`.padEnd(43, 'x') })),
  'POST /api/auth/password-reset/confirm': () =>
    many(100, (i) => json('POST', '/api/auth/password-reset/confirm', { token: `inventato-${i}`.padEnd(43, 'x'), newPassword: `NuovaPassword-${i}` })),
  // Decision 070: forged invitation links with a password (hashed only for a valid link).
  'POST /api/invitations/accept': () => many(100, (i) => json('POST', '/api/invitations/accept', { token: `inventato-${i}`.padEnd(43, 'x'), password: `Password-${i}` })),
};

const routeName = (route: RouteInputs) => `${route.method} ${route.url}`;

describeEachDatabase('anonymous routes under a flood', (variant) => {
  let t: TestApp;
  let baseUrl: string;
  let targets: Targets;
  let stallBoundMs = HEALTH_STALL_FLOOR_MS;
  const routes: RouteInputs[] = [];
  const anonymous = () => routes.filter((route) => !route.authenticated).map(routeName);

  beforeAll(async () => {
    const production = parseEnv({});
    t = await startTestApp(
      variant,
      {
        seedDemo: true,
        logLevel: 'info',
        proxySecret: FLOOD_PROXY_SECRET,
        passwordHashing: PRODUCTION_PASSWORD_HASHING,
        passwordHashQueue: production.passwordHashQueue,
        loginRateLimitPerMinute: production.loginRateLimitPerMinute,
        signupRateLimitPerMinute: production.signupRateLimitPerMinute,
        walletRateLimitPerMinute: production.walletRateLimitPerMinute,
        walletFailedLookupsPerMinute: production.walletFailedLookupsPerMinute,
        customerLinkRateLimitPerMinute: production.customerLinkRateLimitPerMinute,
        customerLinkPerContactPerMinute: production.customerLinkPerContactPerMinute,
        wallet: { apple: appleConfig(), google: googleConfig('http://127.0.0.1:9/walletobjects/v1', 'http://127.0.0.1:9/token') },
        messaging: { worker: { enabled: false } },
      },
      { logStream: new Writable({ write: (_chunk, _encoding, done) => done() }) },
      (app) => collectRoutes(app, routes),
    );
    await createUser(t.app, { ...VICTIM, role: 'client', business_id: BAR });
    const card = await signupCard(t.app, VICTIM.email);
    const { rows } = await t.app.db.query<{ serial_number: string; auth_token: string }>('SELECT serial_number, auth_token FROM wallet_passes WHERE card_id = $1', [card.id]);
    await t.app.db.query("UPDATE businesses SET brand_color = '#f5e6c8' WHERE id = $1", [WALLET_BUSINESS.id]);
    const colors = await t.app.db.query<{ brand_color: string }>('SELECT DISTINCT brand_color FROM businesses WHERE brand_color IS NOT NULL');
    targets = {
      appleLink: card.wallet!.apple!,
      googleLink: card.wallet!.google!,
      serial: rows[0].serial_number,
      authToken: rows[0].auth_token,
      brandColors: ['1e3a8a', ...colors.rows.map((r) => r.brand_color.slice(1))],
    };
    baseUrl = await listenForFlood(t.app);
    // The control: the health check flooded with itself, from many addresses.
    const control = await floodAndMeasure({ baseUrl, requests: FLOODS['GET /api/health'](targets), from: 'both', durationMs: FLOOD_MS });
    stallBoundMs = Math.max(HEALTH_STALL_FLOOR_MS, STALL_FACTOR * control.health.max);
    process.stdout.write(`${describeReport(`${variant.name} control`, control)} · a stall is over ${Math.round(stallBoundMs)} ms\n`);
  });
  afterAll(() => t?.close());

  it('has a flood for every anonymous route, and every route it counts as authenticated refuses an anonymous caller', async () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(anonymous().filter((route) => !FLOODS[route]).sort()).toEqual([]);
    expect(Object.keys(FLOODS).filter((route) => !anonymous().includes(route)).sort()).toEqual([]);
    // The session check is recognised by its name: a route counted as authenticated must really ask for one.
    for (const route of routes.filter((r) => r.authenticated)) {
      const url = route.url.replace(/:(\w+)/g, 'x');
      const response = await t.app.inject({ method: route.method as 'GET', url, ...(route.body ? { payload: {} } : {}) });
      expect([routeName(route), response.statusCode]).toEqual([routeName(route), 401]);
    }
  });

  it.each(Object.keys(FLOODS))('%s: /api/health answers every probe without a stall, under a flood from one address and from many at once', async (route) => {
    const flood = async (label: string) => {
      const report = await floodAndMeasure({ baseUrl, requests: FLOODS[route](targets), from: 'both', durationMs: FLOOD_MS, minProbes: MIN_PROBES });
      const goal = report.health.p99 < HEALTH_P99_GOAL_MS ? `within the ${HEALTH_P99_GOAL_MS} ms goal` : `OVER the ${HEALTH_P99_GOAL_MS} ms goal`;
      process.stdout.write(`${describeReport(`${variant.name} ${route} from one address and from many${label}`, report)} · ${goal}\n`);
      return report;
    };
    const first = await flood('');
    const attempts = [{ report: first, boundMs: stallBoundMs }];
    // A stall of the route comes back every time (the ones found were 8–106 s); a wait the machine caused
    // (another process on the two cores) does not. So a probe over the bound is measured once more, beside a
    // fresh control, and only a stall seen both times, each beyond its own control's bound, fails.
    if (first.health.max >= stallBoundMs) {
      const control = await floodAndMeasure({ baseUrl, requests: FLOODS['GET /api/health'](targets), from: 'both', durationMs: FLOOD_MS });
      const boundMs = Math.max(HEALTH_STALL_FLOOR_MS, STALL_FACTOR * control.health.max);
      process.stdout.write(`${describeReport(`${variant.name} control again`, control)} · a stall is over ${Math.round(boundMs)} ms\n`);
      attempts.push({ report: await flood(', again'), boundMs });
    }
    for (const { report } of attempts) {
      // The flood was answered (no 500, no request left without an answer), and so were the probes.
      expect(Object.keys(report.statuses).filter((status) => status === 'error' || (Number(status) >= 500 && status !== '503'))).toEqual([]);
      expect(report.health.count).toBeGreaterThanOrEqual(MIN_PROBES);
      expect(report.health.failures + report.health.non200).toBe(0);
    }
    const last = attempts[attempts.length - 1];
    expect(last.report.health.max).toBeLessThan(last.boundMs);
  });
});
