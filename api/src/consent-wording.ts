/**
 * Decision 047: the versions of the consent texts a customer sees, recorded on every consent event
 * (`consent_events.wording_version`). Change the version here whenever the text it names changes, so the
 * evidence says which words were agreed to. Where the texts are:
 * - signup: remote-landing/src/features/signup/components/SignupForm.tsx ("Ho letto l'informativa sulla privacy
 *   (obbligatorio)", linking /privacy, remote-landing/src/features/legal/components/LegalPage.tsx) and
 *   remote-landing/src/features/signup/model/marketingChannels.ts (MARKETING_LEGEND "Desidero ricevere offerte e
 *   novità (facoltativo):" with "via WhatsApp", "via SMS", "via Email"): the one markup of the signup page;
 * - admin: the consent the customer gave at the counter (POST /users `marketing_channels`), asked with the same
 *   marketing text;
 * - STOP reply and lapse: no text was agreed to; the version names the rule that withdrew the consent.
 */
export const CONSENT_WORDING = {
  /** The privacy notice acknowledged at signup (the page /privacy). */
  servicePrivacy: 'privacy-v1',
  /** "Desidero ricevere offerte e novità (facoltativo)" per channel. */
  marketing: 'marketing-v1',
  /** A STOP (BASTA, CANCELLAMI…) reply to a message (api/src/features/messaging/webhooks.ts). */
  stopReply: 'stop-v1',
  /** A marketing e-mail's unsubscribe link or one-click List-Unsubscribe-Post (decision 074): no text was agreed to. */
  unsubscribe: 'unsubscribe-v1',
  /** The 24-month lapse of marketing consent (decision 047). */
  lapse: 'lapse-24m-v1',
  /** Rows written by migration 019 for cards made before the history existed: the text is not known. */
  migration: 'unknown',
  /**
   * Consents brought by a CSV import (decision 050): given on the shop's own form, whose text we never saw; the
   * event's `evidence` holds the file's "fonte consenso".
   */
  imported: 'unknown',
} as const;

/** How long a marketing consent lasts after the channel's last grant unless renewed (Garante, loyalty marketing data). */
export const MARKETING_CONSENT_MONTHS = 24;
