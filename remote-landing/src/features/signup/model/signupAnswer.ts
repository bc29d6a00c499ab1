/**
 * The public signup call (POST /users/loyalty-cards/create) — what is sent and what comes back —
 * free of React and the store, for the signup page's script (src/exposed/public-pages/signup/signup.ts).
 */
import { stampsDescription, type ApiBody, type ApiRequestBody, type CardStamps, type FormOutput, type signupForm } from '@loyalty/shared/page-script';

/**
 * POST /users/loyalty-cards/create, with both consents stored with the card. The page always sends
 * `role: 'client'`, `privacy_ack: true` and `marketing_channels` (one consent per purpose; decision 025);
 * the old `marketing_consent` flag is not sent: an API without channels then stores no consent rather
 * than consent on every channel.
 */
export type CardSignupRequest = ApiRequestBody<'/api/users/loyalty-cards/create', 'post'>;

/** The form's values as shared's `signupForm` gives them once valid: trimmed, the privacy notice acknowledged. */
export type SignupValues = FormOutput<typeof signupForm>;

/** The request for the form's checked values, the ticked channels in the order the form read them. */
export function signupRequest(values: SignupValues, businessId: string): CardSignupRequest {
  return {
    email: values.email,
    full_name: values.full_name,
    phone: values.phone,
    role: 'client',
    business_id: businessId,
    privacy_ack: true,
    marketing_channels: values.marketing_channels,
  };
}

export type CardSignupResponse = ApiBody<'/api/users/loyalty-cards/create', 'post'>;

/**
 * The e-mail already has a card here but the phone is not the card's (or the e-mail cannot hold a client
 * card): no card to show; the shop sent it again to the contacts it has. `message` is the Italian sentence to show.
 */
export type SignupResentAnswer = Extract<CardSignupResponse, { status: 'resent' }>;
/** A new card, or the existing one when the e-mail and phone given are the card's: the page draws it. */
export type SignedUpCard = Exclude<CardSignupResponse, SignupResentAnswer>;

export const isResent = (answer: CardSignupResponse): answer is SignupResentAnswer => 'status' in answer && answer.status === 'resent';

/**
 * Decision 039: in stamp mode, when the shop has a reward the card does not cover yet, the card
 * image shows the stamps collected out of that reward's cost; otherwise (points, no next reward, or an API
 * that does not say) nothing, and the card is drawn as before.
 */
export function cardStamps(card: SignedUpCard): CardStamps | undefined {
  if (card.loyalty_mode !== 'stamps' || card.next_reward_cost == null) return undefined;
  return { collected: card.points ?? 0, cost: card.next_reward_cost };
}

/** The card image's accessible name, with the stamps it shows ('…, 3 timbri su 10'). */
export function cardImageLabel(brandName: string, card: SignedUpCard): string {
  const stamps = stampsDescription(cardStamps(card));
  return `Carta fedeltà ${brandName} di ${card.business_name} con codice QR${stamps ? `: ${stamps}` : ''}`;
}

/** What the card collects, as the page says it: 'timbri' in stamp mode, else 'punti'. */
export const collectedWord = (card: SignedUpCard): 'timbri' | 'punti' => (card.loyalty_mode === 'stamps' ? 'timbri' : 'punti');
