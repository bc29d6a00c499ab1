/**
 * Scale benchmark of the cards remote, not a timed test: seeds 100 000 cards into the demo
 * business "Bar Centrale", then prints
 *   - the API time of the overview stats and of the first page of the card list (median of 5), and
 *   - the time until the overview is interactive in Chromium (tiles and first card tiles shown; median of
 *     RUNS cold loads), the longest main-thread task while wheel-scrolling the card list, and
 *     until a far scroll of the virtual list shows its cards.
 *
 * Needs built frontends (`npm run build`) and Chromium at /usr/bin/chromium (CHROMIUM_PATH to change).
 *   npx tsx bench/src/cards-scale.ts            # ports 4700-4705, API 4800
 *   BENCH_PORT_BASE=5000 CARDS=20000 RUNS=3 npx tsx bench/src/cards-scale.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { chromium } from '@playwright/test';
import { startComposition, type AppName } from '@loyalty/tools';

const base = Number(process.env.BENCH_PORT_BASE || 4700);
const CARDS = Number(process.env.CARDS || 100_000);
const RUNS = Number(process.env.RUNS || 5);
const BUSINESS = 'default-business-id';
const ports: Record<AppName, number> = { shell: base, landing: base + 1, cards: base + 2, campaigns: base + 3, messaging: base + 4, admin: base + 5 };
const apiPort = base + 100;
const API = `http://127.0.0.1:${apiPort}/api`;
const SHELL = `http://localhost:${ports.shell}`;
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-bench-cards-'));
const dataDir = path.join(stateDir, 'pglite');
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'true', LOG_LEVEL: 'warn' };
// APP_ROOTS: a JSON map of frontend → built folder (the bench's builds); default: each package's dist/.
const roots = process.env.APP_ROOTS ? (JSON.parse(process.env.APP_ROOTS) as Partial<Record<AppName, string>>) : undefined;
const compose = () => startComposition({ env, ports, apiPort, roots, runtimeConfigFile: path.join(stateDir, 'runtime-config.json') });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function seed() {
  const db = await PGlite.create({ dataDir });
  const started = performance.now();
  await db.query(
    `INSERT INTO loyalty_cards (business_id, card_number, customer_name, customer_phone, points, created_at)
     SELECT $1, 'LC-B' || lpad(g::text, 7, '0'), 'Cliente ' || g, '+39333' || lpad(g::text, 7, '0'), (g % 300),
            now() - (g % 200) * interval '1 day'
       FROM generate_series(1, $2::int) g`,
    [BUSINESS, CARDS],
  );
  await db.query(
    `INSERT INTO points_ledger (card_id, points, description, created_at)
     SELECT id, points, 'seed', created_at FROM loyalty_cards WHERE business_id = $1 AND card_number LIKE 'LC-B%' AND points > 0`,
    [BUSINESS],
  );
  await db.query('ANALYZE');
  await db.close();
  return performance.now() - started;
}

async function token(): Promise<string> {
  const res = await fetch(`${API}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.it', password: 'Admin2026!' }),
  });
  return ((await res.json()) as { token: string }).token;
}

async function timeApi(url: string, authorization: string) {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const res = await fetch(`${API}${url}`, { headers: { authorization } });
    await res.json();
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    times.push(performance.now() - started);
  }
  return median(times);
}

/**
 * Runs in the page before its scripts: checks every animation frame for the tiles (Carte totali with the
 * expected total) and the first card of the list, and records when both are on screen. A string, not a
 * function: tsx (esbuild keepNames) would wrap a function's inner closures in a `__name` helper the page
 * does not have.
 */
const watchOverviewReady = (total: string) => `(() => {
  const check = () => {
    const tile = [...document.querySelectorAll('dt')].find((dt) => dt.textContent && dt.textContent.includes('Carte totali'));
    const value = tile && tile.nextElementSibling ? tile.nextElementSibling.textContent || '' : '';
    const cardShown = document.querySelector('[aria-label="Carte fedeltà"] article');
    if (value.includes(${JSON.stringify(total)}) && cardShown) window.__overviewReady = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

async function main() {
  // First start: migrations and the demo seed; then the cards go straight into the database.
  let composition = await compose();
  await composition.stop();
  const seedMs = await seed();
  composition = await compose();
  try {
    const bearer = `Bearer ${await token()}`;
    const stats = await timeApi(`/loyalty-cards/business/${BUSINESS}/stats`, bearer);
    const firstPage = await timeApi(`/loyalty-cards/business/${BUSINESS}?limit=50&offset=0`, bearer);
    const search = await timeApi(`/loyalty-cards/business/${BUSINESS}?limit=50&offset=0&q=LC-B0099999`, bearer);

    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const total = (CARDS + 24).toLocaleString('it-IT');
    // Cold loads: each run in a new browser context (empty HTTP cache), signed in, then /dashboard.
    const coldLoads: number[] = [];
    let page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    for (let run = 0; run < RUNS; run++) {
      if (run > 0) {
        await page.context().close();
        page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      }
      await page.goto(`${SHELL}/runtime-config.json`);
      await page.evaluate((t) => localStorage.setItem('token', t), bearer.slice('Bearer '.length));
      await page.context().addInitScript({ content: watchOverviewReady(total) });
      await page.goto(`${SHELL}/dashboard`);
      await page.locator('dt', { hasText: 'Carte totali' }).locator('xpath=following-sibling::dd[1]').filter({ hasText: total }).waitFor({ timeout: 60_000 });
      await page.getByRole('list', { name: 'Carte fedeltà' }).getByRole('article').first().waitFor({ timeout: 60_000 });
      // Measured in the page (first frame where both show, from the navigation start), not by polling.
      coldLoads.push(await page.waitForFunction(() => (window as unknown as { __overviewReady?: number }).__overviewReady).then((h) => h.jsonValue() as Promise<number>));
    }
    const interactive = median(coldLoads);
    if (process.env.TIMELINE) {
      // Where the last cold load spent its time: every request, relative to the navigation start.
      const entries = await page.evaluate(() =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({ name: e.name, start: e.startTime, end: e.responseEnd })),
      );
      for (const e of entries) console.log(`  ${ms(e.start).padStart(8)} → ${ms(e.end).padStart(8)}  ${e.name.replace(/^https?:\/\/[^/]+/, '')}`);
    }
    const inDom = await page.getByRole('list', { name: 'Carte fedeltà' }).getByRole('listitem').count();

    // Long tasks while scrolling: 60 wheel steps of 600 px through the virtual list (pages load from the
    // server as they come into view), observed by a PerformanceObserver for 'longtask' (> 50 ms).
    await page.evaluate(() => {
      const w = window as unknown as { __longTasks: number[] };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
      }).observe({ type: 'longtask' });
    });
    const listBox = (await page.getByRole('region', { name: 'Carte fedeltà' }).boundingBox())!;
    await page.mouse.move(listBox.x + listBox.width / 2, listBox.y + Math.min(listBox.height / 2, 300));
    for (let step = 0; step < 60; step++) {
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(50);
    }
    await page.waitForTimeout(500);
    const scrolledPx = await page.getByRole('region', { name: 'Carte fedeltà' }).evaluate((el) => el.scrollTop);
    if (scrolledPx < 10_000) throw new Error(`the wheel did not scroll the card list (scrollTop ${scrolledPx})`);
    const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
    const longestTask = longTasks.length ? Math.max(...longTasks) : 0;

    const scrollStarted = performance.now();
    await page.getByRole('region', { name: 'Carte fedeltà' }).evaluate((el) => el.scrollTo(0, el.scrollHeight / 2));
    const middle = Math.floor((CARDS + 24) / 2);
    await page.locator(`li[aria-posinset="${middle}"] article`).waitFor({ timeout: 30_000 });
    const farScroll = performance.now() - scrollStarted;
    await browser.close();

    console.log(`cards: ${CARDS.toLocaleString('it-IT')} seeded in ${ms(seedMs)} (business ${BUSINESS})`);
    console.log(`API  GET stats                 ${ms(stats)} (median of 5)`);
    console.log(`API  GET first page (50)       ${ms(firstPage)} (median of 5)`);
    console.log(`API  GET search page           ${ms(search)} (median of 5)`);
    console.log(
      `UI   overview interactive      ${ms(interactive)} (median of ${RUNS} cold loads: ${coldLoads.map(ms).join(', ')}; navigation start → first frame showing the tiles and first cards; ${inDom} of ${total} cards in the DOM)`,
    );
    console.log(`UI   scroll to the middle      ${ms(farScroll)} (until card ${middle.toLocaleString('it-IT')} is shown)`);
    console.log(
      `UI   longest task scrolling    ${ms(longestTask)} (60 wheel steps of 600 px, list scrolled ${scrolledPx.toLocaleString('it-IT')} px; ${longTasks.length} tasks over 50 ms${longTasks.length ? `: ${longTasks.map(ms).join(', ')}` : ''})`,
    );
  } finally {
    await composition.stop();
    fs.rmSync(stateDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
