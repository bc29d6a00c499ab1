/**
 * What the delivery drills (tests/delivery*.spec.ts) share: each remote's routes, and what "working" and
 * "contained" mean for a remote's area on the page.
 */
import { expect, test, type Page } from '@playwright/test';
import { ownShellUrl, startOwnComposition, type OwnComposition, type StaticSite } from './own-composition';
import { REMOTES as NAMES, variantsReady } from './variants';

export { NAMES };
export type RemoteApp = (typeof NAMES)[number];

/** For each remote: a route it owns, a second route of the same remote (if any), and a route of another remote. */
export const REMOTES: Record<RemoteApp, { route: string; secondRoute?: string; otherRoute: string; dashboard: boolean }> = {
  landing: { route: '/privacy', otherRoute: '/dashboard/documentation', dashboard: false },
  cards: { route: '/dashboard/loyalty-cards', secondRoute: '/dashboard', otherRoute: '/dashboard/documentation', dashboard: true },
  campaigns: { route: '/dashboard/campaigns', otherRoute: '/dashboard/loyalty-cards', dashboard: true },
  messaging: { route: '/dashboard/easy-sms', secondRoute: '/dashboard/twilio-settings', otherRoute: '/dashboard/loyalty-cards', dashboard: true },
  admin: { route: '/dashboard/documentation', secondRoute: '/dashboard/settings', otherRoute: '/dashboard/loyalty-cards', dashboard: true },
};

export function area(page: Page, remote: RemoteApp) {
  return page.locator(`[data-remote="${remote}"]`);
}

export async function expectWorking(page: Page, remote: RemoteApp) {
  await expect(area(page, remote).locator('h1')).toBeVisible({ timeout: 20_000 });
  await expect(area(page, remote).getByRole('button', { name: 'Riprova' })).toHaveCount(0);
}

/** The remote's script has run in the page: its federation runtime has made its instance. */
async function scriptRan(page: Page, remote: RemoteApp) {
  await expect
    .poll(() => page.evaluate((name) => (window as unknown as { __FEDERATION__: { __INSTANCES__: { name: string }[] } }).__FEDERATION__.__INSTANCES__.some((i) => i.name === name), remote), {
      timeout: 30_000,
    })
    .toBe(true);
}

/**
 * The area shows its Italian message and 'Riprova', and the rest of the product keeps working. `late`: the
 * remote's script arrives after the shell has given up on it; the other remote is opened only once it has run,
 * so what it registers on the page (its shared libraries) is there when the other remote loads.
 */
export async function expectContained(page: Page, remote: RemoteApp, { late = false } = {}) {
  await expect(area(page, remote).getByRole('button', { name: 'Riprova' })).toBeVisible({ timeout: 30_000 });
  await expect(area(page, remote).getByText('Questa sezione non è al momento disponibile.', { exact: false })).toBeVisible();
  if (late) await scriptRan(page, remote);
  // The rest of the product keeps working: shell, switcher, another remote.
  const { otherRoute, dashboard } = REMOTES[remote];
  if (dashboard) {
    const switcher = page.getByRole('button', { name: /Attività corrente/ });
    await switcher.click();
    await expect(page.getByRole('button', { name: 'Profumeria Bella' })).toBeVisible();
    await page.keyboard.press('Escape');
    const nav = page.getByRole('navigation', { name: 'Sezioni della dashboard' });
    const other = NAMES.find((n) => n !== remote && REMOTES[n].route === otherRoute) ?? 'admin';
    await nav.locator(`a[href="${otherRoute}"]`).click();
    await expectWorking(page, other);
  } else {
    await page.goto(otherRoute);
    await expectWorking(page, 'admin');
  }
}

export function versionOf(page: Page, remote: RemoteApp) {
  return page.getByTestId('version-footer').locator(`[data-version-of="${remote}"]`);
}


export interface DeliveryComposition {
  /** The file's composition (set in its beforeAll). */
  own(): OwnComposition;
  /** Each remote's address in the composition as started (what a drill rolls back to). */
  originalUrls: Record<RemoteApp, string>;
  /**
   * Each remote's variant from `dirOf` on an extra origin of the composition from `firstPort` on, once the
   * background build has ended (src/variants.ts); once per file. Answers each remote's origin.
   */
  serveEach(dirOf: (name: RemoteApp) => string, firstPort: number): Promise<Record<RemoteApp, string>>;
}

/** A delivery file's composition of its own (src/own-composition.ts): its pages' baseURL, started before its tests, stopped after. */
export function deliveryComposition(label: string, offset: number): DeliveryComposition {
  let own: OwnComposition | undefined;
  const servers: StaticSite[] = [];
  const originalUrls = {} as Record<RemoteApp, string>;
  const served = new Map<number, Record<RemoteApp, string>>();
  test.use({ baseURL: ownShellUrl(offset) });
  test.beforeAll(async () => {
    own = await startOwnComposition(label, offset);
    for (const name of NAMES) originalUrls[name] = own.remoteUrl(name);
  });
  test.afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await own?.stop();
  });
  const current = () => {
    if (!own) throw new Error(`the composition of ${label} has not started`);
    return own;
  };
  return {
    own: current,
    originalUrls,
    async serveEach(dirOf, firstPort) {
      const known = served.get(firstPort);
      if (known) return known;
      await variantsReady();
      const origins = {} as Record<RemoteApp, string>;
      for (const [i, name] of NAMES.entries()) {
        const site = await current().serveFolder(name, dirOf(name), current().extraPort(firstPort + i));
        servers.push(site);
        origins[name] = site.origin;
      }
      served.set(firstPort, origins);
      return origins;
    },
  };
}
