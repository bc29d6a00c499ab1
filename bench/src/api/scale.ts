/**
 * Section 6, API side: a shop with 100 000 cards (stats and first page times) and a 10 000-recipient
 * campaign (time to enqueue, outbox delivery rate, exactly 10 000 messages), on PostgreSQL.
 */
import { DEMO_ACCOUNTS } from '../../../api/src/seed/demo';
import { median, ms, notMeasured, section, seconds, target, type SectionReport } from '../report';
import { postgresReachable, startBenchServer } from './bench-server';
import { SCALE_BUSINESS_ID } from './seed';

const TITLE = '6. Scala (API)';
const SCALE_CARDS = 100_000;
const RECIPIENTS = 10_000;
const SAMPLES = 10;
/** BENCH_SCALE_PORT moves the section's API off 6160. */
const PORT = Number(process.env.BENCH_SCALE_PORT || 6160);
const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;

/** One JSON request to the bench API: its body, the bytes on the wire (uncompressed) and the time to the last byte. */
export async function call<T>(url: string, init: RequestInit & { token?: string } = {}): Promise<{ body: T; bytes: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
  });
  const text = await res.text();
  const elapsed = performance.now() - started;
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${text.slice(0, 200)}`);
  return { body: JSON.parse(text) as T, bytes: Buffer.byteLength(text), ms: elapsed };
}

/**
 * Median of SAMPLES calls one at a time, after one to warm up. `before` (not timed) runs ahead of each call: a
 * points change on a card of the business, so the read cache (decision 017) cannot answer it, as for a shop whose
 * cards change all day; the statement then runs every time.
 */
async function sequentialMedian(url: string, token: string, before?: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i <= SAMPLES; i++) {
    await before?.();
    const { ms: elapsed } = await call(url, { token });
    if (i > 0) times.push(elapsed);
  }
  return median(times);
}

export async function apiScale(log: (line: string) => void): Promise<SectionReport> {
  const problem = await postgresReachable();
  if (problem) return notMeasured(TITLE, problem);
  const report = section(TITLE);
  report.method.push(
    `PostgreSQL, database nuovo: seed demo + negozio con ${SCALE_CARDS.toLocaleString('it-IT')} carte (INSERT … generate_series, poi VACUUM ANALYZE); tempi di una richiesta alla volta, mediana di ${SAMPLES} dopo una di riscaldamento`,
    `"senza cache": prima di ogni richiesta +1 punto a una carta del negozio (POST …/points, non misurato), così la risposta non viene dalla cache di lettura e la query gira ogni volta`,
    `campagna con ${RECIPIENTS.toLocaleString('it-IT')} destinatari, clienti del negozio grande con consenso SMS (POST /campaigns), poi POST /campaigns/{id}/send SMS: tempo della risposta = messa in coda; consegna = driver outbox predefinito, si interroga /deliveries ogni 250 ms fino alla fine e si contano le righe in outbox_messages`,
    'lato browser (panoramica interattiva, task più lungo scorrendo): sezione 7',
  );
  const server = await startBenchServer('PostgreSQL', PORT, { scaleCards: SCALE_CARDS });
  try {
    const base = server.url;
    const { body: session } = await call<{ token: string }>(`${base}/api/auth/login`, { method: 'POST', body: JSON.stringify({ email: admin.email, password: admin.password }) });
    const token = session.token;
    const statsMs = await sequentialMedian(`${base}/api/loyalty-cards/business/${SCALE_BUSINESS_ID}/stats`, token);
    const pageMs = await sequentialMedian(`${base}/api/loyalty-cards/business/${SCALE_BUSINESS_ID}?limit=50&offset=0`, token);
    const searchMs = await sequentialMedian(`${base}/api/loyalty-cards/business/${SCALE_BUSINESS_ID}?limit=50&offset=0&q=cliente%2099`, token);
    log(`  100 000 carte: statistiche ${ms(statsMs)}, prima pagina ${ms(pageMs)}, ricerca ${ms(searchMs)}`);
    // The reads that filter on points, which the (business_id, points) index serves (decision 056), never from the cache.
    const cards = `${base}/api/loyalty-cards/business/${SCALE_BUSINESS_ID}`;
    const { body: first } = await call<{ items: { id: string }[] }>(`${cards}?limit=1&offset=0`, { token });
    const touch = () => call(`${base}/api/loyalty-cards/${first.items[0].id}/points`, { method: 'POST', token, body: JSON.stringify({ points: 1, description: 'bench' }) });
    const filtered = {
      stats: await sequentialMedian(`${base}/api/loyalty-cards/business/${SCALE_BUSINESS_ID}/stats`, token, touch),
      // Decision 079: the overview's sales report, read beside the stats.
      salesReport: await sequentialMedian(`${base}/api/loyalty-cards/business/${SCALE_BUSINESS_ID}/sales-report`, token, touch),
      page: await sequentialMedian(`${cards}?limit=50&offset=0`, token, touch),
      active: await sequentialMedian(`${cards}?limit=50&offset=0&status=active`, token, touch),
      inactive: await sequentialMedian(`${cards}?limit=50&offset=0&status=inactive`, token, touch),
      minPoints: await sequentialMedian(`${cards}?limit=50&offset=0&min_points=140`, token, touch),
      countInactive: await sequentialMedian(`${cards}/count?kind=inactive`, token, touch),
    };
    log(
      `  dopo una modifica: statistiche ${ms(filtered.stats)}, resoconto vendite ${ms(filtered.salesReport)}, prima pagina ${ms(filtered.page)}, attive ${ms(filtered.active)}, inattive ${ms(filtered.inactive)}, min_points 140 ${ms(filtered.minPoints)}, conteggio inattive ${ms(filtered.countInactive)}`,
    );

    // Decision 025: a campaign reaches only holders of a card of the business agreeing to the channel, here
    // the first 10 000 customers of the big shop (seed: phone '+39 333 0000001'…, consent on every channel).
    const recipients = Array.from({ length: RECIPIENTS }, (_, i) => ({ customer_phone: `+39333${String(i + 1).padStart(7, '0')}`, email: `cliente${i + 1}@example.it` }));
    const { body: campaign } = await call<{ id: string }>(`${base}/api/campaigns`, {
      method: 'POST',
      token,
      body: JSON.stringify({ businessId: SCALE_BUSINESS_ID, name: 'Bench 10 000', recipients, channels: ['sms'] }),
    });
    const send = await call<{ queued: number; skipped: number }>(`${base}/api/campaigns/${campaign.id}/send`, {
      method: 'POST',
      token,
      body: JSON.stringify({ service: 'sms', message: 'Offerta bench: 10% di sconto fino a domenica' }),
    });
    const sendStarted = performance.now() - send.ms;
    let deliveries = { total: 0, queued: 0, sent: 0, failed: 0, skipped: 0 };
    const deadline = Date.now() + 300_000;
    while (Date.now() < deadline) {
      deliveries = (await call<typeof deliveries>(`${base}/api/campaigns/${campaign.id}/deliveries`, { token })).body;
      if (deliveries.queued === 0 && deliveries.sent + deliveries.failed + deliveries.skipped >= send.body.queued) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const deliveredMs = performance.now() - sendStarted;
    const { body: outbox } = await call<{ messages: number }>(`${base}/bench/outbox/${campaign.id}`);
    log(`  campagna: in coda ${send.body.queued} in ${ms(send.ms)}, inviati ${deliveries.sent} in ${seconds(deliveredMs)}, outbox ${outbox.messages}`);

    report.tables.push({
      head: ['misura', 'valore'],
      rows: [
        ['statistiche panoramica, 100 000 carte', ms(statsMs)],
        ['prima pagina (50), 100 000 carte', ms(pageMs)],
        ['ricerca "cliente 99", prima pagina', ms(searchMs)],
        ['statistiche, dopo una modifica (senza cache)', ms(filtered.stats)],
        ['resoconto vendite, dopo una modifica (senza cache)', ms(filtered.salesReport)],
        ['prima pagina (50), dopo una modifica (senza cache)', ms(filtered.page)],
        ['filtro attive (99%), prima pagina, senza cache', ms(filtered.active)],
        ['filtro inattive (0,7%), prima pagina, senza cache', ms(filtered.inactive)],
        ['min_points 140 (7%), prima pagina, senza cache', ms(filtered.minPoints)],
        ['conteggio del segmento inattive, senza cache', ms(filtered.countInactive)],
        [`messa in coda di ${RECIPIENTS} destinatari`, ms(send.ms)],
        ['consegna outbox (fino all’ultimo)', `${seconds(deliveredMs)} (${(deliveries.sent / (deliveredMs / 1000)).toFixed(0)} msg/s)`],
        ['messaggi inviati / in outbox', `${deliveries.sent} / ${outbox.messages} (falliti ${deliveries.failed}, saltati ${deliveries.skipped}, ancora in coda ${deliveries.queued})`],
      ],
    });
    report.targets.push(target(`messa in coda di ${RECIPIENTS} ≤ 2 s`, send.ms <= 2000, ms(send.ms)));
    report.targets.push(target(`esattamente ${RECIPIENTS} messaggi consegnati`, deliveries.sent === RECIPIENTS && outbox.messages === RECIPIENTS, `${deliveries.sent} inviati, ${outbox.messages} in outbox`));
    return report;
  } finally {
    await server.stop();
  }
}
