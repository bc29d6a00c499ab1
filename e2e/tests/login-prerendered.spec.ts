/**
 * `/login` is HTML rendered at build time (docs/decisions/028, 063): the content and the form are in the page
 * the server sends, and one small script — no React, no store, no federation runtime — makes the form (with
 * shared's `loginForm` rule), the lock, the cookie banner and the mobile menu work. The shell answers it from
 * the landing origin, from its kept copy while that origin is down, and from its own build's copy when it has
 * never reached it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { DEMO_ADMIN, recordScripts } from '../src/fixtures';
import { LANDING_URL, withCookieChoiceSaved } from '../src/landing';
import { E2E_STATE_DIR, SHELL_URL } from '../src/env';
import { OWN_COMPOSITIONS, ownShellUrl, startOwnComposition, type OwnComposition } from '../src/own-composition';

const PHONE = { width: 390, height: 844 };

/**
 * Records the page's Content Security Policy violations from its first script on, including those a script
 * catches (a caught `eval` attempt is reported though nothing shows in the console): the page script's form
 * rule must parse without generating code.
 */
async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test('without JavaScript: the whole page and the form are in the HTML', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.url());
  });
  await page.goto(`${SHELL_URL}/login`);
  await expect(page.getByRole('heading', { level: 1, name: /Carte fedeltà digitali/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Accedi al tuo account' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByLabel('Password')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accedi', exact: true })).toBeVisible();
  await expect(page.locator('svg[data-chart]')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Pacchetto Completo' })).toContainText('30 €');
  await expect(page.getByRole('contentinfo')).toContainText('Tutti i diritti riservati');
  // The banner waits for the script: without it nothing covers the page.
  await expect(page.getByRole('region', { name: 'Preferenze sui cookie' })).toBeHidden();
  expect(scripts).toEqual([]);
  await context.close();
});

test('with JavaScript: a small script from the landing origin, no React or federation runtime, then the lock and the login', async ({ page }) => {
  await withCookieChoiceSaved(page);
  const cspViolations = await recordCspViolations(page);
  const scripts = recordScripts(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Accedi al tuo account' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const urls = scripts.map((s) => s.url.split('?')[0]);
  expect(urls).toHaveLength(1);
  expect(urls[0]).toMatch(new RegExp(`^${LANDING_URL}/login\\.[0-9a-f]{10}\\.js$`));

  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password');
  const submit = page.getByRole('button', { name: 'Accedi', exact: true });
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Inserisci email e password.');

  await expect(email).toHaveAttribute('aria-invalid', 'true');
  // The form's rule (shared's zod/mini schema) ran under the page's CSP without a violation.
  expect(await cspViolations()).toEqual([]);

  await email.fill(`nessuno.${Date.now()}@example.it`);
  await password.fill('sbagliata');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Credenziali non valide.');
  await expect(email).not.toHaveAttribute('aria-invalid');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Credenziali non valide.');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Troppi tentativi. Riprova tra 5 minuti.');
  await expect(email).toBeDisabled();
  await expect(submit).toBeDisabled();
  expect(Number(await page.evaluate(() => localStorage.getItem('loginLockedUntil')))).toBeGreaterThan(Date.now());
  // The lock outlives a reload.
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText('Troppi tentativi. Riprova tra 5 minuti.');
  await expect(page.getByLabel('Password')).toBeDisabled();

  // Another browser (no lock stored) logs in: the session goes where the shell reads it, then the dashboard.
  await page.evaluate(() => localStorage.removeItem('loginLockedUntil'));
  await page.reload();
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Panoramica' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  // Signed in, /login and / go on to the dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  // Logout loads the prerendered page again (a full page load, not the React one).
  await page.getByRole('button', { name: /Marco Bianchi/ }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('form[data-login-form]')).toBeVisible();
});

test('the cookie banner and the mobile menu work from the script, on a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  // `/` for a visitor is the login page.
  await expect(page).toHaveURL(/\/login$/);
  const banner = page.getByRole('region', { name: 'Preferenze sui cookie' });
  await expect(banner).toBeVisible();
  await banner.getByRole('checkbox', { name: 'Marketing' }).check();
  await banner.getByRole('button', { name: 'Salva preferenze' }).click();
  await expect(banner).toBeHidden();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cookiePrefs')))!)).toEqual({ essential: true, analytics: false, marketing: true });

  const toggle = page.getByRole('button', { name: 'Menu', exact: true });
  await toggle.click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('link', { name: 'Funzionalità' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();

  await page.getByRole('contentinfo').getByRole('button', { name: 'Preferenze cookie' }).click();
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('checkbox', { name: 'Marketing' })).toBeChecked();
});

test.describe('the shell composes /login from the landing origin', () => {
  // Serial: the drills re-point and stop the landing origin, of a composition of their own (the journeys
  // beside them keep the shared one).
  test.describe.configure({ mode: 'serial' });
  const OWN_SHELL_URL = ownShellUrl(OWN_COMPOSITIONS.loginPages);
  test.use({ baseURL: OWN_SHELL_URL });
  let own: OwnComposition;
  test.beforeAll(async () => {
    own = await startOwnComposition('login-pages', OWN_COMPOSITIONS.loginPages);
  });
  test.afterAll(async () => {
    await own?.stop();
  });

  test('a landing redeploy changes /login at the next load, with no shell rebuild or restart', async ({ page }) => {
    // The landing's build, deployed again with a changed page, on a new origin (as a static host would).
    const deploy = path.join(E2E_STATE_DIR, 'deploys', 'landing-redeploy');
    fs.rmSync(deploy, { recursive: true, force: true });
    fs.cpSync(path.join(__dirname, '../../remote-landing/dist'), deploy, { recursive: true });
    const loginHtml = path.join(deploy, 'login.html');
    fs.rmSync(`${loginHtml}.br`, { force: true });
    fs.writeFileSync(loginHtml, fs.readFileSync(loginHtml, 'utf8').replace('Accedi al tuo account', 'Accedi al tuo account (nuova versione)'));
    const landing = await own.serveFolder('landing', deploy, own.extraPort(0));
    const previous = own.pointLandingPages(landing.origin);
    try {
      await withCookieChoiceSaved(page);
      const scripts = recordScripts(page);
      const res = await page.goto('/login');
      expect(res?.headers()['x-landing-page']).toBe('fresh');
      await expect(page.getByRole('heading', { name: 'Accedi al tuo account (nuova versione)' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(scripts.map((s) => s.url)).toEqual([expect.stringMatching(new RegExp(`^${landing.origin}/login\\.[0-9a-f]{10}\\.js$`))]);
      await page.getByRole('button', { name: 'Accedi', exact: true }).click();
      await expect(page.getByRole('alert')).toHaveText('Inserisci email e password.');
    } finally {
      own.pointLandingPages(previous);
      await landing.stop();
    }
    // Back on the composition's landing: its page again.
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Accedi al tuo account', exact: true })).toBeVisible();
  });

  test('a landing origin outage still shows a login page: the last good copy, whose form works', async ({ page }) => {
    await withCookieChoiceSaved(page);
    await page.goto('/login'); // the shell has a good copy
    await own.stopApp('landing');
    try {
      const scripts = recordScripts(page);
      const res = await page.goto('/login');
      expect(res?.status()).toBe(200);
      expect(res?.headers()['x-landing-page']).toBe('stale');
      await expect(page.getByRole('heading', { level: 1, name: /Carte fedeltà digitali/ })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Accedi al tuo account' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      // The script comes from the shell's own kept copy.
      expect(scripts.map((s) => s.url)).toEqual([expect.stringMatching(new RegExp(`^${OWN_SHELL_URL}/_landing/login\\.[0-9a-f]{10}\\.js$`))]);
      await page.getByRole('button', { name: 'Accedi', exact: true }).click();
      await expect(page.getByRole('alert')).toHaveText('Inserisci email e password.');
      await page.getByLabel('Email').fill(DEMO_ADMIN.email);
      await page.getByLabel('Password').fill(DEMO_ADMIN.password);
      await page.getByRole('button', { name: 'Accedi', exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Panoramica' })).toBeVisible();
    } finally {
      await own.restartApp('landing');
    }
  });

  test('a landing origin never reached: the shell’s own copy of the page, built from the same markup, whose form works', async ({ page }) => {
    // A shell that has never had the landing's page: started now, with the landing origin on a closed port.
    const previous = own.pointLandingPages(`http://localhost:${own.extraPort(2)}`);
    const shell = await own.serveFolder('shell', path.join(__dirname, '../../shell/dist'), own.extraPort(1));
    try {
      await withCookieChoiceSaved(page);
      const cspViolations = await recordCspViolations(page);
      const scripts = recordScripts(page);
      const res = await page.goto(`${shell.origin}/login`);
      expect(res?.status()).toBe(200);
      expect(res?.headers()['x-landing-page']).toBe('fallback');
      // The whole landing page, as the landing's build renders it.
      await expect(page.getByRole('heading', { level: 1, name: /Carte fedeltà digitali/ })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Pacchetto Completo' })).toContainText('30 €');
      await expect(page.getByRole('heading', { name: 'Accedi al tuo account' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      // Its script from the shell itself: nothing comes from the landing origin.
      expect(scripts.map((s) => s.url)).toEqual([expect.stringMatching(new RegExp(`^${shell.origin}/login\\.[0-9a-f]{10}\\.js$`))]);
      await page.getByRole('button', { name: 'Accedi', exact: true }).click();
      await expect(page.getByRole('alert')).toHaveText('Inserisci email e password.');
      expect(await cspViolations()).toEqual([]);
      await page.getByLabel('Email').fill(DEMO_ADMIN.email);
      await page.getByLabel('Password').fill(DEMO_ADMIN.password);
      await page.getByRole('button', { name: 'Accedi', exact: true }).click();
      // Signed in: the session is where the shell's app reads it, and the dashboard's address is loaded (this
      // extra origin is not among the configured ones the remotes answer, so the check ends here).
      await expect(page).toHaveURL(`${shell.origin}/dashboard`);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    } finally {
      own.pointLandingPages(previous);
      await shell.stop();
    }
  });
});
