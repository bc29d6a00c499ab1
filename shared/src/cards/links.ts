/**
 * The add-points link a card's QR code encodes: the dashboard page where an admin adds points,
 * on the dashboard address from the run-time configuration.
 */
export function addPointsLink(dashboardBaseUrl: string, cardId: string, userId: string): string {
  const url = new URL('/dashboard/add-points', dashboardBaseUrl.replace(/\/+$/, '') + '/');
  url.searchParams.set('card_id', cardId);
  url.searchParams.set('user_id', userId);
  return url.toString();
}

function brandSlug(brandName: string): string {
  const slug = brandName
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'negozio';
}

/** 'Appo' → 'appo-carta-fedelta.png'; anything but letters and digits becomes a dash. */
export function loyaltyCardFileName(brandName: string): string {
  return `${brandSlug(brandName)}-carta-fedelta.png`;
}

/** The card for print: 'Appo' → 'appo-carta-fedelta-300dpi.png'. */
export function loyaltyCardPrintFileName(brandName: string): string {
  return `${brandSlug(brandName)}-carta-fedelta-300dpi.png`;
}
