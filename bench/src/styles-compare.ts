/**
 * Two builds' screens side by side, pixel by pixel: made for decision 110 (styled-components' API drawn by goober
 * against styled-components itself), usable for any change that should not move a pixel. Each build is served by a
 * composition of its own (its API on the demo seed), both signed in as the demo admin; every screen of the sidebar
 * and the public pages (signed out) are shot at a phone's width and a desktop's, animations stopped, once its area is no longer busy. Printed per screen:
 * the two sizes and the share of pixels that differ (any channel by more than 16 of 255); the two shots and a map of
 * the differing pixels (red) are written to BENCH_STYLES_OUT for a look.
 *
 *   BENCH_AB_BUILDS=/tmp/bench-sc,/tmp/bench-builds npm run bench:styles -w bench
 *
 * Each folder is a BENCH_BUILD_ROOT of `npm run bench` (its `federated/<app>` builds). Ports as bench:ab's. The demo
 * data is the same seed in both, written seconds apart: a relative time («2 minuti fa») may differ between the two.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import type { Browser } from '@playwright/test';
import { apiToken, launchChromium, newContext, startBenchComposition, type BenchComposition } from './browser';
import { appRoots } from './builds';

const BASE = Number(process.env.BENCH_PORT_BASE || 6100);
const OUT = process.env.BENCH_STYLES_OUT || '/tmp/bench-styles';
interface Screen {
  path: string;
  /** A button to press first (its accessible name, the first one on the page): a dialog, a menu. */
  press?: string;
}
const SCREENS: Screen[] = [
  ...[
    '/dashboard',
    '/dashboard/loyalty-cards',
    '/dashboard/campaigns',
    '/dashboard/automations',
    '/dashboard/rewards',
    '/dashboard/easy-sms',
    '/dashboard/twilio-settings',
    '/dashboard/outbox',
    '/dashboard/settings',
    '/dashboard/users',
    '/dashboard/documentation',
    // Public pages, visited signed out: the prerendered ones are drawn again by their script.
    '/privacy',
    '/loyalty-cards/create',
    '/password-dimenticata',
  ].map((p) => ({ path: p })),
  // Dialogs and menus, drawn only when opened.
  { path: '/dashboard/loyalty-cards', press: 'Movimenti' },
  { path: '/dashboard/loyalty-cards', press: 'Riscatta premio' },
  { path: '/dashboard/loyalty-cards', press: 'Elimina' },
  { path: '/dashboard', press: 'Marco Bianchi' },
  { path: '/dashboard', press: 'Attività corrente: Bar Centrale' },
];
const PUBLIC = (screen: Screen) => !screen.path.startsWith('/dashboard');
const WIDTHS = [
  { name: 'telefono', width: 360, height: 800 },
  { name: 'desktop', width: 1280, height: 900 },
];

async function shoot(browser: Browser, side: BenchComposition, token: string, screen: Screen, size: { width: number; height: number }): Promise<Buffer> {
  const context = await newContext(browser, PUBLIC(screen) ? {} : { shellUrl: side.shellUrl, token });
  try {
    const page = await context.newPage();
    await page.setViewportSize(size);
    await page.goto(`${side.shellUrl}${screen.path}`);
    // A page the shell serves as HTML has no remote's area: its script's work is over by `load` and the pause below.
    if (PUBLIC(screen)) await page.locator('[data-remote][aria-busy="false"]').first().waitFor({ timeout: 10_000 }).catch(() => undefined);
    else await page.locator('[data-remote][aria-busy="false"]').first().waitFor({ timeout: 30_000 });
    // Lists, figures and images that come after the area's module: the screen still, then shot.
    await page.waitForLoadState('load');
    await page.waitForTimeout(1500);
    if (screen.press) {
      // Not on screen at this width (a menu inside the closed drawer): shot as it is, the press noted as not made.
      const pressed = await page.getByRole('button', { name: screen.press }).first().click({ timeout: 5000 }).then(() => true, () => false);
      if (!pressed) console.log(`  (${screen.path}: «${screen.press}» non visibile a ${size.width} px)`);
      await page.waitForTimeout(800);
    }
    return await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
  } finally {
    await context.close();
  }
}

function compare(a: Buffer, b: Buffer): { size: string; share: number | null; map: Buffer | null } {
  const left = PNG.sync.read(a);
  const right = PNG.sync.read(b);
  const size = `${left.width}×${left.height} / ${right.width}×${right.height}`;
  if (left.width !== right.width || left.height !== right.height) return { size, share: null, map: null };
  const map = new PNG({ width: left.width, height: left.height });
  let differing = 0;
  for (let i = 0; i < left.data.length; i += 4) {
    const differs = [0, 1, 2].some((c) => Math.abs(left.data[i + c] - right.data[i + c]) > 16);
    if (differs) differing += 1;
    map.data[i] = differs ? 255 : left.data[i] / 3;
    map.data[i + 1] = differs ? 0 : left.data[i + 1] / 3;
    map.data[i + 2] = differs ? 0 : left.data[i + 2] / 3;
    map.data[i + 3] = 255;
  }
  return { size, share: differing / (left.width * left.height), map: PNG.sync.write(map) };
}

async function main() {
  const roots = (process.env.BENCH_AB_BUILDS ?? '').split(',').filter(Boolean);
  if (roots.length !== 2) throw new Error('BENCH_AB_BUILDS: due cartelle separate da virgola (A,B)');
  fs.mkdirSync(OUT, { recursive: true });
  const sides = [await startBenchComposition(BASE, appRoots('federated', roots[0])), await startBenchComposition(BASE + 100, appRoots('federated', roots[1]))];
  const browser = await launchChromium();
  try {
    const tokens = await Promise.all(sides.map((s) => apiToken(s.apiPort)));
    console.log(`A = ${roots[0]}, B = ${roots[1]}; immagini in ${OUT}`);
    console.log(`${'schermata'.padEnd(44)} ${'larghezza'.padEnd(9)} ${'dimensioni A / B'.padEnd(24)} pixel diversi`);
    for (const screen of SCREENS) {
      for (const size of WIDTHS) {
        const [a, b] = [await shoot(browser, sides[0], tokens[0], screen, size), await shoot(browser, sides[1], tokens[1], screen, size)];
        const result = compare(a, b);
        const label = screen.press ? `${screen.path} «${screen.press}»` : screen.path;
        const base = path.join(OUT, `${label.replace(/\W+/g, '_')}-${size.name}`);
        fs.writeFileSync(`${base}-A.png`, a);
        fs.writeFileSync(`${base}-B.png`, b);
        if (result.map) fs.writeFileSync(`${base}-diff.png`, result.map);
        const share = result.share === null ? 'dimensioni diverse' : `${(result.share * 100).toFixed(2)} %`;
        console.log(`${label.padEnd(44)} ${size.name.padEnd(9)} ${result.size.padEnd(24)} ${share}`);
      }
    }
  } finally {
    await browser.close();
    await Promise.all(sides.map((s) => s.stop()));
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
