/**
 * A large CSV import never blocks the instance (docs/decisions/061-imports-never-block.md): while one admin
 * previews and then imports a file of 20 000 rows (ten of PostgreSQL's batches, eighty of PGlite's: the import's
 * slicing is what is proven; `npm run bench` times the largest file the route takes, 100 000 rows), `GET /api/health` is probed every 10 ms on
 * connections of its own, against a real listening API (helpers/health-latency.ts), on both databases.
 *
 * The bound asserted is a stall bound, not the goal: every probe answered 200 (the health check's own database
 * timeout is 3 s, so a probe stuck behind the import answers 503) and the probes' p99 under a second. Before the
 * import was cut into slices, probes waited 13–15 s during the preview and 8 s (PostgreSQL) to 106 s (PGlite)
 * during the import; a slice of work that yields every few milliseconds stays far under a second even on a
 * 2-core machine where another Jest worker runs beside this one. The figures against the 200 ms goal are
 * printed, and recorded in the decision from a quiet run.
 */
import { describeReport, floodAndMeasure, FLOOD_PROXY_SECRET, listenForFlood, type FloodReport } from '../helpers/health-latency';
import { authHeader, startTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { createOtherAdmin, OTHER_ADMIN, OTHER_BUSINESS_ID } from '../helpers/fixtures';

/** Health probes' p99 during the preview and the import must stay under this (the goal, 200 ms, is printed). */
const HEALTH_P99_STALL_BOUND_MS = 1000;
/**
 * A probe every 50 ms: each costs the API a request and a query on the thread the import shares, so on a loaded
 * 2-core machine a probe every 10 ms was itself a flood that queued probes behind probes, import or not.
 */
const HEALTH_EVERY_MS = 50;
const SHOP = OTHER_BUSINESS_ID;
const NOW = new Date('2026-03-10T12:00:00Z');
const ROWS = 20_000;

/**
 * `ROWS` data rows: names, e-mails, phones (written in several ways), balances, birth dates, one row in four with a
 * marketing consent (one or two channels), one row in a thousand refused (a phone that is no phone).
 */
function bigFile() {
  const lines = ['Nome;Email;Telefono;Punti;Data di nascita;Consenso marketing;Data consenso;Fonte consenso'];
  const expected = { valid: 0, invalid: 0, withConsent: 0, ledgerRows: 0, consentEvents: 0 };
  for (let i = 0; i < ROWS; i++) {
    const bad = i % 1000 === 999;
    const phone = bad ? '12' : i % 2 ? `+39 333 ${String(1_000_000 + i).padStart(7, '0')}` : `333${String(1_000_000 + i).padStart(7, '0')}`;
    const points = i % 50;
    const consent = i % 4 === 0 ? [i % 8 === 0 ? 'email, sms' : 'whatsapp', '15/01/2026', 'modulo cartaceo in negozio'] : ['', '', ''];
    lines.push([`Cliente ${i}`, `cliente.${i}@example.it`, phone, i % 3 ? `${points}` : `${points},5`, i % 5 ? '' : '17/05/1990', ...consent].join(';'));
    if (bad) expected.invalid++;
    else {
      expected.valid++;
      if (points > 0 || i % 3 === 0) expected.ledgerRows++;
      if (consent[0]) {
        expected.withConsent++;
        expected.consentEvents += consent[0].includes(',') ? 2 : 1;
      }
    }
  }
  return { body: lines.join('\r\n'), expected };
}

describeEachDatabase(`a ${ROWS.toLocaleString('it-IT')}-row CSV import never blocks the instance`, (variant) => {
  let t: TestApp;
  let baseUrl: string;
  let owner: { authorization: string };
  const file = bigFile();

  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true, proxySecret: FLOOD_PROXY_SECRET, messaging: { worker: { enabled: false } } }, { clock: () => NOW });
    await createOtherAdmin(t.app);
    owner = await authHeader(t.app, OTHER_ADMIN.email, OTHER_ADMIN.password);
    baseUrl = await listenForFlood(t.app);
  });
  afterAll(() => t?.close());

  /** One import request, probed from its start to its answer; its answer's JSON. */
  async function importWhileProbing(dryRun: boolean, label: string): Promise<{ report: FloodReport; answer: Record<string, unknown> }> {
    const report = await floodAndMeasure({
      baseUrl,
      requests: [{ method: 'POST', path: `/api/loyalty-cards/business/${SHOP}/import?dry_run=${dryRun}`, headers: { ...owner, 'content-type': 'text/csv' }, body: file.body }],
      from: 'one',
      concurrency: 1,
      total: 1,
      healthEveryMs: HEALTH_EVERY_MS,
      keepAnswers: true,
    });
    process.stdout.write(`${describeReport(`${variant.name} ${label} of ${ROWS.toLocaleString('it-IT')} rows (${report.elapsedMs} ms)`, report)}\n`);
    expect(report.answers.map((a) => a.status)).toEqual([200]);
    // Probes all along the request (one every HEALTH_EVERY_MS: at least half of them, allowing for the probing
    // thread's own late timers on a busy machine; at least 10), every one answered with 200, none stalled behind
    // the import. Not a fixed count: a fast machine previews 20 000 rows in under a second (CI: 878 ms, 18 probes).
    expect(report.health.count).toBeGreaterThanOrEqual(Math.max(10, Math.floor(report.elapsedMs / HEALTH_EVERY_MS / 2)));
    expect({ failures: report.health.failures, non200: report.health.non200 }).toEqual({ failures: 0, non200: 0 });
    expect(report.health.p99).toBeLessThan(HEALTH_P99_STALL_BOUND_MS);
    return { report, answer: JSON.parse(report.answers[0].body) as Record<string, unknown> };
  }

  it(`previews ${ROWS.toLocaleString('it-IT')} rows while /api/health keeps answering`, async () => {
    const { answer } = await importWhileProbing(true, 'preview');
    expect(answer).toMatchObject({ valid: file.expected.valid, invalid_count: file.expected.invalid, imported: 0, skipped: 0, with_consent: file.expected.withConsent });
    expect((answer.invalid as unknown[]).length).toBe(file.expected.invalid);
    expect(answer.invalid).toContainEqual({ line: 1001, reason: 'telefono non valido' });
    const { rows } = await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM loyalty_cards WHERE business_id = $1', [SHOP]);
    expect(rows[0].n).toBe(0);
  }, 300_000);

  it(`imports ${ROWS.toLocaleString('it-IT')} rows while /api/health keeps answering: every card, balance and consent written`, async () => {
    const { answer } = await importWhileProbing(false, 'import');
    expect(answer).toMatchObject({ valid: file.expected.valid, imported: file.expected.valid, invalid_count: file.expected.invalid, skipped: 0, with_consent: file.expected.withConsent });
    const { rows } = await t.app.db.query<{ cards: number; numbers: number; ledger: number; off: number; events: number }>(
      `SELECT count(*)::int AS cards, count(DISTINCT card_number)::int AS numbers,
              (SELECT count(*)::int FROM points_ledger l JOIN loyalty_cards k ON k.id = l.card_id WHERE k.business_id = $1) AS ledger,
              (SELECT count(*)::int FROM loyalty_cards k WHERE k.business_id = $1
                  AND k.points <> (SELECT coalesce(sum(points), 0) FROM points_ledger WHERE card_id = k.id)) AS off,
              (SELECT count(*)::int FROM consent_events WHERE business_id = $1 AND source = 'import') AS events
         FROM loyalty_cards WHERE business_id = $1`,
      [SHOP],
    );
    expect(rows[0]).toEqual({ cards: file.expected.valid, numbers: file.expected.valid, ledger: file.expected.ledgerRows, off: 0, events: file.expected.consentEvents });
  }, 600_000);
});
