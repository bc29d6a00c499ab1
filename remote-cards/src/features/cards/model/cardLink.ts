/** The add-points link a card's QR encodes: `<dashboard>/dashboard/add-points?card_id=…&user_id=…`. */
export interface CardLink {
  cardId: string;
  userId: string;
}

export const ADD_POINTS_PATH = '/dashboard/add-points';

/** The ids of a scanned or pasted card link (absolute or relative), or null when it is not one. */
export function parseCardLink(text: string): CardLink | null {
  let url: URL;
  try {
    url = new URL(text.trim(), 'https://card.invalid');
  } catch {
    return null;
  }
  if (!url.pathname.replace(/\/+$/, '').endsWith(ADD_POINTS_PATH)) return null;
  const cardId = url.searchParams.get('card_id')?.trim();
  const userId = url.searchParams.get('user_id')?.trim();
  return cardId && userId ? { cardId, userId } : null;
}

/** The in-app route of the add-points page for a card. */
export function addPointsRoute({ cardId, userId }: CardLink): string {
  return `${ADD_POINTS_PATH}?${new URLSearchParams({ card_id: cardId, user_id: userId }).toString()}`;
}
