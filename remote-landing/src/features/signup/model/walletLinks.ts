/**
 * Decision 042: the "add to wallet" links under the card image, from the API's answer's `wallet`, each only
 * when its link is in the answer. Free of React: the signup page's and the customer page's scripts use it.
 */
import type { SignedUpCard } from './signupAnswer';

export type WalletKind = 'apple' | 'google';

/** The official buttons' wording in Italian: a small lead line and the wallet's name. */
export const WALLET_BUTTONS: readonly { wallet: WalletKind; lead: string; brand: string }[] = [
  { wallet: 'apple', lead: 'Aggiungi ad', brand: 'Apple Wallet' },
  { wallet: 'google', lead: 'Salva in', brand: 'Google Wallet' },
];

/** Only web links: an answer carrying anything else (javascript:, data:) shows no button. */
function webLink(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The buttons to show for the card, in the order Apple, Google; [] when the answer has no wallet. */
export function walletButtons(card: Pick<SignedUpCard, 'wallet'>): { wallet: WalletKind; lead: string; brand: string; href: string }[] {
  return WALLET_BUTTONS.flatMap((button) => {
    const href = webLink(card.wallet?.[button.wallet]);
    return href ? [{ ...button, href }] : [];
  });
}
