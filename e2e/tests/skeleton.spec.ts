/**
 * Walking skeleton: the real composition (API + shell + five remotes on their own origins) in Chromium.
 */
import { test, expect } from '@playwright/test';
import { rendererIn, stylesIn } from '@loyalty/tools';
import { E2E_PORTS } from '../src/env';
import { login, recordScripts } from '../src/fixtures';
import { OWN_COMPOSITIONS, ownShellUrl, startOwnComposition } from '../src/own-composition';

const SIDEBAR: { label: string; path: string; heading: string; remote: keyof typeof E2E_PORTS }[] = [
  { label: 'Panoramica', path: '/dashboard', heading: 'Panoramica', remote: 'cards' },
  { label: 'Campagne', path: '/dashboard/campaigns', heading: 'Campagne', remote: 'campaigns' },
  { label: 'Automazioni', path: '/dashboard/automations', heading: 'Automazioni', remote: 'campaigns' },
  { label: 'Carte Fedeltà', path: '/dashboard/loyalty-cards', heading: 'Carte Fedeltà', remote: 'cards' },
  { label: 'Premi', path: '/dashboard/rewards', heading: 'Premi', remote: 'cards' },
  { label: 'SMS Facile', path: '/dashboard/easy-sms', heading: 'SMS Facile', remote: 'messaging' },
  { label: 'Impostazioni Twilio', path: '/dashboard/twilio-settings', heading: 'Impostazioni Twilio', remote: 'messaging' },
  { label: 'Posta in uscita', path: '/dashboard/outbox', heading: 'Posta in uscita', remote: 'messaging' },
  { label: 'Impostazioni App', path: '/dashboard/settings', heading: 'Impostazioni App', remote: 'admin' },
  { label: 'Gestione Utenti', path: '/dashboard/users', heading: 'Gestione Utenti', remote: 'admin' },
  { label: 'Documentazione', path: '/dashboard/documentation', heading: 'Documentazione', remote: 'admin' },
];

test('a fresh visitor to /dashboard lands on /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Accedi al tuo account' })).toBeVisible();
});

test('the demo admin logs in, reaches the overview, and every sidebar entry opens its remote', async ({ page, request }) => {
  // Everything below runs under the static servers' Content-Security-Policy.
  const csp = (await request.get('/login')).headers()['content-security-policy'];
  expect(csp).toContain(`script-src 'self' http://localhost:${E2E_PORTS.shell} http://localhost:${E2E_PORTS.landing}`);
  expect(csp).toContain("object-src 'none'");
  const violations: string[] = [];
  page.on('console', (m) => /Content Security Policy/i.test(m.text()) && violations.push(m.text()));
  const scripts = recordScripts(page);
  await login(page);
  await expect(page.getByRole('list', { name: 'Carte fedeltà' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Attività corrente: Bar Centrale/ })).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Sezioni della dashboard' });
  for (const entry of SIDEBAR) {
    await nav.getByRole('link', { name: entry.label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${entry.path}$`));
    await expect(page.getByRole('heading', { level: 1, name: entry.heading })).toBeVisible();
    await expect(page.locator(`[data-remote="${entry.remote}"]`)).toBeVisible();
    // The version footer lists the remote once it has been loaded from its own origin.
    await expect(page.getByTestId('version-footer').locator(`[data-version-of="${entry.remote}"]`)).toHaveText(/\d+\.\d+\.\d+/);
    const remoteOrigin = `http://localhost:${E2E_PORTS[entry.remote]}/`;
    const fromRemote = scripts.filter((s) => s.url.startsWith(remoteOrigin));
    expect(fromRemote.length, `${entry.label}: scripts from ${remoteOrigin}`).toBeGreaterThan(0);
  }
  // The browser's Back and Forward move between the screens, the sidebar marking the one shown.
  const [before, last] = SIDEBAR.slice(-2);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${before.path}$`));
  await expect(page.getByRole('heading', { level: 1, name: before.heading })).toBeVisible();
  await expect(nav.getByRole('link', { name: before.label, exact: true })).toHaveAttribute('aria-current', 'page');
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: last.heading })).toBeVisible();
  await expect(nav.getByRole('link', { name: before.label, exact: true })).not.toHaveAttribute('aria-current', 'page');

  // Each remote's code comes from its own origin, and only when one of its routes was visited.
  for (const remote of ['cards', 'campaigns', 'messaging', 'admin'] as const) {
    expect(scripts.some((s) => s.url.startsWith(`http://localhost:${E2E_PORTS[remote]}/`))).toBe(true);
  }

  // The renderer is downloaded once for the whole session: exactly one script carries Preact's internals (its
  // vnodes' children `__k` and hooks' state `__H`: React's names resolve to preact/compat, decision 108), and none
  // carries react-dom's fibers.
  const bodies = await Promise.all(scripts.map((s) => s.body));
  const renderers = bodies.map(rendererIn);
  expect(scripts.filter((_, i) => renderers[i] === 'preact').map((s) => s.url)).toHaveLength(1);
  expect(scripts.filter((_, i) => renderers[i] === 'react-dom').map((s) => s.url)).toEqual([]);
  // One styles library too, goober's, and no styled-components runtime (decision 110).
  const styles = bodies.map(stylesIn);
  expect(scripts.filter((_, i) => styles[i] === 'goober').map((s) => s.url)).toHaveLength(1);
  expect(scripts.filter((_, i) => styles[i] === 'styled-components').map((s) => s.url)).toEqual([]);
  expect(violations).toEqual([]);
});

test.describe('on a composition of its own (the journeys beside it keep the shared one whole)', () => {
  test.use({ baseURL: ownShellUrl(OWN_COMPOSITIONS.skeleton) });

  test('stopping one remote leaves the rest of the dashboard working, with Riprova for that area only', async ({ page }) => {
    const own = await startOwnComposition('skeleton', OWN_COMPOSITIONS.skeleton);
    try {
      await login(page);
      await own.stopApp('campaigns');
      const nav = page.getByRole('navigation', { name: 'Sezioni della dashboard' });
      await nav.getByRole('link', { name: 'Campagne', exact: true }).click();
      const area = page.locator('[data-remote="campaigns"]');
      await expect(area.getByRole('button', { name: 'Riprova' })).toBeVisible({ timeout: 20_000 });
      await expect(area.getByText('Questa sezione non è al momento disponibile.', { exact: false })).toBeVisible();

      // Shell, sidebar, switcher and the other remotes keep working.
      await expect(page.getByRole('button', { name: /Attività corrente/ })).toBeVisible();
      await nav.getByRole('link', { name: 'Carte Fedeltà', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Carte Fedeltà' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Riprova' })).toHaveCount(0);

      // Back on the broken area, Riprova recovers once the remote is up again.
      await nav.getByRole('link', { name: 'Campagne', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Riprova' })).toBeVisible({ timeout: 20_000 });
      await own.restartApp('campaigns');
      await page.getByRole('button', { name: 'Riprova' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Campagne' })).toBeVisible({ timeout: 20_000 });
    } finally {
      await own.stop();
    }
  });
});
