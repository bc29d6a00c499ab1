/**
 * Section 13 (`--only behind-login`): the pages a shop works in, logged in as the demo admin, on the production
 * composition.
 *   1. Lighthouse 13, mobile preset, on /dashboard, /dashboard/loyalty-cards, the QR add-points page of a Bar Centrale
 *      card (per euro: it asks for the amount) and /dashboard/campaigns: median of BENCH_LIGHTHOUSE_RUNS runs, each in
 *      a fresh Chromium whose localStorage holds the session token before Lighthouse navigates (disableStorageReset).
 *      The QR page a second time, opened again in a profile whose HTTP cache an earlier visit of it filled (each
 *      scan from the phone's camera app loads the page anew): its scripts' bytes on the wire are not its weight.
 *   2. «Scansiona» with the page open: the next card's link in the dialog, at 4× CPU on Lighthouse's mobile network,
 *      from the click on «Apri» to the next customer ready for the amount, NEXT_CARDS cards.
 *   3. A sale at the counter: on the add-points page of TAPS different Bar Centrale cards (none gets a second sale
 *      within 60 s, which would ask first), «12,50» typed, from the click on «Conferma vendita» to the server's
 *      confirmation on the page, timed inside the page.
 *   Side by side (BENCH_BEHIND_LOGIN_BASE, default the build before issue 39, «none» to skip): the same pages on that
 *   commit's frontends, built by its own tools, served by its own static servers against this API, runs alternated.
 * Targets are printed, never asserted.
 */
import { chromium } from '@playwright/test';
import { DEMO_BUSINESSES } from '../../api/src/seed/demo';
import { TOKEN_STORAGE_KEY } from '../../shared/src/constants';
import { BEFORE_ISSUE_39_REF, prepareBaseline, serveBaseline } from './baseline';
import { apiToken, launchChromium, MOBILE_NETWORK, newContext, type BenchComposition } from './browser';
import { clsMet, CLS_GOAL, formatCls, lighthouseRun, loadAverage, RUNS, spread, type Category, type Run } from './lighthouse';
import { kb, median, ms, section, target, type SectionReport } from './report';

export const BEHIND_LOGIN_TITLE = '13. Pagine dietro il login (Lighthouse mobile) e vendita alla cassa';

const BAR_CENTRALE = DEMO_BUSINESSES.find((b) => b.name === 'Bar Centrale')!;
const SCORED = ['performance', 'accessibility', 'best-practices'] as const satisfies readonly Category[];
const GOALS: Record<(typeof SCORED)[number], number> = { performance: 90, accessibility: 100, 'best-practices': 100 };
const LCP_GOAL_MS = 2500;
const TBT_GOAL_MS = 200;
const JS_GOAL_BYTES = 120 * 1024;
/** «Usable within 2 s on a phone» on the QR page: Lighthouse's time to interactive (audit interactive). */
const TTI_GOAL_MS = 2000;
const TAP_GOAL_MS = 300;
/** Sales, each on a card of its own. */
const TAPS = 7;
/** Cards opened one after the other with «Scansiona», at 4× CPU on the mobile network (none gets a sale). */
const NEXT_CARDS = 5;
const NEXT_CARD_CPU_THROTTLE = 4;
const AMOUNT = '12,50';

interface ApiCard {
  id: string;
  user_id: string;
  customer_name: string;
}

export const addPointsPath = (card: ApiCard) => `/dashboard/add-points?card_id=${encodeURIComponent(card.id)}&user_id=${encodeURIComponent(card.user_id)}`;

export async function barCentraleCards(apiPort: number, token: string): Promise<ApiCard[]> {
  const res = await fetch(`http://127.0.0.1:${apiPort}/api/loyalty-cards/business/${BAR_CENTRALE.id}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`carte di ${BAR_CENTRALE.name}: HTTP ${res.status}`);
  return (await res.json()) as ApiCard[];
}

/**
 * In the Chromium Lighthouse is about to drive: the token in the shell origin's localStorage (set on its
 * /runtime-config.json, which loads no script and is never cached), then the HTTP cache emptied, the tab closed:
 * Lighthouse's visit is a first visit with a session.
 */
async function storeToken(port: number, shellUrl: string, token: string, warmPath?: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    // The default context is the profile Lighthouse's tab will use (a new context would be another one).
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium senza contesto predefinito: il token non arriverebbe a Lighthouse');
    const page = await context.newPage();
    await page.goto(`${shellUrl}/runtime-config.json`);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_STORAGE_KEY, token] as const);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    // A page the staff opened before (each scan from the phone's camera app loads the page anew): visited once in
    // this profile, its amount field on screen, so Lighthouse's visit finds the HTTP cache as the last one left it.
    if (warmPath) {
      await page.goto(`${shellUrl}${warmPath}`);
      await page.getByLabel('Importo speso (€)').waitFor({ timeout: 60_000 });
    }
    await page.close();
  } finally {
    // Connected over CDP: this disconnects; the Chromium and its default profile stay for Lighthouse.
    await browser.close();
  }
}

/** The page shows the server's answer: what the watcher in the page saw, and when (performance.now()). */
interface TapResult {
  clickAt: number | null;
  shownAt: number | null;
  ok: boolean;
  text: string;
  /** The POST …/sales request's Resource Timing duration (ms), when the page recorded one. */
  requestMs: number | null;
  sameOrigin: boolean | null;
}

interface TapWatcher extends TapResult {
  done: boolean;
}

/**
 * Armed before the click, in the page: a click listener in the capture phase (before React's) takes the click's
 * time; a MutationObserver takes the time the confirmation («… Nuovo saldo: …», role=status) enters the DOM, or a
 * failure (an alert, the 60-second question's dialog), and the POST …/sales request's Resource Timing. A string,
 * not a function: tsx (esbuild keepNames) would wrap its inner closures in a `__name` helper the page does not have.
 */
const ARM_WATCHER = `(() => {
  const w = { clickAt: null, shownAt: null, ok: false, text: '', requestMs: null, sameOrigin: null, done: false };
  window.__saleTap = w;
  window.addEventListener('click', (event) => {
    if (w.clickAt === null && event.target && event.target.closest && event.target.closest('button[type="submit"]')) w.clickAt = performance.now();
  }, { capture: true });
  // Failures: an alert or open dialog that was not there, with that text, when the watcher was armed.
  const failures = '[role="alert"], dialog[open]';
  const before = new Map([...document.querySelectorAll(failures)].map((el) => [el, el.textContent]));
  const outcome = () => {
    for (const el of document.querySelectorAll('[role="status"]')) if ((el.textContent || '').includes('Nuovo saldo')) return { ok: true, text: el.textContent };
    for (const el of document.querySelectorAll(failures)) {
      const text = (el.textContent || '').trim();
      if (text && before.get(el) !== el.textContent) return { ok: false, text };
    }
    return null;
  };
  const observer = new MutationObserver(() => {
    if (w.done || w.clickAt === null) return;
    const seen = outcome();
    if (!seen) return;
    w.shownAt = performance.now();
    observer.disconnect();
    Object.assign(w, seen);
    const sale = performance.getEntriesByType('resource').filter((e) => /\\/loyalty-cards\\/[^/?]+\\/sales(\\?|$)/.test(e.name)).pop();
    if (sale) {
      w.requestMs = sale.duration;
      w.sameOrigin = new URL(sale.name).origin === location.origin;
    }
    w.done = true;
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
})()`;

/**
 * «Scansiona» at the counter, the page already open: the next card's link goes in the dialog's field (no camera
 * here; a read QR gives the same link), and the time is taken in the page, from the click on «Apri» (listener in
 * the capture phase) to the next customer's name in the page with the amount field enabled and the dialog closed.
 */
const ARM_NEXT_CARD = (name: string) => `(() => {
  const w = { clickAt: null, readyAt: null };
  window.__nextCard = w;
  window.addEventListener('click', (event) => {
    const button = event.target && event.target.closest ? event.target.closest('dialog button, [role="dialog"] button') : null;
    if (w.clickAt === null && button && button.textContent.trim() === 'Apri') w.clickAt = performance.now();
  }, { capture: true });
  const ready = () => {
    const main = document.querySelector('main');
    const label = [...document.querySelectorAll('label')].find((l) => l.textContent.trim().startsWith('Importo speso'));
    const field = label && label.control;
    return !document.querySelector('dialog[open], [role="dialog"]') && main && main.textContent.includes(${JSON.stringify(name)}) && field && !field.disabled;
  };
  const check = () => {
    if (w.clickAt !== null && ready()) { w.readyAt = performance.now(); return; }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})()`;

async function nextCardTimes(env: BenchComposition, token: string, first: ApiCard, next: ApiCard[], log: (line: string) => void): Promise<number[]> {
  const browser = await launchChromium();
  try {
    const context = await newContext(browser, { shellUrl: env.shellUrl, token });
    const page = await context.newPage();
    await page.goto(`${env.shellUrl}${addPointsPath(first)}`);
    await page.getByLabel('Importo speso (€)').waitFor({ timeout: 60_000 });
    // From here on, a phone: Lighthouse's mobile network and 4× slower CPU, applied by the browser.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', MOBILE_NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: NEXT_CARD_CPU_THROTTLE });
    const times: number[] = [];
    for (const [i, card] of next.entries()) {
      await page.getByRole('button', { name: 'Scansiona' }).click();
      const dialog = page.getByRole('dialog', { name: 'Scansiona una carta' });
      await dialog.getByLabel('Link della carta').fill(new URL(addPointsPath(card), env.shellUrl).toString(), { timeout: 30_000 });
      await page.evaluate(ARM_NEXT_CARD(card.customer_name));
      await dialog.getByRole('button', { name: 'Apri' }).click();
      await page.waitForFunction(() => (window as unknown as { __nextCard: { readyAt: number | null } }).__nextCard.readyAt !== null, undefined, { timeout: 30_000 });
      const w = await page.evaluate(() => (window as unknown as { __nextCard: { clickAt: number; readyAt: number } }).__nextCard);
      times.push(w.readyAt - w.clickAt);
      log(`  carta successiva #${i + 1} da «Scansiona»: ${ms(w.readyAt - w.clickAt)} da «Apri» a «${card.customer_name}» pronta per l’importo`);
    }
    await context.close();
    return times;
  } finally {
    await browser.close();
  }
}

async function saleTaps(env: BenchComposition, token: string, cards: ApiCard[], log: (line: string) => void): Promise<TapResult[]> {
  const browser = await launchChromium();
  try {
    const context = await newContext(browser, { shellUrl: env.shellUrl, token });
    const page = await context.newPage();
    const taps: TapResult[] = [];
    for (const [i, card] of cards.entries()) {
      await page.goto(`${env.shellUrl}${addPointsPath(card)}`);
      const form = page.getByRole('form', { name: 'Vendita' });
      await form.getByLabel('Importo speso (€)').fill(AMOUNT, { timeout: 60_000 });
      // The server's preview of the points: the form is ready to confirm.
      await form.getByRole('status').filter({ hasText: `${AMOUNT} €: +` }).waitFor({ timeout: 30_000 });
      await page.evaluate(ARM_WATCHER);
      await form.getByRole('button', { name: 'Conferma vendita' }).click();
      await page.waitForFunction(() => (window as unknown as { __saleTap: TapWatcher }).__saleTap.done, undefined, { timeout: 30_000 });
      const tap = await page.evaluate(() => (window as unknown as { __saleTap: TapWatcher }).__saleTap);
      taps.push(tap);
      const elapsed = tap.clickAt !== null && tap.shownAt !== null ? tap.shownAt - tap.clickAt : NaN;
      log(`  vendita #${i + 1}: ${ms(elapsed)} dal clic alla conferma${tap.requestMs !== null ? ` (richiesta ${ms(tap.requestMs)})` : ''}: «${tap.text.replace(/\s+/g, ' ')}»`);
    }
    await context.close();
    return taps;
  } finally {
    await browser.close();
  }
}

export async function behindLogin(env: BenchComposition, log: (line: string) => void): Promise<SectionReport> {
  const report = section(BEHIND_LOGIN_TITLE);
  const loadAtStart = loadAverage();
  const token = await apiToken(env.apiPort);
  const cards = await barCentraleCards(env.apiPort, token);
  if (cards.length < TAPS + 1) throw new Error(`${BAR_CENTRALE.name} ha ${cards.length} carte: ne servono ${TAPS + 1}`);
  const qrCard = cards[0];
  report.method.push(
    `come la sezione 4 (Lighthouse 13, configurazione mobile predefinita, Chromium via chrome-launcher), ${RUNS} esecuzioni per pagina ognuna in un Chromium nuovo, mediane; categorie performance, accessibility, best-practices`,
    `sessione dell’admin demo: token da POST /api/auth/login messo in localStorage[${TOKEN_STORAGE_KEY}] dell’origine della shell (su /runtime-config.json, via Playwright connectOverCDP), cache HTTP svuotata, poi Lighthouse con disableStorageReset: true`,
    `pagina QR: /dashboard/add-points di una carta di ${BAR_CENTRALE.name} (${BAR_CENTRALE.id}, 1 punto ogni 1 €: chiede l’importo); «utilizzabile entro 2 s» = audit interactive (TTI, simulato)`,
    'LCP, TBT, TTI = numericValue degli audit largest-contentful-paint, total-blocking-time, interactive (simulati); JS = somma dei transferSize (compressi) delle voci Script dell’audit network-requests',
    `vendita: Chromium di Playwright (/usr/bin/chromium, flag di e2e/src/env.ts), token in localStorage, ${TAPS} carte diverse di ${BAR_CENTRALE.name} (mai due vendite sulla stessa entro 60 s); «${AMOUNT}» digitato, attesa l’anteprima dei punti`,
    'tempo = performance.now() nella pagina: dal clic su «Conferma vendita» (listener in cattura) a quando il messaggio del server («… Nuovo saldo: …», role=status) entra nel DOM (MutationObserver; il frame dipinto segue); richiesta = durata Resource Timing della POST …/sales',
  );

  // 1. Lighthouse on the four pages.
  const pages = [
    { name: '/dashboard', path: '/dashboard', qr: false },
    { name: '/dashboard/loyalty-cards', path: '/dashboard/loyalty-cards', qr: false },
    { name: '/dashboard/add-points (QR)', path: addPointsPath(qrCard), qr: true },
    // The same page opened again on the same phone (the HTTP cache of an earlier visit): what every scan after the
    // first costs when the camera app opens the link (decision 103).
    { name: '/dashboard/add-points (QR), riaperta', path: addPointsPath(qrCard), qr: true, warm: true },
    { name: '/dashboard/campaigns', path: '/dashboard/campaigns', qr: false },
  ];
  // BENCH_PAGES (names' parts, comma-separated: «loyalty-cards,campaigns») measures only those pages, for a
  // comparison of two builds on the pages a change is about; unset, all four. A part that is a page's whole name
  // («/dashboard») is that page only.
  const only = (process.env.BENCH_PAGES ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  const matches = (name: string, part: string) => (pages.some((q) => q.name === part) ? name === part : name.includes(part));
  const measuredPages = only.length ? pages.filter((p) => only.some((part) => matches(p.name, part))) : pages;
  if (only.length) report.method.push(`solo le pagine di BENCH_PAGES=${only.join(',')}: ${measuredPages.map((p) => p.name).join(', ') || 'nessuna'}`);
  // The same pages on the build before issue 39, side by side (BENCH_BEHIND_LOGIN_BASE=<ref>, «none» to skip): its
  // frontends built by its own tools and served by its own static servers against this composition's API.
  const baseRef = (process.env.BENCH_BEHIND_LOGIN_BASE ?? BEFORE_ISSUE_39_REF).trim();
  const base = baseRef && baseRef !== 'none' ? await prepareBaseline(baseRef, log) : null;
  const served = base ? await serveBaseline(base, env) : null;
  if (base && served)
    report.method.push(
      `prima = ${base.ref} (${base.commit.slice(0, 10)}), la build prima della issue 39: git archive in ${base.src}, npm install, i sei frontend costruiti con i suoi strumenti e serviti dai suoi server statici su ${served.shellUrl} e seguenti, con /api verso la stessa API; ` +
        `per ogni pagina le esecuzioni alternano attuale e prima (stesso token, stessa carta), così le due colonne vengono dallo stesso momento della macchina`,
    );
  const rows: string[][] = [];
  try {
    for (const p of measuredPages) {
      const builds = [{ label: 'attuale', shellUrl: env.shellUrl, runs: [] as Run[] }];
      if (served) builds.push({ label: `prima (${baseRef})`, shellUrl: served.shellUrl, runs: [] });
      for (let i = 0; i < RUNS; i++) {
        for (const build of builds) {
          const url = `${build.shellUrl}${p.path}`;
          const run = await lighthouseRun(url, { categories: SCORED, disableStorageReset: true, prepare: (port) => storeToken(port, build.shellUrl, token, p.warm ? p.path : undefined) });
          // A lost session would measure the login page instead.
          const landed = new URL(run.finalUrl);
          if (landed.pathname !== new URL(url).pathname) throw new Error(`${p.name} (${build.label}): Lighthouse è finito su ${run.finalUrl} (sessione non valida?)`);
          build.runs.push(run);
          log(
            `  ${p.name} ${build.label} #${i + 1}: ${SCORED.map((c) => `${c} ${run.scores[c]}`).join(', ')}, LCP ${ms(run.lcpMs)} «${run.lcpElement}», TTI ${ms(run.ttiMs)}, TBT ${ms(run.tbtMs)}, ` +
              `CLS ${formatCls(run.cls)}, JS ${kb(run.scriptBytes)}, benchmarkIndex ${run.benchmarkIndex}`,
          );
        }
      }
      for (const build of builds) {
        const of = (f: (r: Run) => number) => build.runs.map(f);
        rows.push([
          `${p.name}${build === builds[0] ? '' : ` ${build.label}`}`,
          ...SCORED.map((c) => spread(of((r) => r.scores[c]))),
          spread(of((r) => r.lcpMs), ms),
          p.qr ? spread(of((r) => r.ttiMs), ms) : '—',
          spread(of((r) => r.tbtMs), ms),
          spread(of((r) => r.cls), formatCls),
          spread(of((r) => r.scriptBytes), kb),
        ]);
        report.notes.push(`${p.name} ${build.label}: benchmarkIndex di Lighthouse per esecuzione ${build.runs.map((r) => r.benchmarkIndex).join(', ')}; elemento LCP ${[...new Set(build.runs.map((r) => `«${r.lcpElement}»`))].join(', ')}`);
      }
      const [current, before] = builds.map((b) => (f: (r: Run) => number) => median(b.runs.map(f)));
      // «figure (prima: figure)» when the build before was measured in the same run.
      const side = (value: string, f: (r: Run) => number, format: (v: number) => string) => (before ? `${value} (prima: ${format(before(f))})` : value);
      for (const c of SCORED) {
        const score = current((r) => r.scores[c]);
        report.targets.push(target(`${p.name} ${c} ${GOALS[c] === 100 ? '100' : `≥ ${GOALS[c]}`}`, score >= GOALS[c], side(String(score), (r) => r.scores[c], String)));
      }
      const lcp = current((r) => r.lcpMs);
      report.targets.push(target(`${p.name} LCP ≤ ${LCP_GOAL_MS / 1000} s`, lcp <= LCP_GOAL_MS, side(ms(lcp), (r) => r.lcpMs, ms)));
      if (p.qr) {
        const tti = current((r) => r.ttiMs);
        report.targets.push(target(`${p.name} utilizzabile su un telefono entro ${TTI_GOAL_MS / 1000} s (TTI)`, tti <= TTI_GOAL_MS, side(ms(tti), (r) => r.ttiMs, ms)));
      }
      const tbt = current((r) => r.tbtMs);
      report.targets.push(target(`${p.name} TBT ≤ ${TBT_GOAL_MS} ms`, tbt <= TBT_GOAL_MS, side(ms(tbt), (r) => r.tbtMs, ms)));
      const cls = current((r) => r.cls);
      report.targets.push(target(`${p.name} CLS ${CLS_GOAL}`, clsMet(cls), side(formatCls(cls), (r) => r.cls, formatCls)));
      // A page opened again takes its scripts from the cache: its bytes on the wire are not the page's weight.
      const js = current((r) => r.scriptBytes);
      if (!p.warm) report.targets.push(target(`${p.name} JS ≤ ${kb(JS_GOAL_BYTES)} compressi`, js <= JS_GOAL_BYTES, side(kb(js), (r) => r.scriptBytes, kb)));
    }
  } finally {
    await served?.stop();
  }
  report.tables.push({
    head: ['pagina', ...SCORED.map((c) => `${c} (min–max)`), 'LCP', 'TTI', 'TBT', 'CLS', 'JS compresso'],
    rows,
  });

  // 2. The next card from «Scansiona», the page open: every scan after the first while staff stay in the page.
  if (!only.length || measuredPages.some((p) => p.qr)) {
    const nextTimes = await nextCardTimes(env, token, qrCard, cards.slice(1, NEXT_CARDS + 1), log);
    report.tables.push({
      head: [`carta successiva da «Scansiona» (CPU ${NEXT_CARD_CPU_THROTTLE}×, rete mobile)`, 'da «Apri» a pronta per l’importo'],
      rows: nextTimes.map((t, i) => [`#${i + 1}`, ms(t)]),
    });
    const next = median(nextTimes);
    report.targets.push(target(`carta successiva da «Scansiona» pronta entro ${TTI_GOAL_MS / 1000} s (mediana, CPU ${NEXT_CARD_CPU_THROTTLE}×, rete mobile)`, next <= TTI_GOAL_MS, ms(next)));
  }

  // 3. The sale at the counter, on cards Lighthouse did not open.
  const taps = await saleTaps(env, token, cards.slice(1, TAPS + 1), log);
  const elapsed = taps.map((t) => (t.ok && t.clickAt !== null && t.shownAt !== null ? t.shownAt - t.clickAt : NaN));
  const measured = elapsed.filter(Number.isFinite);
  const requests = taps.map((t) => t.requestMs).filter((v): v is number => v !== null);
  report.tables.push({
    head: ['vendita', 'clic → conferma', 'richiesta POST …/sales', 'esito'],
    rows: taps.map((t, i) => [`#${i + 1}`, ms(elapsed[i]), t.requestMs === null ? 'n/d' : ms(t.requestMs), t.ok ? 'confermata' : `errore: ${t.text.slice(0, 60)}`]),
  });
  const sameOrigin = taps.find((t) => t.sameOrigin !== null)?.sameOrigin;
  report.notes.push(
    `vendita: mediana ${ms(median(measured))} su ${measured.length} di ${taps.length} (min ${ms(Math.min(...measured))}, max ${ms(Math.max(...measured))}); ` +
      `richiesta mediana ${ms(median(requests))}${sameOrigin === undefined ? '' : sameOrigin ? ', API sulla stessa origine della shell' : ', API su un’altra origine (preflight CORS per ogni carta)'}`,
  );
  report.targets.push(
    target(
      `vendita confermata entro ${TAP_GOAL_MS} ms dal tocco (mediana)`,
      measured.length === taps.length ? median(measured) <= TAP_GOAL_MS : null,
      measured.length === taps.length ? ms(median(measured)) : `${taps.length - measured.length} vendite senza conferma`,
    ),
  );
  report.notes.push(`carico medio (1 min) all'inizio della sezione ${loadAtStart}, alla fine ${loadAverage()}`);
  return report;
}
