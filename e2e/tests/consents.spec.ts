/**
 * Issue 22 (decision 047): a card's consent history in the composed app. A customer signs up with WhatsApp
 * marketing, an admin opens "Storico consensi" on the card's row and reads the events in Italian; the row keeps
 * every control inside its box at phone to desktop widths with the extra button.
 */
import { test, expect } from '@playwright/test';
import { apiCall } from '../src/cards-api';
import { withCookieChoiceSaved } from '../src/landing';
import { loginThroughApi } from '../src/session';

const PROFUMERIA = 'demo-profumeria-bella';

test('an admin reads a card’s consent history, and the row fits its controls at every width', async ({ page }) => {
  const name = `Costanza Consenso ${Date.now()}`;
  await apiCall('POST', '/users/loyalty-cards/create', null, {
    email: `consenso.${Date.now()}@example.it`,
    full_name: name,
    phone: '+39 333 7654399',
    business_id: PROFUMERIA,
    privacy_ack: true,
    marketing_channels: ['whatsapp'],
  });
  await withCookieChoiceSaved(page);
  await loginThroughApi(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /Attività corrente:/ }).click();
  await page.getByRole('list', { name: 'Attività' }).getByRole('button', { name: 'Profumeria Bella' }).click();
  await page.getByRole('navigation', { name: 'Sezioni della dashboard' }).getByRole('link', { name: 'Carte Fedeltà', exact: true }).click();
  await page.getByLabel('Cerca per nome, numero carta o telefono').fill(name);
  const row = page.getByRole('article', { name });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Storico consensi di ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Storico consensi di ${name}` });
  const items = dialog.getByRole('list', { name: 'Consensi, dal più recente' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toHaveText(/ — Marketing WhatsApp: concesso — modulo di iscrizione \(testo v1\)$/);
  await expect(items.nth(1)).toHaveText(/ — Informativa privacy: concesso — modulo di iscrizione \(testo v1\)$/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  for (const width of [300, 330, 360, 500, 620, 700, 760, 1100, 1540, 1560, 1600, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(row).toBeVisible();
    const box = (await row.boundingBox())!;
    for (const control of await row.locator('button, input').all()) {
      const own = (await control.boundingBox())!;
      expect(own.y + own.height, `${width} px: ${await control.getAttribute('aria-label')}`).toBeLessThanOrEqual(box.y + box.height + 0.5);
    }
  }
});
