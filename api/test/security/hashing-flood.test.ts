/**
 * Password hashing runs through a bounded queue, so a flood of logins is mostly answered
 * at once (503/429) and a real login sent during it still gets through quickly.
 */
import { createHashingQueue, type HashingQueue } from '../../src/lib/hashing-queue';
import { createPasswordHasher } from '../../src/lib/passwords';
import { parseEnv } from '../../src/config';
import { createUser, startTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';

const BUSY = { error: 'Servizio momentaneamente occupato. Riprova tra poco.' };
const TOO_MANY_FROM_CLIENT = { error: 'Troppi tentativi in corso. Riprova tra qualche secondo.' };

/** A task that runs until `finish()`; `started` tells whether the queue let it start. */
function controllable() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const task = { started: false, finish, run: async () => ((task.started = true), await done, 'ok') };
  return task;
}
const settle = (promise: Promise<unknown>) => promise.then(() => 'done', (error: { statusCode?: number }) => error.statusCode);
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('hashing queue', () => {
  it('runs at most `concurrency` tasks; when the line is full the longest waiting is turned away with 503', async () => {
    const queue = createHashingQueue({ concurrency: 2, maxWaiting: 2, maxWaitingPerClient: 10 });
    const tasks = Array.from({ length: 6 }, controllable);
    const results = tasks.map((task, i) => settle(queue.run(`ip${i}`, task.run)));
    await tick();
    expect(tasks.map((t) => t.started)).toEqual([true, true, false, false, false, false]);
    // 2 and 3 waited first: pushed out by 4 and 5.
    expect(await Promise.all([results[2], results[3]])).toEqual([503, 503]);
    // What GET /api/metrics reports: the line, not the places.
    expect(queue.waiting).toBe(2);

    tasks[0].finish();
    await tick();
    expect(tasks[4].started).toBe(true);
    expect(queue.waiting).toBe(1);
    tasks[1].finish();
    await tick();
    expect(tasks[5].started).toBe(true);
    expect(queue.waiting).toBe(0);
    tasks[4].finish();
    tasks[5].finish();
    expect(await Promise.all(results)).toEqual(['done', 'done', 503, 503, 'done', 'done']);
  });

  it('refuses a client that already has `maxWaitingPerClient` attempts waiting with 429, and only that client', async () => {
    const queue = createHashingQueue({ concurrency: 1, maxWaiting: 10, maxWaitingPerClient: 2 });
    const tasks = Array.from({ length: 5 }, controllable);
    const results = [
      settle(queue.run('same', tasks[0].run)),
      settle(queue.run('same', tasks[1].run)),
      settle(queue.run('same', tasks[2].run)),
      settle(queue.run('same', tasks[3].run)),
      settle(queue.run('other', tasks[4].run)),
    ];
    expect(await results[3]).toBe(429);
    for (const task of tasks) task.finish();
    // Each waiting task is started as the one before it ends.
    for (let i = 0; i < 5; i += 1) await tick();
    expect(await Promise.all(results)).toEqual(['done', 'done', 'done', 429, 'done']);
  });

  it('defaults to one operation per CPU, a line of twice that and 2 waiting per client', () => {
    const { passwordHashQueue } = parseEnv({});
    expect(passwordHashQueue.concurrency).toBeGreaterThanOrEqual(1);
    expect(passwordHashQueue).toEqual({ concurrency: passwordHashQueue.concurrency, maxWaiting: 2 * passwordHashQueue.concurrency, maxWaitingPerClient: 2 });
    expect(parseEnv({ PASSWORD_HASH_CONCURRENCY: '3', PASSWORD_HASH_QUEUE: '7', PASSWORD_HASH_QUEUE_PER_IP: '1' }).passwordHashQueue).toEqual({
      concurrency: 3,
      maxWaiting: 7,
      maxWaitingPerClient: 1,
    });
    expect(() => parseEnv({ PASSWORD_HASH_QUEUE: '0' })).toThrow('PASSWORD_HASH_QUEUE must be a positive integer (password hashes waiting for their turn)');
    expect(() => parseEnv({ PASSWORD_HASH_CONCURRENCY: 'tutti' })).toThrow('PASSWORD_HASH_CONCURRENCY must be a positive integer (password hashes computed at once)');
    expect(() => parseEnv({ PASSWORD_HASH_QUEUE_PER_IP: '-2' })).toThrow('PASSWORD_HASH_QUEUE_PER_IP must be a positive integer (password hashes waiting per client IP)');
  });
});

describe('a password check for an address without an account', () => {
  it('costs no argon2 check once one was measured, and takes as long as a recent check', async () => {
    const inner = createHashingQueue({ concurrency: 1, maxWaiting: 100, maxWaitingPerClient: 100 });
    let runs = 0;
    // How long each turn in the queue took: the hasher's own measure of a check spans its turn (it starts before
    // and ends after), so an unknown address's wait is at least the shortest check turn seen here.
    const turns: number[] = [];
    const queue: HashingQueue = {
      run: async (client, task) => {
        runs += 1;
        const started = performance.now();
        try {
          return await inner.run(client, task);
        } finally {
          turns.push(performance.now() - started);
        }
      },
      get waiting() {
        return inner.waiting;
      },
    };
    const hasher = createPasswordHasher({ memoryCost: 19456, timeCost: 2, parallelism: 1 }, queue);
    const timed = async (check: Promise<boolean>) => {
      const started = performance.now();
      return { matches: await check, ms: performance.now() - started };
    };

    // The first one measures a check against a throw-away hash (a hash and a check in the queue).
    const first = await timed(hasher.verify(null, 'indovina'));
    expect([first.matches, runs]).toEqual([false, 2]);
    const hash = await hasher.hash('Vera2026!');
    const known = await timed(hasher.verify(hash, 'sbagliata'));
    expect([known.matches, runs]).toEqual([false, 4]);

    // 20 at once: none enters the queue (one at a time, they would take 20 checks' time), each waits as long as
    // one of the two checks measured (turns 2 and 4; timers round down to the millisecond). Not against the
    // test's own `known.ms`: an unknown address may wait as long as the first check, which can be shorter.
    const unknown = await Promise.all(Array.from({ length: 20 }, () => timed(hasher.verify(null, 'indovina'))));
    expect(runs).toBe(4);
    expect(unknown.every((u) => u.matches === false)).toBe(true);
    const measured = Math.min(turns[1], turns[3]);
    console.log(`checks measured: ${Math.round(first.ms)} ms (first, with its hash) and ${Math.round(known.ms)} ms, their turns ${Math.round(turns[1])} and ${Math.round(turns[3])} ms; ` + `unknown addresses: ${unknown.map((u) => Math.round(u.ms)).join(' ')} ms`);
    for (const u of unknown) expect(u.ms).toBeGreaterThanOrEqual(measured - 2);
    expect(await hasher.verify(hash, 'Vera2026!')).toBe(true);
  });

  it('is measured at start (`warmUp`), so that the first unknown address already costs nothing', async () => {
    const inner = createHashingQueue({ concurrency: 1, maxWaiting: 100, maxWaitingPerClient: 100 });
    let runs = 0;
    const hasher = createPasswordHasher({ memoryCost: 4096, timeCost: 2, parallelism: 1 }, { run: (client, task) => ((runs += 1), inner.run(client, task)), waiting: 0 });
    await hasher.warmUp();
    expect(runs).toBe(2);
    await Promise.all([hasher.verify(null, 'uno'), hasher.verify(null, 'due'), hasher.warmUp()]);
    expect(runs).toBe(2);
  });
});

const FLOOD = 100;
const QUEUE = { concurrency: 2, maxWaiting: 4, maxWaitingPerClient: 2 };

describeEachDatabase('logins under a flood', (variant) => {
  let t: TestApp;
  beforeAll(async () => {
    // Costlier than the other suites' hashes (tens to hundreds of ms here), so that they pile up as in production.
    t = await startTestApp(variant, { passwordHashing: { memoryCost: 19456, timeCost: 2, parallelism: 1 }, passwordHashQueue: QUEUE });
    await createUser(t.app, { email: 'vero@test.it', role: 'admin', password: 'Vera2026!' });
    // Accounts of their own for the bots: only an existing account's password is checked with argon2 (an unknown
    // address is answered without one, decision 060). One hash for all of them, copied.
    const { password_hash: hash } = (await t.app.repos.users.findCredentialsByEmail('vero@test.it'))!;
    await t.app.db.query(
      `INSERT INTO users (email, full_name, role, password_hash) SELECT 'bot' || i || '@test.it', 'Bot', 'admin', $1 FROM generate_series(0, $2::int - 1) AS i`,
      [hash, FLOOD],
    );
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers: { 'x-forwarded-for': ip } });

  it(`answers most of ${FLOOD} wrong passwords of existing accounts from distinct addresses at once, and lets a real login through`, async () => {
    const start = Date.now();
    const answered: number[] = [];
    const flood = Array.from({ length: FLOOD }, (_, i) =>
      login(`bot${i}@test.it`, 'indovina', `203.0.113.${i + 1}`).then((response) => (answered.push(Date.now() - start), response)),
    );
    // The real login leaves once the flood has reached the queue: everything but what it can hold has been answered.
    while (answered.length < FLOOD - QUEUE.concurrency - QUEUE.maxWaiting) await tick();
    const sentAt = Date.now();
    const real = await login('vero@test.it', 'Vera2026!', '192.0.2.10');
    const realMs = Date.now() - sentAt;
    const answers = await Promise.all(flood);

    const count = (status: number) => answers.filter((a) => a.statusCode === status).length;
    const turnedAway = answered.slice().sort((a, b) => a - b);
    console.log(
      `[${variant.name}] flood: ${count(401)}×401 ${count(503)}×503 ${count(429)}×429; 90% answered within ${turnedAway[Math.floor(FLOOD * 0.9) - 1]} ms; ` +
        `real login: ${real.statusCode} in ${realMs} ms`,
    );
    expect(real.statusCode).toBe(200);
    expect(realMs).toBeLessThan(10_000);
    expect(count(401) + count(503)).toBe(FLOOD);
    expect(count(503)).toBeGreaterThanOrEqual(FLOOD / 2);
    for (const a of answers.filter((r) => r.statusCode === 503)) expect(a.json()).toEqual(BUSY);

    // A login turned away was never checked: it does not count towards its address's lock.
    const { rows } = await t.app.db.query<{ n: number }>(`SELECT coalesce(sum(failed_count), 0)::int AS n FROM login_attempts WHERE email LIKE 'bot%@test.it'`);
    expect(rows[0].n).toBe(count(401));
  });

  it('refuses the surplus of one address at once with 429', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => login(`bot${i}@test.it`, 'indovina', '198.51.100.7')));
    const limited = answers.filter((a) => a.statusCode === 429);
    expect(answers.filter((a) => a.statusCode === 401).length + limited.length).toBe(10);
    expect(limited.length).toBeGreaterThan(0);
    for (const a of limited) expect(a.json()).toEqual(TOO_MANY_FROM_CLIENT);
  });
});
