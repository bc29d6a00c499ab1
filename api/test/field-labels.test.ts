/**
 * Words and numbers on screen: an error never shows an internal field name. Every field of
 * every route (params, querystring, headers, body, and every field inside them, walked from the route's
 * own zod schemas as the app registers them) must have an Italian label, so a new field without one fails
 * here by name, whoever adds it. The fuzz suite (security/fuzz.test.ts) checks the answers themselves
 * against the same labels (helpers/italian-errors.ts).
 */
import { FIELD_LABELS, ITEM_LABELS, OWNER_LABELS } from '../src/messages';
import { fieldLabel } from '../src/validation';
import { authHeader, demoAccount, startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { isFieldLabel, isItalianError } from './helpers/italian-errors';
import { collectRoutes, fieldPaths, type FieldPath, type RouteInputs } from './helpers/routes';
import { tableDigest } from './helpers/table-digest';
import { DEMO_BUSINESSES } from '../src/seed/demo';

const BAR = DEMO_BUSINESSES[0].id;

/** `recipients[0].email`: how a path is named in a failure. */
const showPath = (path: FieldPath) => path.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');

describeEachDatabase('field labels', (variant) => {
  let t: TestApp;
  const routes: RouteInputs[] = [];
  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true, messaging: { worker: { enabled: false } } }, {}, (app) => collectRoutes(app, routes));
  });
  afterAll(() => t.close());

  /** Every field of every route: `[route, part, path]`. */
  const allFields = () =>
    routes.flatMap((route) => {
      const fromSchemas = Object.entries(route.schemas).flatMap(([part, schema]) => fieldPaths(schema!).map((path) => ({ part, path })));
      // A path parameter without a schema is still a field.
      const fromUrl = route.params.map((param) => ({ part: 'params', path: [param.name] as FieldPath }));
      return [...fromSchemas, ...fromUrl].map(({ part, path }) => ({ route: `${route.method} ${route.url}`, part, path }));
    });

  it('finds the routes and walks into nested fields', () => {
    const fields = allFields();
    expect(routes.length).toBeGreaterThan(30);
    // The walk reaches inside lists and objects (a preprocessed list of objects, an object field).
    expect(fields).toEqual(
      expect.arrayContaining([
        { route: 'POST /api/campaigns', part: 'body', path: ['recipients', 0, 'customer_phone'] },
        { route: 'POST /api/campaigns', part: 'body', path: ['channels', 0] },
        { route: 'POST /api/campaigns', part: 'body', path: ['segment', 'min_points'] },
      ]),
    );
  });

  it('has an Italian label for every field of every route', () => {
    const missing = allFields()
      .filter(({ path }) => fieldLabel(path) === null)
      .map(({ route, part, path }) => `${route} ${part} ${showPath(path)}`);
    // A failure lists each field: add it to FIELD_LABELS (a list's items to ITEM_LABELS, a field holding others to OWNER_LABELS) in src/messages.ts.
    expect(missing).toEqual([]);
  });

  it('accepts, in the fuzz suite’s check, every label a field can have', () => {
    const labels = allFields().map(({ path }) => fieldLabel(path.map((s) => (typeof s === 'number' ? 4 : s)))!);
    expect(labels.filter((label) => !isFieldLabel(label))).toEqual([]);
    expect(isItalianError('Campo "email del destinatario 12" non valido; Campo "canale 3" è obbligatorio')).toBe(true);
  });

  it('refuses, in the fuzz suite’s check, a field named by its internal name or position', () => {
    for (const raw of ['testRecipient', 'recipients[1].email', 'points', 'business_id', 'channels[0]', 'email del destinatario 0', 'whatsappEnabled']) {
      expect([raw, isItalianError(`Campo "${raw}" non valido`)]).toEqual([raw, false]);
    }
  });

  it('keeps every label table in use: no label for a field no route has', () => {
    const paths = allFields().map(({ path }) => path);
    const keys = new Set(paths.flatMap((path) => path.filter((s): s is string => typeof s === 'string')));
    const listKeys = new Set(paths.flatMap((path) => path.flatMap((s, i) => (typeof s === 'number' ? [path[i - 1] as string] : []))));
    const ownerKeys = new Set(paths.flatMap((path) => path.slice(0, -1).filter((s): s is string => typeof s === 'string')));
    // marketing_channels: the signup's per-channel consent, labelled before its field lands.
    const ahead = new Set(['marketing_channels']);
    expect(Object.keys(FIELD_LABELS).filter((key) => !keys.has(key) && !ahead.has(key))).toEqual([]);
    expect(Object.keys(ITEM_LABELS).filter((key) => !listKeys.has(key) && !ahead.has(key))).toEqual([]);
    expect(Object.keys(OWNER_LABELS).filter((key) => !ownerKeys.has(key))).toEqual([]);
  });

  it('answers a bad field with its label over HTTP, nested ones included', async () => {
    const headers = await authHeader(t.app, demoAccount('admin').email, demoAccount('admin').password);
    const cases: [string, string, object, string][] = [
      ['POST', '/api/campaigns', { businessId: BAR, name: 'Saldi', recipients: [{ email: 'a@b.it' }, { email: 'nope' }] }, 'Campo "email del destinatario 2" non valido'],
      ['POST', '/api/campaigns', { businessId: BAR, name: 'Saldi', channels: ['sms', 'fax'] }, 'Campo "canale 2" non valido'],
      ['POST', '/api/campaigns', { businessId: BAR, name: 'Saldi', segment: { kind: 'all', min_points: -1 } }, 'Campo "punti minimi del segmento" non valido'],
      ['POST', '/api/twilio/test-connection', { businessId: BAR, service: 'sms' }, 'Campo "destinatario di prova" è obbligatorio'],
      ['PUT', `/api/twilio/settings/${BAR}`, { whatsappEnabled: 'si' }, 'Campo "WhatsApp attivo" non valido'],
      ['GET', `/api/loyalty-cards/business/${BAR}?limit=0`, {}, 'Campo "numero di risultati" non valido'],
    ];
    const before = await tableDigest(t.app.db);
    const answers = [];
    for (const [method, url, payload] of cases) {
      const response = await t.app.inject({ method: method as 'GET', url, headers, ...(method === 'GET' ? {} : { payload }) });
      answers.push([method, url, response.statusCode, response.json()]);
    }
    expect(answers).toEqual(cases.map(([method, url, , error]) => [method, url, 400, { error }]));
    expect(await tableDigest(t.app.db)).toEqual(before);
  });
});
