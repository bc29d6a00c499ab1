/**
 * The Apple Wallet push queue under concurrent balance changes (decision 059). A change locks its card's pass (the
 * trigger sets `modified_at`) and then enqueues a push per device, which waits for a claim that has that device's
 * queued push in hand; the claim, in its transaction, stamps the passes of what it claimed. A claim that waited
 * for the pass while holding the push deadlocked with the change (PostgreSQL error 40P01, seen once in production).
 * The claim now never waits: it takes only pushes whose pass it can lock at once, the others stay for the next.
 */
import pg from 'pg';
import { startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase, postgresSkipReason, postgresVariant } from './helpers/databases';
import { appleConfig, signupCard } from './helpers/wallet';

const LEASE_MS = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function walletApp(variant: Parameters<typeof startTestApp>[0]) {
  return startTestApp(variant, { seedDemo: true, wallet: { apple: appleConfig() }, messaging: { worker: { enabled: false } } });
}

/** A card with a pass and `devices` devices registered for it. */
async function cardWithDevices(t: TestApp, email: string, devices: number) {
  const card = await signupCard(t.app, email);
  const { rows } = await t.app.db.query<{ serial_number: string }>('SELECT serial_number FROM wallet_passes WHERE card_id = $1', [card.id]);
  const serial = rows[0].serial_number;
  for (let d = 0; d < devices; d++) expect(await t.app.wallet.apple!.repo.register(serial, `${email}-device-${d}`, `push-${email}-${d}`)).toBe('created');
  return { id: card.id, serial };
}

const isDeadlock = (error: unknown) => (error as { code?: string } | null)?.code === '40P01';

describeEachDatabase('wallet push claim under concurrent balance changes', (variant) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await walletApp(variant);
  });
  afterAll(() => t.close());

  it('claims every push exactly once, loses none, and never deadlocks', async () => {
    const repo = t.app.wallet.apple!.repo;
    const cards: { id: string; serial: string }[] = [];
    for (let c = 0; c < 4; c++) cards.push(await cardWithDevices(t, `coda.${c}@example.it`, 3));
    const errors: unknown[] = [];
    const claimedTimes = new Map<number, number>();
    let changing = true;

    // Balance changes: one statement, or two changes of the same card in one transaction (a redemption and its
    // points), on the four cards at random.
    // When each pass last changed: its transaction's start (`now()`), which is what `modified_at` recorded before
    // decision 072 made it move forward a whole second per change (and so run ahead of the clock in a burst).
    const lastChange = new Map<string, number>();
    const changed = (serial: string, rows: { at: Date }[]) => lastChange.set(serial, Math.max(lastChange.get(serial) ?? 0, ...rows.map((r) => new Date(r.at).getTime())));
    async function changer(n: number) {
      for (let i = 0; i < 25; i++) {
        const card = cards[(n + i * 7) % cards.length];
        try {
          if (i % 3 === 0) {
            await t.app.db.transaction(async (tx) => {
              await tx.query('UPDATE loyalty_cards SET points = points + 1 WHERE id = $1', [card.id]);
              changed(card.serial, (await tx.query<{ at: Date }>('UPDATE loyalty_cards SET points = points + 2 WHERE id = $1 RETURNING now() AS at', [card.id])).rows);
            });
          } else {
            changed(card.serial, (await t.app.db.query<{ at: Date }>('UPDATE loyalty_cards SET points = points + 1 WHERE id = $1 RETURNING now() AS at', [card.id])).rows);
          }
        } catch (error) {
          errors.push(error);
        }
      }
    }
    // Workers of several instances: claim, then mark sent.
    async function claimer(n: number) {
      for (;;) {
        const wasChanging = changing;
        let jobs: Awaited<ReturnType<typeof repo.claim>> = [];
        try {
          jobs = await repo.claim(4, LEASE_MS, `worker-${n}-${Math.random()}`);
        } catch (error) {
          errors.push(error);
        }
        for (const job of jobs) {
          claimedTimes.set(job.id, (claimedTimes.get(job.id) ?? 0) + 1);
          expect(await repo.complete(job)).toBe(true);
        }
        if (jobs.length === 0) {
          if (!wasChanging) return;
          await sleep(1);
        }
      }
    }
    const claimers = [0, 1, 2].map(claimer);
    await Promise.all([0, 1, 2, 3].map(changer));
    changing = false;
    await Promise.all(claimers);

    expect(errors.filter(isDeadlock)).toEqual([]);
    expect(errors).toEqual([]);
    // Exactly once: no push claimed twice, none left behind.
    expect([...claimedTimes.values()].filter((times) => times !== 1)).toEqual([]);
    const left = await t.app.db.query<{ status: string; n: number }>("SELECT status, count(*)::int AS n FROM wallet_push_jobs WHERE status <> 'sent' GROUP BY status");
    expect(left.rows).toEqual([]);
    const sent = await t.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM wallet_push_jobs WHERE status = 'sent'");
    expect(sent.rows[0].n).toBe(claimedTimes.size);
    // None lost: every device got a push sent after its pass's last change.
    const lastSent = await t.app.db.query<{ serial_number: string; device_library_id: string; sent_at: Date | null }>(
      `SELECT r.serial_number, r.device_library_id, max(j.sent_at) AS sent_at
         FROM wallet_registrations r
         LEFT JOIN wallet_push_jobs j ON j.serial_number = r.serial_number AND j.device_library_id = r.device_library_id AND j.status = 'sent'
        WHERE r.serial_number = ANY($1::text[])
        GROUP BY r.serial_number, r.device_library_id`,
      [cards.map((c) => c.serial)],
    );
    expect(lastSent.rows).toHaveLength(cards.length * 3);
    const late = lastSent.rows.filter((row) => !row.sent_at || new Date(row.sent_at).getTime() < lastChange.get(row.serial_number)!).map((row) => row.device_library_id);
    expect(late).toEqual([]);
  });
});

const skip = postgresSkipReason();
(skip ? describe.skip : describe)('wallet push claim and a change in one order (PostgreSQL)', () => {
  let t: TestApp;
  let other: pg.Client;
  beforeAll(async () => {
    t = await walletApp(postgresVariant);
    other = new pg.Client({ connectionString: (t.database.config as { url: string }).url });
    await other.connect();
  });
  afterAll(async () => {
    await other.end();
    await t.close();
  });

  it('a claim meeting a pass locked by a change leaves its push for later instead of deadlocking', async () => {
    const repo = t.app.wallet.apple!.repo;
    const card = await cardWithDevices(t, 'ordine.lock@example.it', 1);
    await t.app.db.query('UPDATE loyalty_cards SET points = points + 1 WHERE id = $1', [card.id]); // one queued push
    const pointsOf = async () => (await t.app.db.query<{ points: number }>('SELECT points FROM loyalty_cards WHERE id = $1', [card.id])).rows[0].points;
    const before = await pointsOf();
    const waiting = async () =>
      (await t.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")).rows[0].n;

    // A transaction changes the card (its pass is now locked until it ends) and is still open…
    await other.query('BEGIN');
    await other.query('UPDATE loyalty_cards SET points = points + 1 WHERE id = $1', [card.id]);
    // …when a worker claims. It must not wait for the pass with the push in hand.
    const claim = repo.claim(10, LEASE_MS, 'worker-ordine');
    let settled = false;
    void claim.then(
      () => (settled = true),
      () => (settled = true),
    );
    for (let i = 0; i < 40 && !settled && (await waiting()) === 0; i++) await sleep(25);
    // The same transaction changes the card again: its new push meets the one the claim holds, if it holds one.
    const second = other.query('UPDATE loyalty_cards SET points = points + 1 WHERE id = $1', [card.id]).then(
      () => null,
      (error: unknown) => error,
    );
    const [claimed, secondError] = await Promise.all([claim.then((jobs) => jobs, (error: unknown) => error), second]);
    const committed = await other.query(secondError ? 'ROLLBACK' : 'COMMIT');
    expect(committed.command).toBe(secondError ? 'ROLLBACK' : 'COMMIT');

    expect([claimed, secondError].filter(isDeadlock)).toEqual([]);
    expect(secondError).toBeNull();
    expect(claimed).toEqual([]);
    // Exactly one push for the device covers the three changes (the one queued before, which both of the
    // transaction's changes shared), claimed once the transaction has committed.
    const jobs = await repo.claim(10, LEASE_MS, 'worker-after');
    expect(jobs.map((job) => job.device_library_id)).toEqual(['ordine.lock@example.it-device-0']);
    expect(await repo.claim(10, LEASE_MS, 'worker-again')).toEqual([]);
    expect(await pointsOf()).toBe(before + 2);
  });
});

