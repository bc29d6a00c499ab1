/**
 * Audiences at the scale of a real customer base: a shop with 100 000 cards on PostgreSQL.
 * What the browser downloads before Easy SMS (first page) and the campaign dialog (segment count + first
 * page of the picker) are usable, and how long that takes; then a campaign to the 100 000-card segment:
 * time to enqueue (one INSERT … SELECT) and delivery through the outbox driver, exactly once.
 */
import os from 'node:os';
import { DEMO_ACCOUNTS } from '../../../api/src/seed/demo';
import { kb, median, ms, notMeasured, section, seconds, target, type SectionReport } from '../report';
import { postgresReachable, startBenchServer } from './bench-server';
import { call } from './scale';
import { SCALE_BUSINESS_ID } from './seed';

const TITLE = '8. Destinatari (100 000 carte)';
const SCALE_CARDS = 100_000;
const SAMPLES = 10;
const PORT = 6170;
const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;

/** The requests a screen makes before it is usable, side by side: total bytes and time until the last answer. */
async function open(urls: string[], token: string): Promise<{ bytes: number; ms: number }> {
  const started = performance.now();
  const answers = await Promise.all(urls.map((url) => call(url, { token })));
  return { bytes: answers.reduce((sum, a) => sum + a.bytes, 0), ms: performance.now() - started };
}

async function coldAndWarm(urls: string[], token: string) {
  const cold = await open(urls, token);
  const warm: number[] = [];
  for (let i = 0; i < SAMPLES; i++) warm.push((await open(urls, token)).ms);
  return { bytes: cold.bytes, coldMs: cold.ms, warmMs: median(warm) };
}

const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' / ');

export async function audienceScale(log: (line: string) => void): Promise<SectionReport> {
  const problem = await postgresReachable();
  if (problem) return notMeasured(TITLE, problem);
  const report = section(TITLE);
  const workerConcurrency = process.env.WORKER_CONCURRENCY || '4 (predefinito)';
  report.method.push(
    `PostgreSQL, database nuovo: seed demo + negozio con ${SCALE_CARDS.toLocaleString('it-IT')} carte, tutte con consenso marketing (INSERT … generate_series, poi VACUUM ANALYZE)`,
    'apertura = le richieste che la schermata fa prima di essere usabile, in parallelo: byte del corpo JSON (senza compressione) e tempo fino all’ultima risposta; a freddo (prima richiesta, cache di lettura vuota) e mediana di ' +
      `${SAMPLES} a caldo`,
    'Easy SMS: GET /loyalty-cards/business/{id}?limit=50&offset=0; dialogo campagna: GET …/count?kind=all + la stessa prima pagina (il selettore «Scelti uno per uno»)',
    `campagna al segmento { kind: 'all' } (POST /campaigns), POST /campaigns/{id}/send SMS: tempo della risposta = messa in coda; consegna con il driver outbox, WORKER_CONCURRENCY ${workerConcurrency}; /deliveries ogni 500 ms fino alla fine, poi righe in outbox_messages e destinatari distinti`,
  );
  report.notes.push(`carico medio (1 / 5 / 15 min) all'inizio: ${loadAverage()}`);
  const server = await startBenchServer('PostgreSQL', PORT, { scaleCards: SCALE_CARDS });
  try {
    const base = server.url;
    const { body: session } = await call<{ token: string }>(`${base}/api/auth/login`, { method: 'POST', body: JSON.stringify({ email: admin.email, password: admin.password }) });
    const token = session.token;
    const cards = `${base}/api/loyalty-cards/business/${SCALE_BUSINESS_ID}`;
    const easySms = await coldAndWarm([`${cards}?limit=50&offset=0`], token);
    log(`  Easy SMS: ${kb(easySms.bytes)}, a freddo ${ms(easySms.coldMs)}, a caldo ${ms(easySms.warmMs)}`);
    const dialog = await coldAndWarm([`${cards}/count?kind=all`, `${cards}?limit=50&offset=0`], token);
    const searched = await coldAndWarm([`${cards}/count?kind=active&q=cliente%2099`, `${cards}?limit=50&offset=0&q=cliente%2099`], token);
    log(`  dialogo campagna: ${kb(dialog.bytes)}, a freddo ${ms(dialog.coldMs)}, a caldo ${ms(dialog.warmMs)}; con ricerca ${ms(searched.coldMs)}`);

    const { body: campaign } = await call<{ id: string; recipient_count: number }>(`${base}/api/campaigns`, {
      method: 'POST',
      token,
      body: JSON.stringify({ businessId: SCALE_BUSINESS_ID, name: 'Bench segmento 100 000', segment: { kind: 'all' }, channels: ['sms'] }),
    });
    report.notes.push(`carico medio prima dell’invio: ${loadAverage()}`);
    const send = await call<{ queued: number; skipped: number; alreadyEnqueued: number }>(`${base}/api/campaigns/${campaign.id}/send`, {
      method: 'POST',
      token,
      body: JSON.stringify({ service: 'sms', message: 'Offerta bench: 10% di sconto fino a domenica' }),
    });
    const sendStarted = performance.now() - send.ms;
    log(`  messa in coda: ${send.body.queued} in ${ms(send.ms)} (saltati ${send.body.skipped})`);
    let deliveries = { total: 0, queued: 0, sent: 0, failed: 0, skipped: 0 };
    const deadline = Date.now() + 1_200_000;
    while (Date.now() < deadline) {
      deliveries = (await call<typeof deliveries>(`${base}/api/campaigns/${campaign.id}/deliveries`, { token })).body;
      if (deliveries.queued === 0 && deliveries.sent + deliveries.failed >= send.body.queued) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const deliveredMs = performance.now() - sendStarted;
    const { body: outbox } = await call<{ messages: number; recipients: number }>(`${base}/bench/outbox/${campaign.id}`);
    log(`  consegna: ${deliveries.sent} in ${seconds(deliveredMs)}, outbox ${outbox.messages} righe per ${outbox.recipients} destinatari distinti`);
    report.notes.push(`carico medio alla fine: ${loadAverage()}`);

    report.tables.push({
      head: ['misura', 'byte', 'a freddo', 'a caldo (mediana)'],
      rows: [
        ['Easy SMS: prima pagina (50)', kb(easySms.bytes), ms(easySms.coldMs), ms(easySms.warmMs)],
        ['dialogo campagna: conteggio + prima pagina', kb(dialog.bytes), ms(dialog.coldMs), ms(dialog.warmMs)],
        ['dialogo con ricerca "cliente 99", attive', kb(searched.bytes), ms(searched.coldMs), ms(searched.warmMs)],
      ],
    });
    report.tables.push({
      head: ['misura', 'valore'],
      rows: [
        ['destinatari del segmento alla creazione', campaign.recipient_count.toLocaleString('it-IT')],
        [`messa in coda (INSERT … SELECT)`, `${ms(send.ms)} (in coda ${send.body.queued}, saltati ${send.body.skipped})`],
        ['consegna outbox (fino all’ultimo)', `${seconds(deliveredMs)} (${(deliveries.sent / (deliveredMs / 1000)).toFixed(0)} msg/s)`],
        ['inviati / righe outbox / destinatari distinti', `${deliveries.sent} / ${outbox.messages} / ${outbox.recipients} (falliti ${deliveries.failed}, ancora in coda ${deliveries.queued})`],
      ],
    });
    const usable = (name: string, m: { bytes: number; coldMs: number }) => [
      target(`${name} ≤ 200 KB`, m.bytes <= 200 * 1024, kb(m.bytes)),
      target(`${name} usabile ≤ 1 s`, m.coldMs <= 1000, ms(m.coldMs)),
    ];
    report.targets.push(...usable('Easy SMS', easySms), ...usable('dialogo campagna', dialog));
    report.targets.push(target(`messa in coda di ${SCALE_CARDS.toLocaleString('it-IT')} ≤ 10 s`, send.ms <= 10_000, ms(send.ms)));
    report.targets.push(
      target(
        'consegnati esattamente una volta',
        send.body.queued === SCALE_CARDS && deliveries.sent === SCALE_CARDS && outbox.messages === SCALE_CARDS && outbox.recipients === SCALE_CARDS,
        `${deliveries.sent} inviati, ${outbox.messages} righe in outbox, ${outbox.recipients} destinatari distinti`,
      ),
    );
    return report;
  } finally {
    await server.stop();
  }
}
