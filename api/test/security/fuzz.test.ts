/**
 * Hostile values at every input of every route. The routes come from the app itself (an
 * `onRoute` hook, helpers/routes.ts), so a new route is fuzzed without editing this file. For each path
 * parameter, query parameter, declared header and body field (and each body as a whole) fast-check sends
 * a hostile value (helpers/hostile.ts: U+0000 and other controls, lone surrogates, huge and tiny numbers,
 * numbers as strings, wrong types, nesting 50 to 10 000 deep, long strings, broken percent-encodings)
 * with every other required input at a plausible value, anonymously, as the demo admin and as the super
 * admin (Twilio's webhooks also with a valid signature). Every answer must be below 500, one the OpenAPI document
 * declares (status, content type, body: decision 076), a 4xx must be exactly `{ error }` in the API's own Italian,
 * and a refused request (or any GET) must leave every
 * table as it was. A failure names the route, the input, the caller and the shrunk value, with fast-check's
 * seed and path: pass them to `fc.check` to replay it.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import twilio from 'twilio';
import { DEMO_BUSINESSES } from '../../src/seed/demo';
import { authHeader, demoAccount, startTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { contractOf, type ApiDocument, type Contract } from '../helpers/contract';
import { demoRows } from '../helpers/fixtures';
import { hostileExamples, hostileHeader, hostileJson, hostileQuery, hostileSegment, percentEncode, UNKNOWN_KEY } from '../helpers/hostile';
import { isItalianError } from '../helpers/italian-errors';
import { collectRoutes, type FieldSchema, type InputField, type InputPart, type RouteInputs } from '../helpers/routes';
import { tableDigest } from '../helpers/table-digest';
import { injectStream, STREAMING_ROUTES } from '../helpers/inject-stream';

/** Random hostile values per input, after the fixed examples, each from one of the callers. */
const NUM_RUNS = 10;
const BAR = DEMO_BUSINESSES[0].id;
/** The business the signed webhook requests address: the fuzzed settings routes address BAR, so they cannot change its token. */
const WEBHOOK_BUSINESS = DEMO_BUSINESSES[1].id;
const WEBHOOK_TOKEN = 'f0'.repeat(16);

/** Routes whose refusal writes by design: the tables it may change, and why. */
const WRITES_WHEN_REFUSED: Record<string, { tables: string[]; why: string }> = {
  'POST /api/auth/login': { tables: ['login_attempts'], why: 'a failed login counts towards the lock' },
  'POST /api/twilio/test-connection': { tables: ['outbox_messages'], why: 'a failed connection test is logged with its error' },
};

/**
 * Routes that declare no params, query or body: only the unknown query key can be sent to them. Listed so
 * that a route losing its inputs' schema shows up here.
 */
const WITHOUT_DECLARED_INPUTS = [
  'DELETE /api/platform/messaging-account',
  'GET /api/accounts',
  'GET /api/accounts/audit',
  'GET /api/auth/me',
  'GET /api/auth/session-events',
  'GET /api/business',
  'GET /api/business/admins',
  'GET /api/customer/cards',
  'GET /api/customer/export.csv',
  'GET /api/customer/export.json',
  'GET /api/docs',
  'GET /api/docs/openapi.json',
  'GET /api/health',
  'GET /api/metrics',
  'GET /api/platform/messaging-account',
  'GET /api/team',
  'GET /api/wallet/status',
  'POST /api/customer/logout',
];

/** Twilio's webhooks: only a request signed with the business's token reaches the handler. */
const isWebhook = (route: RouteInputs) => /^\/api\/twilio\/(inbound|status)(\/|$)/.test(route.url);

type Caller = 'anonymous' | 'admin' | 'super_admin' | 'twilio';
/** One input to fuzz; `key` null is the body as a whole. */
type Slot = { part: InputPart; key: string | null };

const routeName = (route: RouteInputs) => `${route.method} ${route.url}`;

/** The simplest value a declared field accepts, from its JSON Schema (ids and e-mails are filled in by name instead). */
function fromSchema(schema: FieldSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return fromSchema(schema.anyOf[0]);
  switch (schema.type) {
    case 'string':
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'number':
    case 'integer':
      return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? Infinity);
    case 'boolean':
      return true;
    case 'array':
      return [];
    default:
      return {};
  }
}

describeEachDatabase('fuzz: hostile values at every input of every route', (variant) => {
  let t: TestApp;
  const routes: RouteInputs[] = [];
  const callerHeaders: Record<Caller, Record<string, string>> = { anonymous: {}, admin: {}, super_admin: {}, twilio: {} };
  const ids: Record<string, string> = {};
  let digest: Record<string, string>;
  let contract: Contract;

  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true, messaging: { worker: { enabled: false } } }, {}, (app) => collectRoutes(app, routes));
    contract = contractOf(t.app.swagger() as ApiDocument);
    for (const role of ['admin', 'super_admin'] as const) callerHeaders[role] = await authHeader(t.app, demoAccount(role).email, demoAccount(role).password);
    const rows = await demoRows(t.app, BAR);
    const admin = await t.app.repos.users.findByEmail(demoAccount('admin').email);
    Object.assign(ids, { card: rows.cardId, user: rows.userId, campaign: rows.campaignId, admin: admin!.id });
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/twilio/settings/${WEBHOOK_BUSINESS}`,
      headers: callerHeaders.admin,
      payload: { authToken: WEBHOOK_TOKEN },
    });
    if (saved.statusCode !== 200) throw new Error(`webhook token not saved: ${saved.body}`);
    digest = await tableDigest(t.app.db);
  });
  afterAll(() => t.close());

  /** The demo row a parameter names: by its own name, else (`:id`) by the resource in the path segment before it. */
  function fixtureId(route: RouteInputs, name: string): string | undefined {
    if (isWebhook(route) && name === 'businessId') return WEBHOOK_BUSINESS;
    const byName: Record<string, string> = { businessId: BAR, business_id: BAR, card_id: ids.card, user_id: ids.user, campaignId: ids.campaign, adminId: ids.admin };
    if (byName[name]) return byName[name];
    const segments = route.url.split('/');
    const resource = segments[segments.indexOf(`:${name}`) - 1];
    return ({ campaigns: ids.campaign, 'loyalty-cards': ids.card, business: BAR } as Record<string, string>)[resource];
  }

  /** A plausible value for an input the probe does not target, so the hostile one gets as deep as it can. */
  function baseline(route: RouteInputs, field: InputField): unknown {
    const id = fixtureId(route, field.name);
    if (id) return id;
    if (/email/i.test(field.name)) return 'fuzz@example.it';
    return fromSchema(field.schema);
  }

  function request(route: RouteInputs, slot: Slot, raw: string, caller: Caller): InjectOptions {
    const targets = (part: InputPart, key: string) => slot.part === part && slot.key === key;
    const path = route.url.replace(/:(\w+)/g, (_, name: string) =>
      targets('params', name) ? raw : percentEncode(String(baseline(route, route.params.find((p) => p.name === name)!))),
    );
    const query = route.querystring
      .filter((f) => f.required && !targets('querystring', f.name))
      .map((f) => `${f.name}=${percentEncode(String(baseline(route, f)))}`);
    if (slot.part === 'querystring') query.push(raw);
    const url = query.length > 0 ? `${path}?${query.join('&')}` : path;

    const headers: Record<string, string> = { ...callerHeaders[caller] };
    if (slot.part === 'headers') headers[slot.key!] = raw;
    let payload: string | undefined;
    if (route.body) {
      if (slot.part === 'body' && slot.key === null) {
        payload = raw;
      } else {
        const entries = route.body.filter((f) => f.required && !targets('body', f.name)).map((f) => [f.name, JSON.stringify(baseline(route, f))]);
        if (slot.part === 'body') entries.push([slot.key!, raw]);
        payload = `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
      }
      headers['content-type'] = 'application/json';
      if (route.takesForm) {
        // A form when the body is flat text, as Twilio sends it; signed over what the server will parse.
        let params = JSON.parse(payload) as unknown;
        if (params && typeof params === 'object' && !Array.isArray(params) && Object.values(params).every((v) => typeof v === 'string')) {
          payload = Object.entries(params as Record<string, string>)
            .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
            .join('&');
          headers['content-type'] = 'application/x-www-form-urlencoded';
          params = Object.fromEntries(new URLSearchParams(payload));
        }
        if (caller === 'twilio') headers['x-twilio-signature'] = sign(`http://localhost:80${url}`, params);
      }
    }
    return { method: route.method as InjectOptions['method'], url, headers, ...(payload === undefined ? {} : { payload }) };
  }

  /** Twilio's signature over what the server will parse; a body the library cannot sign goes unsigned. */
  function sign(url: string, params: unknown): string {
    try {
      return twilio.getExpectedTwilioSignature(WEBHOOK_TOKEN, url, params && typeof params === 'object' ? (params as Record<string, unknown>) : {});
    } catch {
      return 'unsignable';
    }
  }

  /** Sends one hostile request and checks the answer and the database. */
  async function probe(route: RouteInputs, slot: Slot, raw: string, caller: Caller): Promise<void> {
    const sent = request(route, slot, raw, caller);
    const response = STREAMING_ROUTES.has(routeName(route)) ? await injectStream(t.app, sent) : await t.app.inject(sent);
    const before = digest;
    digest = await tableDigest(t.app.db);
    const status = response.statusCode;
    if (status >= 500) throw new Error(`answered ${status}: ${response.body.slice(0, 300)}`);
    // The document is the contract (decision 076): the status, content type and body are ones it declares.
    // (The document's own pages, /api/docs, are not in it.)
    const operation = routeName(route).replace(/:(\w+)/g, '{$1}');
    const mismatch = contract.operation(operation) ? contract.mismatch(operation, response) : null;
    if (mismatch) throw new Error(mismatch);
    if (status >= 400) {
      let body: unknown;
      try {
        body = response.json();
      } catch {
        throw new Error(`answered ${status} with a body that is not JSON: ${response.body.slice(0, 300)}`);
      }
      const keys = body && typeof body === 'object' ? Object.keys(body) : [];
      if (keys.join() !== 'error' || !isItalianError((body as { error: unknown }).error)) {
        throw new Error(`answered ${status} with ${response.body.slice(0, 300)}: not { error } in the API's Italian`);
      }
    }
    if (status >= 400 || route.method === 'GET') {
      const allowed = (status >= 400 && WRITES_WHEN_REFUSED[routeName(route)]?.tables) || [];
      const changed = Object.keys(digest).filter((table) => digest[table] !== before[table] && !allowed.includes(table));
      if (changed.length > 0) throw new Error(`answered ${status} but wrote to ${changed.join(', ')}`);
    }
  }

    /** Who sends: the first one gets furthest into the route. */
  const callersFor = (route: RouteInputs): Caller[] => (isWebhook(route) ? ['twilio', 'anonymous'] : ['super_admin', 'admin', 'anonymous']);

  const hostileFor = (slot: Slot): fc.Arbitrary<string> => {
    switch (slot.part) {
      case 'params':
        return hostileSegment;
      case 'querystring':
        return hostileQuery(slot.key!);
      case 'headers':
        return hostileHeader;
      case 'body':
        return hostileJson;
    }
  };

  /** Fuzzes the slots; a failure is reported with its route, input, caller and shrunk value, after all slots ran. */
  async function fuzz(slots: [RouteInputs, Slot][]): Promise<void> {
    const failures: string[] = [];
    for (const [route, slot] of slots) {
      // The fixed examples go first, from the caller that gets furthest into the route.
      const examples = hostileExamples(slot.part, slot.key).map((raw): [Caller, string] => [callersFor(route)[0], raw]);
      const details = await fc.check(
        fc.asyncProperty(fc.constantFrom(...callersFor(route)), hostileFor(slot), (caller, raw) => probe(route, slot, raw, caller)),
        { numRuns: examples.length + NUM_RUNS, examples },
      );
      if (details.failed) {
        const [caller, raw] = details.counterexample ?? [];
        const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
        const replay = `seed ${details.seed}, path ${details.counterexamplePath}`;
        failures.push(`${routeName(route)} ${slot.part}${slot.key === null ? '' : `.${slot.key}`} as ${caller} = ${JSON.stringify(String(raw).slice(0, 120))} (${replay}): ${error}`);
        // The failed request may have written: start the next slot from the database as it is.
        digest = await tableDigest(t.app.db);
      }
    }
    expect(failures).toEqual([]);
  }

  const slotsOf = (part: InputPart, withWhole = false): [RouteInputs, Slot][] =>
    routes.flatMap((route) => {
      const declared = route[part] ?? [];
      const slots: Slot[] = declared.map((f) => ({ part, key: f.name }));
      if (part === 'querystring' || (part === 'body' && route.body)) slots.push({ part, key: UNKNOWN_KEY });
      // Every route reads Host (the webhooks rebuild their signed URL from it).
      if (part === 'headers') slots.push({ part, key: 'host' });
      if (withWhole && route.body) slots.push({ part, key: null });
      return slots.map((slot): [RouteInputs, Slot] => [route, slot]);
    });

  it('collects every route from the app, the 58 write routes among them', () => {
    const writes = routes.filter((r) => r.method !== 'GET').map(routeName);
    // Apple Wallet: + the PassKit web service's register, unregister and log, and sending a card's wallet links.
    // + the CSV import of cards.
    // Decision 047: + an admin recording a card's marketing consent.
    // Decision 048: + the customer's magic link, session, consents and erasure.
    // Decision 058: + the customer's logout.
    // Decision 075: + recording a sale, and creating, changing and deleting a promotion.
    // Decision 074: + the one-click unsubscribe.
    // Decision 070: + inviting a colleague, sending the invitation again, cancelling it and accepting it.
    // Decision 071: + changing a role, disabling, enabling, deleting, sending a reset link; asking for a reset link,
    // checking it and setting the new password.
    // Decision 077: + scheduling a campaign and cancelling the schedule.
    // Decision 080: + the owner's automations.
    // Decision 078: + changing a colleague's shops.
    // Decision 086: + saving and clearing the platform's messaging account, and the replies to the platform's number.
    expect(writes).toHaveLength(58);
    const withoutInputs = routes.filter((r) => r.params.length + r.querystring.length + r.headers.length === 0 && r.body === null).map(routeName);
    expect(withoutInputs.sort()).toEqual(WITHOUT_DECLARED_INPUTS);
    // The public, token-guarded wallet links (no wallet configured here: 404) and the Google class's logo (decision 044).
    expect(routes.map(routeName)).toEqual(
      expect.arrayContaining(['GET /api/wallet/apple/pass/:file', 'GET /api/wallet/google/save/:token', 'GET /api/wallet/logo/:file']),
    );
  });

  // Each part more than the default minute on a busy 2-core machine: the rewards brought five more write routes to
  // the bodies, and a CI run with a benchmark beside it took over a minute on the query parameters; a test that
  // times out leaves its requests running into the next one's «wrote to …» checks.
  const FUZZ_TIMEOUT_MS = 180_000;
  it('path parameters', () => fuzz(slotsOf('params')), FUZZ_TIMEOUT_MS);
  it('query parameters, declared and unknown', () => fuzz(slotsOf('querystring')), FUZZ_TIMEOUT_MS);
  it('declared headers, and Host', () => fuzz(slotsOf('headers')), FUZZ_TIMEOUT_MS);
  it('body fields, declared and unknown, and bodies as a whole', () => fuzz(slotsOf('body', true)), FUZZ_TIMEOUT_MS);

  // The CSV import's body is a file (text/csv), which the JSON probes above never send. Hostile files
  // (random bytes, controls, huge cells and rows, formulas, broken quotes) in a preview must be answered below 500
  // with `{ error }` in Italian or a preview, and write nothing; as a real import they may write only cards and
  // their ledger rows, and only when answered 200.
  it('CSV import: hostile files', async () => {
    const url = `/api/loyalty-cards/business/${BAR}/import`;
    const header = fc.constantFrom('nome;email;telefono;punti\r\n', 'full_name,phone,points\n', '\uFEFFNome;Email\n', '');
    const cellText = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom('=HYPERLINK("x")', '"', '""', ';;;;', '\u0000', '1e309', '-1', '333 1234567', 'a@b.it'));
    const file = fc.oneof(
      fc.tuple(header, fc.array(fc.array(cellText, { maxLength: 8 }), { maxLength: 20 })).map(([h, rows]) => Buffer.from(h + rows.map((r) => r.join(';')).join('\r\n'))),
      fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
    );
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(file, fc.boolean(), async (body, dryRun) => {
        const before = await tableDigest(t.app.db);
        const response = await t.app.inject({ method: 'POST', url: `${url}?dry_run=${dryRun}`, headers: { ...callerHeaders.admin, 'content-type': 'text/csv' }, payload: body });
        const after = await tableDigest(t.app.db);
        const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
        if (response.statusCode >= 500) failures.push(`${response.statusCode}: ${response.body.slice(0, 200)}`);
        else if (response.statusCode >= 400) {
          const answer = response.json() as { error?: unknown };
          if (Object.keys(answer).join() !== 'error' || !isItalianError(answer.error)) failures.push(`${response.statusCode}: ${response.body.slice(0, 200)}`);
          if (changed.length > 0) failures.push(`${response.statusCode} but wrote to ${changed.join(', ')}`);
        } else if (dryRun ? changed.length > 0 : changed.some((table) => !['loyalty_cards', 'points_ledger', 'card_versions', 'businesses'].includes(table))) {
          failures.push(`200 (dry_run=${dryRun}) wrote to ${changed.join(', ')}`);
        }
      }),
      { numRuns: 60 },
    );
    digest = await tableDigest(t.app.db);
    expect(failures).toEqual([]);
  }, 120_000);
});
