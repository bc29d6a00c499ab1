/**
 * Section 3: page weight of /login, /dashboard, the cards screen and a card's QR add-points page (logged in) on the
 * production composition, first visit (empty cache), in Chromium with every response recorded through CDP.
 * BENCH_PAGES (parts of the paths, comma-separated; a whole path such as «/dashboard» is that page only) measures only
 * those pages; BENCH_WEIGHT_VIEWPORT=412x823 visits at Lighthouse's phone size instead of Chromium's 1280 × 720 (the
 * cards screen draws its owner's tools only where they start open: decision 107).
 */
import type { Browser, Page } from '@playwright/test';
import { REMOTE_APPS, rendererIn, type RemoteAppName } from '@loyalty/tools';
import { apiToken, launchChromium, networkQuiet, newContext, recordNetwork, type BenchComposition, type RecordedResponse } from './browser';
import { kb, median, ms, section, target, type SectionReport } from './report';
import { BUILD_ROOT } from './builds';
import { seenAt, type SeenAt } from './ready';
import { addShares, addTo, charactersByPackage, groupOf, isOwnCode } from './script-origins';
import { addPointsPath, barCentraleCards } from './behind-login';

const TITLE = '3. Peso delle pagine';
const RUNS = 3;

export interface RouteSpec {
  /** The page's address; the QR page's names a card that exists only once the API runs (`QR_PAGE`). */
  path: string;
  loggedIn: boolean;
  /** The remotes this route needs; any other fetched is a failure. */
  needs: RemoteAppName[];
  /** Visible once the route is usable: the login form, the overview's tiles (seen in the page every frame: ready.ts). */
  ready: (page: Page) => Promise<SeenAt>;
}

export const ROUTES: RouteSpec[] = [
  { path: '/login', loggedIn: false, needs: ['landing'], ready: (page) => seenAt(page, { kind: 'labelled', label: 'Email' }) },
  // The overview's tiles: a <dl> whose terms are the tile names (the sidebar's version footer is the other <dl>).
  {
    path: '/dashboard',
    loggedIn: true,
    needs: ['cards'],
    ready: (page) => seenAt(page, { kind: 'tile', term: '^(Total Cards|Carte totali)$' }),
  },
  // The first card row's points form (the list drawn, a card's actions usable), as bench:ab waits for it.
  { path: '/dashboard/loyalty-cards', loggedIn: true, needs: ['cards'], ready: (page) => seenAt(page, { kind: 'button', name: '^Aggiorna ' }) },
];

/** A Bar Centrale card's add-points page (per euro: it asks for the amount), as section 13 measures it. */
const QR_PAGE = '/dashboard/add-points (QR)';
const qrRoute = (path: string): RouteSpec => ({
  path,
  loggedIn: true,
  needs: ['cards'],
  ready: (page) => seenAt(page, { kind: 'labelled', label: 'Importo speso (€)' }),
});

const VIEWPORT = /^(\d+)x(\d+)$/.exec(process.env.BENCH_WEIGHT_VIEWPORT ?? '');

export interface VisitResult {
  readyMs: number;
  jsBeforeReady: number;
  jsTotal: number;
  requestsBeforeReady: number;
  requestsTotal: number;
  rendererCopies: number;
  remotesFetched: RemoteAppName[];
  uncompressedJs: string[];
  /** The scripts requested before ready, largest first (path and bytes on the wire). */
  scriptsBeforeReady: { url: string; bytes: number }[];
  /** The JS before ready by package (or group), bytes on the wire shared out by the source maps. */
  packagesBeforeReady: Map<string, number>;
}

const isJs = (r: RecordedResponse) => r.type === 'Script' || /\.m?js(\?|$)/.test(r.url);


/** The script's characters by package group, from the source map served next to it (none: an empty map). */
async function charactersByGroup(url: string, code: string): Promise<Map<string, number>> {
  const response = await fetch(`${url.replace(/[?#].*$/, '')}.map`).catch(() => null);
  if (!response?.ok) return new Map();
  const grouped = new Map<string, number>();
  for (const [owner, count] of charactersByPackage(code, await response.json())) addTo(grouped, groupOf(owner), count);
  return grouped;
}

/** One first visit: navigate, wait for `ready`, then for the network to settle, and add up what came. */
export async function visit(
  browser: Browser,
  env: BenchComposition,
  route: RouteSpec,
  options: { token?: string; cpuThrottle?: number; shellUrl?: string } = {},
): Promise<VisitResult> {
  const shellUrl = options.shellUrl ?? env.shellUrl;
  const context = await newContext(browser, { shellUrl, token: route.loggedIn ? options.token : undefined });
  try {
    const page = await context.newPage();
    if (VIEWPORT) await page.setViewportSize({ width: Number(VIEWPORT[1]), height: Number(VIEWPORT[2]) });
    const { cdp, responses } = await recordNetwork(page);
    if (options.cpuThrottle) await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuThrottle });
    const started = Date.now();
    await page.goto(`${shellUrl}${route.path}`, { waitUntil: 'commit' });
    const readyAt = (await route.ready(page)).epochMs;
    await networkQuiet(responses);
    const all = [...responses.values()].filter((r) => !r.url.startsWith('data:'));
    const before = all.filter((r) => r.sentAt <= readyAt);
    const scripts = all.filter(isJs);
    let rendererCopies = 0;
    const packagesBeforeReady = new Map<string, number>();
    for (const s of scripts) {
      const body = await cdp.send('Network.getResponseBody', { requestId: s.requestId }).catch(() => null);
      const code = body && !body.base64Encoded ? body.body : null;
      if (code && rendererIn(code)) rendererCopies++;
      if (s.sentAt <= readyAt) addShares(packagesBeforeReady, code ? await charactersByGroup(s.url, code) : new Map(), s.encodedBytes);
    }
    const remotesFetched = REMOTE_APPS.filter((app) => all.some((r) => r.url.startsWith(env.originOf(app.name)))).map((a) => a.name);
    return {
      readyMs: readyAt - started,
      jsBeforeReady: before.filter(isJs).reduce((n, r) => n + r.encodedBytes, 0),
      jsTotal: scripts.reduce((n, r) => n + r.encodedBytes, 0),
      requestsBeforeReady: before.length,
      requestsTotal: all.length,
      rendererCopies,
      remotesFetched,
      uncompressedJs: scripts.filter((r) => r.encodedBytes > 2048 && !r.contentEncoding).map((r) => r.url),
      scriptsBeforeReady: before
        .filter(isJs)
        .map((r) => ({ url: r.url, bytes: r.encodedBytes }))
        .sort((a, b) => b.bytes - a.bytes),
      packagesBeforeReady,
    };
  } finally {
    await context.close();
  }
}

export async function pageWeight(env: BenchComposition, log: (line: string) => void): Promise<SectionReport> {
  const report = section(TITLE);
  report.method.push(
    `build di produzione in ${BUILD_ROOT} servite da startComposition (compressione attiva), shell su ${env.shellUrl}`,
    `Chromium Debian (/usr/bin/chromium, flag di e2e/src/env.ts) via Playwright; contesto nuovo e cache disattivata a ogni visita; ${RUNS} visite per pagina, mediane`,
    "JS 'prima dell'interattività' = byte sul filo (Network.loadingFinished.encodedDataLength: header + corpo compresso) degli script richiesti prima che la pagina sia pronta",
    "pronto: /login il campo Email, /dashboard i riquadri, le carte il primo «Aggiorna …» di una riga, la pagina QR il campo «Importo speso (€)» (una carta di Bar Centrale)",
    "totale = tutto ciò che arriva finché la rete resta ferma 1,5 s; copie del renderer = script scaricati che contengono le fibre di react-dom ('__reactFiber$') o i nodi e gli hook di Preact ('.__k', '.__H'; decisione 108)",
    "pagine dietro il login: token dell’admin demo ottenuto via POST /api/auth/login e messo in localStorage[token] prima della visita",
    "per pacchetto = i byte sul filo di ogni script divisi tra i pacchetti che la sua source map nomina, in proporzione al codice minificato di ognuno (stima: brotli non comprime tutti allo stesso modo; la somma è esatta)",
  );
  const browser = await launchChromium();
  try {
    const token = await apiToken(env.apiPort);
    const [qrCard] = await barCentraleCards(env.apiPort, token);
    const routes = [...ROUTES.map((route) => ({ name: route.path, route })), { name: QR_PAGE, route: qrRoute(addPointsPath(qrCard)) }];
    const only = (process.env.BENCH_PAGES ?? '').split(',').map((part) => part.trim()).filter(Boolean);
    const matches = (name: string, part: string) => (routes.some((r) => r.name === part) ? name === part : name.includes(part));
    const measured = only.length ? routes.filter((r) => only.some((part) => matches(r.name, part))) : routes;
    if (only.length) report.method.push(`solo le pagine di BENCH_PAGES=${only.join(',')}: ${measured.map((r) => r.name).join(', ') || 'nessuna'}`);
    if (VIEWPORT) report.method.push(`finestra ${VIEWPORT[1]} × ${VIEWPORT[2]} (BENCH_WEIGHT_VIEWPORT)`);
    const rows: string[][] = [];
    for (const { name, route } of measured) {
      const runs: VisitResult[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await visit(browser, env, route, { token }));
      const m = (f: (v: VisitResult) => number) => median(runs.map(f));
      const first = runs[0];
      log(`  ${name}: JS ${kb(m((v) => v.jsBeforeReady))} prima di pronto, ${m((v) => v.requestsBeforeReady)} richieste, pronto in ${ms(m((v) => v.readyMs))}`);
      rows.push([
        name,
        kb(m((v) => v.jsBeforeReady)),
        String(m((v) => v.requestsBeforeReady)),
        kb(m((v) => v.jsTotal)),
        String(m((v) => v.requestsTotal)),
        ms(m((v) => v.readyMs)),
        String(first.rendererCopies),
        first.remotesFetched.join(', ') || 'nessuno',
      ]);
      const extra = first.remotesFetched.filter((r) => !route.needs.includes(r));
      if (name === '/login') report.targets.push(target('/login ≤ 130 KB di JS compresso prima dell’interattività', m((v) => v.jsBeforeReady) <= 130 * 1024, kb(m((v) => v.jsBeforeReady))));
      // Issue 39: the first dashboard screen after login (the overview for an admin, the cards for the counter's staff).
      else if (name !== QR_PAGE) report.targets.push(target(`${name} ≤ 120 KB di JS compresso prima di pronto (issue 39)`, m((v) => v.jsBeforeReady) <= 120 * 1024, kb(m((v) => v.jsBeforeReady))));
      // /login is prerendered HTML with a small script (decision 028): no React at all before the form works.
      const reactDoms = name === '/login' ? 0 : 1;
      report.targets.push(target(`${name}: ${reactDoms ? 'una sola copia' : 'nessuna copia'} del renderer (react-dom o Preact)`, runs.every((v) => v.rendererCopies === reactDoms), `${first.rendererCopies}`));
      report.targets.push(target(`${name}: nessun remote non necessario`, extra.length === 0, `scaricati: ${first.remotesFetched.join(', ') || 'nessuno'}${extra.length ? `; in più: ${extra.join(', ')}` : ''}`));
      const top = first.scriptsBeforeReady.slice(0, Number(process.env.BENCH_WEIGHT_TOP ?? 8)).map((x) => `${x.url.replace(/^http:\/\/localhost:/, ':').replace(/\?.*$/, '')} ${kb(x.bytes)}`);
      report.notes.push(`${name}, script più pesanti prima di pronto: ${top.join(', ')}`);
      const packages = [...first.packagesBeforeReady].sort((a, b) => b[1] - a[1]);
      const libraries = packages.filter(([group]) => !isOwnCode(group)).reduce((n, [, bytes]) => n + bytes, 0);
      report.notes.push(
        `${name}, JS prima di pronto per pacchetto: ${packages.map(([group, bytes]) => `${group} ${kb(bytes)}`).join(', ')}; ` +
          `librerie ${kb(libraries)}; nostro codice, runtime di webpack e codice senza sorgente nella mappa ${kb(first.jsBeforeReady - libraries)}`,
      );
      if (first.uncompressedJs.length) report.notes.push(`${name}: script > 2 KB senza compressione: ${first.uncompressedJs.join(', ')}`);
    }
    report.tables.push({ head: ['pagina', 'JS prima di pronto', 'richieste', 'JS totale', 'richieste tot.', 'pronto in', 'renderer', 'remote scaricati'], rows });
    return report;
  } finally {
    await browser.close();
  }
}
