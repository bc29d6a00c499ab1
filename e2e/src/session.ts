import type { Page } from '@playwright/test';
import { E2E_API_PORT } from './env';
import { DEMO_ADMIN } from './fixtures';

/** Logs in through the API (not the landing remote, which a test may have broken) and stores the token. */
export async function loginThroughApi(page: Page, account = DEMO_ADMIN, apiUrl = `http://127.0.0.1:${E2E_API_PORT}`): Promise<void> {
  const res = await fetch(`${apiUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`login failed: HTTP ${res.status}`);
  const { token } = (await res.json()) as { token: string };
  await page.goto('/runtime-config.json');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
}
