// The framework-free subpath: the prerendered page's script imports this module too
// (src/exposed/page-scripts/signup.ts), so these checks stay hand-written (no zod); the React form uses
// shared's `signupForm` rule, and tools/test/form-rules.test.ts proves both give the same verdicts and messages.
import { FORM_MESSAGES, looksLikePhone } from '@loyalty/shared/page-script';

/** SPEC §5 public card signup: required fields, with the spec's messages verbatim (shared's form messages). */
export const SIGNUP_MESSAGES = {
  emailRequired: FORM_MESSAGES.signupEmailRequired,
  fullNameRequired: FORM_MESSAGES.signupFullNameRequired,
  phoneRequired: FORM_MESSAGES.signupPhoneRequired,
  // Issue 17: the API's answer too (it checks the number exactly); here only a quick look at its shape.
  phoneInvalid: FORM_MESSAGES.phoneInvalid,
  // Same wording as the API's refusal.
  privacyRequired: FORM_MESSAGES.privacyRequired,
} as const;

/**
 * The channels a customer may agree to receive offers on, in the order the form shows them (decision 025).
 * "via Email", not "Email": the e-mail field already has that name.
 */
export const MARKETING_CHANNELS = [
  { channel: 'whatsapp', label: 'via WhatsApp' },
  { channel: 'sms', label: 'via SMS' },
  { channel: 'email', label: 'via Email' },
] as const;

export const MARKETING_LEGEND = 'Desidero ricevere offerte e novità (facoltativo):';
export type MarketingChannel = (typeof MARKETING_CHANNELS)[number]['channel'];

export interface SignupValues {
  email: string;
  fullName: string;
  phone: string;
  privacyAck: boolean;
  /** Ticked one by one, none by default: consent is opt-in. */
  marketingChannels: ReadonlySet<MarketingChannel>;
}

/** What the API is sent: the ticked channels in the form's order. */
export const chosenChannels = (values: Pick<SignupValues, 'marketingChannels'>): MarketingChannel[] =>
  MARKETING_CHANNELS.map((c) => c.channel).filter((channel) => values.marketingChannels.has(channel));

export type SignupErrors = Partial<Record<'email' | 'fullName' | 'phone' | 'privacyAck', string>>;

/** The form control (by name) of each validated value, in the form's order. */
export const SIGNUP_FIELD_NAMES: Record<keyof SignupErrors, string> = {
  email: 'email',
  fullName: 'full_name',
  phone: 'phone',
  privacyAck: 'privacy_ack',
};

export function validateSignup(values: SignupValues): SignupErrors {
  const errors: SignupErrors = {};
  if (!values.email.trim()) errors.email = SIGNUP_MESSAGES.emailRequired;
  if (!values.fullName.trim()) errors.fullName = SIGNUP_MESSAGES.fullNameRequired;
  if (!values.phone.trim()) errors.phone = SIGNUP_MESSAGES.phoneRequired;
  else if (!looksLikePhone(values.phone)) errors.phone = SIGNUP_MESSAGES.phoneInvalid;
  if (!values.privacyAck) errors.privacyAck = SIGNUP_MESSAGES.privacyRequired;
  return errors;
}
