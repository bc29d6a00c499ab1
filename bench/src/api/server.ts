/**
 * The API as production builds it (`buildApp`, production argon2id, default log level), plus routes that
 * exist only in this benchmark server, never in the product:
 *   GET /bench/hello    the ceiling: a hello-world route on the same Fastify instance, same hooks
 *                       (also at /api/bench/hello, behind the static servers' /api proxy)
 *   GET /bench/totals   ledger rows and balance sum, to prove the points run lost nothing
 *   GET /bench/outbox/:campaignId   messages a campaign left in the outbox, and to how many distinct recipients
 * Run by api-throughput.ts as a child process (so the load generator does not share its event loop):
 *   BENCH_PORT=6150 [DATABASE_URL=postgres://…] DATA_DIR=/tmp/x tsx bench/src/api/server.ts
 */
import { buildApp } from '../../../api/src/app';
import { loadConfig } from '../../../api/src/config';
import type {} from '../../../api/src/plugins/db';
import { BENCH_BUSINESS_ID, SCALE_BUSINESS_ID, seedBenchCards } from './seed';

async function main(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    // BENCH_PORT alone (section 1), or API_PORT as the composition gives each instance (section 11).
    API_PORT: process.env.BENCH_PORT ?? process.env.API_PORT,
    SEED_DEMO: 'true',
    // The per-IP login limit (30/min) would turn the login run into a 429 benchmark; the hash cost stays.
    LOGIN_RATE_LIMIT: '1000000',
    // The bench's campaigns are measured at any hour: they must leave, not wait for 09:00 (decision 082).
    QUIET_HOURS: 'false',
  });
  const app = buildApp(config);
  const hello = async () => ({ hello: 'world' });
  app.get('/bench/hello', hello);
  // The same ceiling where the static servers' /api proxy reaches (section 11: several instances behind it).
  app.get('/api/bench/hello', hello);
  app.get('/bench/totals', async () => {
    const { rows } = await app.db.query<{ ledger: number; points: number }>(
      `SELECT (SELECT count(*) FROM points_ledger)::int AS ledger,
              (SELECT coalesce(sum(points), 0) FROM loyalty_cards WHERE business_id = $1)::float8 AS points`,
      [BENCH_BUSINESS_ID],
    );
    return rows[0];
  });
  app.get<{ Params: { campaignId: string } }>('/bench/outbox/:campaignId', async (request) => {
    const { rows } = await app.db.query<{ messages: number; recipients: number }>(
      `SELECT count(*)::int AS messages, count(DISTINCT recipient)::int AS recipients FROM outbox_messages WHERE campaign_id = $1`,
      [request.params.campaignId],
    );
    return rows[0];
  });
  await app.ready();
  await seedBenchCards(app.db, Number(process.env.BENCH_SCALE_CARDS || 0));
  await app.listen({ port: config.port, host: '127.0.0.1' });
  console.log(`BENCH_READY ${JSON.stringify({ business: BENCH_BUSINESS_ID, scaleBusiness: SCALE_BUSINESS_ID })}`);
  const stop = () => void app.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: Error) => {
  console.error(error.stack ?? error.message);
  process.exit(1);
});
