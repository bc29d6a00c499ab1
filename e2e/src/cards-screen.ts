import type { Page } from '@playwright/test';

export const CARD_SEARCH_LABEL = 'Cerca per nome, e-mail, numero carta o telefono';

/**
 * Types `text` into the cards screen's search and waits for the server's answer to it. The answer replaces the list
 * (its rows are new elements: shared/src/cardList/PagedCards.tsx keys the list by its query), so a click on a row of the
 * list shown before it can be lost: pressed on the old button, released on the new one. A person sees the list
 * change; a journey waits for the answer, then finds the row.
 */
export async function searchCards(page: Page, text: string): Promise<void> {
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname.startsWith('/api/loyalty-cards/business/') && url.searchParams.get('q') === text.trim();
  });
  await page.getByLabel(CARD_SEARCH_LABEL).fill(text);
  await answered;
}
