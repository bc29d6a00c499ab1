/**
 * Forms one way (docs/decisions/034-forms-one-way.md): a rule the browser and the API both apply is
 * written once in `@loyalty/shared/forms` (shared/src/forms/rules.ts), and the API, which never imports
 * frontend code, keeps its own zod schemas. This test feeds the same samples to the shared rule, to the API's schema (its
 * messages made as its error handler makes them) and, for the public pages, to their scripts' check (the
 * same schemas, through `@loyalty/shared/page-script`), and expects the same verdict — and the same Italian
 * message where both have one.
 * A sample only the API can refuse (an address's exact form, a number's numbering plan) says so: there the
 * browser makes a cheap check and shows the API's answer.
 */
import type { z } from 'zod';
import * as forms from '../../shared/src/forms';
import { validationMessage } from '../../api/src/validation';
import { changePasswordBodySchema, createUserBodySchema, loginBodySchema } from '../../api/src/features/users/schemas';
import { cardSignupBodySchema, pointsBodySchema, qrScanBodySchema } from '../../api/src/features/cards/schemas';
import { bonusThresholdBodySchema, createBusinessBodySchema, updateSettingsBodySchema } from '../../api/src/features/businesses/schemas';
import { campaignSendBodySchema, sendWhatsappBodySchema } from '../../api/src/features/messaging/sending-routes';
import { createCampaignBodySchema } from '../../api/src/features/campaigns/schemas';
import { connectionTestBodySchema } from '../../api/src/features/messaging/settings-schemas';
import * as pageScript from '../../shared/src/pageScript';
import { checkForm } from '../../remote-landing/src/exposed/public-pages/form';

type Verdict = { ok: true } | { ok: false; message: string };

interface ParseResult {
  success: boolean;
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
}
interface Parses {
  safeParse(value: unknown): ParseResult;
}

/** The API's verdict on a body, its message as the error handler writes it (`Campo "email" è obbligatorio`). */
function apiVerdict(schema: z.ZodType, body: unknown): Verdict {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true };
  const issues = result.error.issues.map((issue) => ({ instancePath: issue.path.map((p) => `/${String(p)}`).join(''), message: issue.message }));
  return { ok: false, message: validationMessage(issues) };
}

/** The shared rule's verdict, its message the first one, as react-hook-form shows it. */
function sharedVerdict(rule: Parses, value: unknown): Verdict {
  const result = rule.safeParse(value);
  return result.success ? { ok: true } : { ok: false, message: result.error!.issues[0].message };
}

interface Sample {
  value: string;
  /** Both refuse it, with this message on both sides when given. */
  refused?: string | true;
  /** Only the API can tell: the browser accepts it and shows the API's answer. */
  apiOnly?: string;
}

/** Runs every sample through the shared rule and the API's schema (the field in an otherwise valid body). */
function agree(name: string, rule: Parses, api: z.ZodType, body: (value: string) => unknown, samples: Sample[], sameMessage = true) {
  describe(name, () => {
    it.each(samples.map((s) => [JSON.stringify(s.value), s] as const))('%s', (_label, sample) => {
      const client = sharedVerdict(rule, sample.value);
      const server = apiVerdict(api, body(sample.value));
      if (sample.apiOnly) {
        expect(client).toEqual({ ok: true });
        expect(server).toEqual({ ok: false, message: sample.apiOnly });
        return;
      }
      expect(client.ok).toBe(!sample.refused);
      expect(server.ok).toBe(!sample.refused);
      if (typeof sample.refused === 'string') {
        expect(client).toEqual({ ok: false, message: sample.refused });
        if (sameMessage) expect(server).toEqual({ ok: false, message: sample.refused });
      }
    });
  });
}

const M = forms.FORM_MESSAGES;
const SIGNUP = { email: 'giulia@example.it', full_name: 'Giulia Rossi', phone: '+39 333 1234567', privacy_ack: true, marketing_channels: [] as string[] };

describe('signup: shared rule, API and the signup page agree', () => {
  const field = (key: keyof typeof SIGNUP) => forms.signupForm.shape[key] as unknown as Parses;
  const body = (key: keyof typeof SIGNUP) => (value: string) => ({ ...SIGNUP, [key]: value, business_id: 'b1' });
  agree('email', field('email'), cardSignupBodySchema, body('email'), [
    { value: 'giulia@example.it' },
    { value: '  Giulia@Example.it ' },
    { value: '', refused: M.signupEmailRequired },
    { value: '   ', refused: M.signupEmailRequired },
    { value: 'non-una-email', apiOnly: 'Campo "email" non valido' },
  ]);
  agree('full name', field('full_name'), cardSignupBodySchema, body('full_name'), [
    { value: 'Giulia Rossi' },
    { value: '', refused: M.signupFullNameRequired },
    { value: '  \t ', refused: M.signupFullNameRequired },
  ]);
  agree('phone', field('phone'), cardSignupBodySchema, body('phone'), [
    { value: '+39 333 1234567' },
    { value: '333 123 4567' },
    { value: '(02) 1234-5678' },
    { value: '', refused: M.signupPhoneRequired },
    { value: '  ', refused: M.signupPhoneRequired },
    { value: 'abc', refused: forms.FORM_MESSAGES.phoneInvalid },
    { value: '12345', refused: forms.FORM_MESSAGES.phoneInvalid },
    { value: '333-ABC-4567', refused: forms.FORM_MESSAGES.phoneInvalid },
    // Shaped like a number: only libphonenumber on the server knows it is none (decision 024).
    { value: '123456', apiOnly: forms.FORM_MESSAGES.phoneInvalid },
  ]);

  it('privacy: both refuse a form without the acknowledgement, with the same words', () => {
    expect(sharedVerdict(forms.signupForm, { ...SIGNUP, privacy_ack: false })).toEqual({ ok: false, message: M.privacyRequired });
    expect(apiVerdict(cardSignupBodySchema, { ...SIGNUP, privacy_ack: false, business_id: 'b1' })).toEqual({ ok: false, message: M.privacyRequired });
    expect(sharedVerdict(forms.signupForm, { ...SIGNUP, marketing_channels: ['whatsapp', 'email'] })).toEqual({ ok: true });
  });

  it('the signup page runs this very rule: one copy of the checks', () => {
    expect(pageScript.signupForm).toBe(forms.signupForm);
  });

  const pageSamples: [Partial<typeof SIGNUP>, Record<string, string>][] = [
    [{}, {}],
    [{ email: ' ' }, { email: M.signupEmailRequired }],
    [{ full_name: '' }, { full_name: M.signupFullNameRequired }],
    [{ phone: '' }, { phone: M.signupPhoneRequired }],
    [{ phone: 'abc' }, { phone: M.phoneInvalid }],
    [{ phone: '12 34' }, { phone: M.phoneInvalid }],
    [{ phone: '123456' }, {}],
    [{ privacy_ack: false }, { privacy_ack: M.privacyRequired }],
    [{ email: '', phone: 'x' }, { email: M.signupEmailRequired, phone: M.phoneInvalid }],
    [{ email: '', full_name: ' ', phone: '', privacy_ack: false }, { email: M.signupEmailRequired, full_name: M.signupFullNameRequired, phone: M.signupPhoneRequired, privacy_ack: M.privacyRequired }],
  ];
  it.each(pageSamples.map(([change, errors]) => [JSON.stringify(change), change, errors] as const))(
    "the page script's check gives each field's first message under that field: %s",
    (_label, change, errors) => {
      const verdict = checkForm(pageScript.signupForm, { ...SIGNUP, ...change });
      expect(verdict.ok ? {} : verdict.errors).toEqual(errors);
      // What the page sends once valid is what the API is sent: trimmed.
      if (verdict.ok) expect(verdict.values).toEqual(expect.objectContaining({ email: SIGNUP.email, full_name: SIGNUP.full_name }));
    },
  );
});

describe('login', () => {
  const samples: [string, string, boolean][] = [
    ['admin@example.it', 'Segreta2026!', true],
    ['', 'Segreta2026!', false],
    ['  ', 'Segreta2026!', false],
    ['admin@example.it', '', false],
    // The login form asks for a password that is not blank once trimmed; the API only refuses an empty one
    // (and then answers 'Credenziali non valide.' for a blank one): the browser is stricter here, on purpose.
    ['admin@example.it', '   ', false],
  ];
  it.each(samples)('%j / %j: the shared rule, which the login page runs, and the API agree', (email, password, ok) => {
    expect(pageScript.loginForm).toBe(forms.loginForm);
    const shared = sharedVerdict(forms.loginForm, { email, password });
    expect(shared).toEqual(ok ? { ok: true } : { ok: false, message: 'Inserisci email e password.' });
    expect(checkForm(pageScript.loginForm, { email, password }).ok).toBe(ok);
    if (password.trim() !== '' || password === '') expect(loginBodySchema.safeParse({ email, password }).success).toBe(ok);
  });
});

describe('users', () => {
  const body = (change: object) => ({ email: 'nuovo@example.it', full_name: 'Nuovo Utente', role: 'client', business_id: 'b1', ...change });
  agree('email', forms.requiredEmail(M.emailAndNameRequired), createUserBodySchema, (email) => body({ email }), [
    { value: 'nuovo@example.it' },
    { value: '', refused: M.emailAndNameRequired },
    { value: '   ', refused: M.emailAndNameRequired },
    { value: 'nuovo', apiOnly: 'Campo "email" non valido' },
  ]);
  agree('full name', forms.requiredText(M.emailAndNameRequired), createUserBodySchema, (full_name) => body({ full_name }), [
    { value: 'Anna' },
    { value: '', refused: M.emailAndNameRequired },
    { value: ' ', refused: M.emailAndNameRequired },
  ]);
  agree('optional phone', forms.optionalPhone, createUserBodySchema, (phone) => body({ phone }), [
    { value: '' },
    { value: '   ' },
    { value: '+39 333 1234567' },
    { value: 'abc', refused: M.phoneInvalid },
    { value: '123456', apiOnly: M.phoneInvalid },
  ]);
});

describe('passwords: at least 8 characters, spaces count', () => {
  agree(
    'new password',
    forms.newPassword(M.newPasswordTooShort),
    changePasswordBodySchema,
    (newPassword) => ({ currentPassword: 'Attuale2026!', newPassword }),
    [{ value: '12345678' }, { value: '        ' }, { value: 'Cambiata2026!' }, { value: '1234567', refused: M.newPasswordTooShort }, { value: '', refused: true }],
    false,
  );
  it('the too-short message is the API’s, word for word', () => {
    expect(apiVerdict(changePasswordBodySchema, { currentPassword: 'x', newPassword: 'corta' })).toEqual({ ok: false, message: M.newPasswordTooShort });
  });
});

describe('business creation: only the name is required', () => {
  const body = (change: object) => ({ name: 'Bar Centrale', ...change });
  agree('name', forms.requiredText(M.businessNameRequired), createBusinessBodySchema, (name) => body({ name }), [{ value: 'Bar' }, { value: '', refused: true }, { value: '  ', refused: true }], false);
  agree('optional phone', forms.optionalPhone, createBusinessBodySchema, (phone) => body({ phone }), [
    { value: '' },
    { value: '02 1234 5678' },
    { value: 'telefono', refused: M.phoneInvalid },
  ]);
});

describe('points: what is typed, parsed as the form parses it, against the API’s number', () => {
  /** The API receives what the form sends: the parsed number, or the text when the form could not read it. */
  const sent = (value: string) => forms.parsePointsInput(value) ?? (value.trim() === '' ? undefined : value);
  agree('points change', forms.pointsChange, pointsBodySchema, (value) => ({ points: sent(value), description: 'Spesa' }), [
    { value: '10' },
    { value: '12,5' },
    { value: '-10' },
    { value: '0.01' },
    { value: '1000000' },
    { value: '-1000000' },
    { value: '', refused: M.pointsAndDescriptionRequired },
    { value: '0', refused: M.pointsNotZero },
    { value: '-0', refused: M.pointsNotZero },
    { value: '1000000.5', refused: M.pointsPerOperation },
    { value: '1.005', refused: M.pointsDecimals },
    { value: 'dieci', refused: true },
  ]);
  it('description: both ask for it with the same verbatim message', () => {
    expect(sharedVerdict(forms.requiredText(M.pointsAndDescriptionRequired), '  ')).toEqual({ ok: false, message: M.pointsAndDescriptionRequired });
    expect(apiVerdict(pointsBodySchema, { points: 5, description: '  ' })).toEqual({ ok: false, message: M.pointsAndDescriptionRequired });
  });
  agree(
    'QR points',
    forms.qrPoints,
    qrScanBodySchema,
    (value) => ({ card_id: 'c', user_id: 'u', points: sent(value) }),
    [
      { value: '1' },
      { value: '50' },
      { value: '2.5' },
      { value: '1000000' },
      { value: '0', refused: true },
      { value: '0.99', refused: true },
      { value: '-5', refused: true },
      { value: '', refused: true },
      { value: '1000001', refused: M.pointsPerOperation },
      { value: '1.234', refused: M.pointsDecimals },
    ],
    false,
  );
  agree(
    'bonus threshold',
    forms.bonusThreshold,
    bonusThresholdBodySchema,
    (value) => ({ threshold: /^\s*\d+\s*$/.test(value) ? Number(value) : value }),
    [
      { value: '1' },
      { value: '1000' },
      { value: ' 250 ' },
      { value: '1000000000' },
      { value: '0', refused: true },
      { value: '1.5', refused: true },
      { value: '-3', refused: true },
      { value: 'mille', refused: true },
      { value: '1000000001', refused: true },
    ],
    false,
  );
});

describe('the shop’s colour', () => {
  agree('brand colour', forms.brandColor, updateSettingsBodySchema, (value) => ({ brand_color: value }), [
    { value: '#1e3a8a' },
    { value: '#F5E6C8' },
    { value: ' #00ff00 ' },
    { value: '' },
    { value: 'rosso', refused: M.brandColorInvalid },
    { value: '#12345', refused: M.brandColorInvalid },
    { value: '#1234567', refused: M.brandColorInvalid },
    { value: '#gggggg', refused: M.brandColorInvalid },
    { value: '1e3a8a', refused: M.brandColorInvalid },
  ]);
});

describe('messages', () => {
  const long = (n: number) => 'x'.repeat(n);
  agree('campaign message: 1–160 once trimmed', forms.campaignMessage, campaignSendBodySchema, (message) => ({ service: 'sms', message }), [
    { value: 'Sconto del 10%' },
    { value: long(160) },
    { value: `  ${long(160)}  ` },
    { value: '', refused: true },
    { value: '   ', refused: true },
    { value: long(161), refused: true },
  ], false);
  agree('WhatsApp message: 1–1600 once trimmed', forms.whatsappMessage, sendWhatsappBodySchema, (message) => ({ message }), [
    { value: 'Ciao!' },
    { value: long(1600) },
    { value: '', refused: true },
    { value: ' \n ', refused: true },
    { value: long(1601), refused: M.whatsappMessageTooLong },
  ]);
  agree('campaign name', forms.requiredText(M.campaignNameRequired), createCampaignBodySchema, (name) => ({ businessId: 'b1', name }), [
    { value: 'Saldi' },
    { value: '', refused: true },
    { value: '  ', refused: true },
  ], false);
  agree('connection test recipient', forms.requiredText(M.testRecipientRequired), connectionTestBodySchema, (testRecipient) => ({ businessId: 'b1', service: 'sms', testRecipient }), [
    { value: '+393331234567' },
    { value: '', refused: true },
    { value: '   ', refused: true },
  ], false);
});
