import { expect, type Page } from '@playwright/test';

export const DEMO_ADMIN = { email: 'admin@demo.it', password: 'Admin2026!' };
export const DEMO_SUPERADMIN = { email: 'superadmin@demo.it', password: 'SuperAdmin2026!' };

export async function login(page: Page, account = DEMO_ADMIN) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Panoramica' })).toBeVisible();
}

/** Every JavaScript response the page received, with its URL and body. */
export function recordScripts(page: Page) {
  const scripts: { url: string; body: Promise<string> }[] = [];
  page.on('response', (res) => {
    const type = res.headers()['content-type'] || '';
    if (res.ok() && type.includes('javascript')) scripts.push({ url: res.url(), body: res.text().catch(() => '') });
  });
  return scripts;
}
