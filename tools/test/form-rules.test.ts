/**
 * Issue 19 "forms one way": a rule the browser and the API both apply is written once in
 * `@loyalty/shared/forms` (shared/src/forms/rules.ts), and the API, which never imports frontend code,
 * keeps its own zod schemas. This test feeds the same samples to the shared rule, to the API's schema (its
 * messages made as its error handler makes them) and, for the prerendered pages, to their small
 * hand-written checks, and expects the same verdict — and the same Italian message where both have one.
 * A sample only the API can refuse (an address's exact form, a number's numbering plan) says so: there the
 * browser makes a cheap check and shows the API's answer.
 */
import type { z } from 'zod';
import * as forms from '../../shared/src/forms';
import { validationMessage } from '../../api/src/validation';
import { changePasswordBodySchema, createUserBodySchema, loginBodySchema } from '../../api/src/schemas/users';
import { cardSignupBodySchema, pointsBodySchema, qrScanBodySchema } from '../../api/src/schemas/loyalty-cards';
import { bonusThresholdBodySchema, createBusinessBodySchema, updateSettingsBodySchema } from '../../api/src/schemas/businesses';
import { campaignSendBodySchema, sendWhatsappBodySchema } from '../../api/src/routes/messaging';
import { createCampaignBodySchema } from '../../api/src/schemas/campaigns';
import { connectionTestBodySchema } from '../../api/src/schemas/messaging-settings';
import { validateSignup } from '../../remote-landing/src/features/signup/model/validateSignup';
import { loginFieldsMissing } from '../../remote-landing/src/features/login/model/loginFields';

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

describe('signup (SPEC §5): shared rule, API and the prerendered page agree', () => {
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

  const pageSamples: [Partial<typeof SIGNUP>, string][] = [
    [{}, ''],
    [{ email: ' ' }, M.signupEmailRequired],
    [{ full_name: '' }, M.signupFullNameRequired],
    [{ phone: '' }, M.signupPhoneRequired],
    [{ phone: 'abc' }, M.phoneInvalid],
    [{ phone: '12 34' }, M.phoneInvalid],
    [{ phone: '123456' }, ''],
    [{ privacy_ack: false }, M.privacyRequired],
    [{ email: '', phone: 'x' }, M.signupEmailRequired],
  ];
  it.each(pageSamples.map(([change, message]) => [JSON.stringify(change), change, message] as const))(
    "the page script's check gives the shared rule's verdict: %s",
    (_label, change, message) => {
      const values = { ...SIGNUP, ...change };
      const page = validateSignup({
        email: values.email,
        fullName: values.full_name,
        phone: values.phone,
        privacyAck: values.privacy_ack,
        marketingChannels: new Set(),
      });
      const pageMessages = Object.values(page);
      const shared = forms.signupForm.safeParse(values);
      // Every field's first message, in the form's order, on both sides.
      const sharedMessages: string[] = [];
      const seen = new Set<string>();
      for (const issue of shared.success ? [] : shared.error.issues) {
        const key = issue.path.join('.');
        if (!seen.has(key)) sharedMessages.push(issue.message);
        seen.add(key);
      }
      expect(pageMessages).toEqual(sharedMessages);
      expect(pageMessages[0] ?? '').toBe(message);
    },
  );
});

describe('login (SPEC §5)', () => {
  const samples: [string, string, boolean][] = [
    ['admin@example.it', 'Segreta2026!', true],
    ['', 'Segreta2026!', false],
    ['  ', 'Segreta2026!', false],
    ['admin@example.it', '', false],
    // SPEC §5 asks for a password that is not blank once trimmed; the API only refuses an empty one (and
    // then answers 'Credenziali non valide.' for a blank one): the browser is stricter here, by the SPEC.
    ['admin@example.it', '   ', false],
  ];
  it.each(samples)('%j / %j: the React rule and the page script agree', (email, password, ok) => {
    const shared = sharedVerdict(forms.loginForm, { email, password });
    expect(shared).toEqual(ok ? { ok: true } : { ok: false, message: 'Inserisci email e password.' });
    expect(loginFieldsMissing(email, password)).toBe(!ok);
    if (password.trim() !== '' || password === '') expect(loginBodySchema.safeParse({ email, password }).success).toBe(ok);
  });
});

describe('users (SPEC §5)', () => {
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

describe('passwords (SPEC §5, §9): at least 8 characters, spaces count', () => {
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

describe('business creation (SPEC §5): only the name is required', () => {
  const body = (change: object) => ({ name: 'Bar Centrale', ...change });
  agree('name', forms.requiredText(M.businessNameRequired), createBusinessBodySchema, (name) => body({ name }), [{ value: 'Bar' }, { value: '', refused: true }, { value: '  ', refused: true }], false);
  agree('optional phone', forms.optionalPhone, createBusinessBodySchema, (phone) => body({ phone }), [
    { value: '' },
    { value: '02 1234 5678' },
    { value: 'telefono', refused: M.phoneInvalid },
  ]);
});

describe('points (SPEC §5): what is typed, parsed as the form parses it, against the API’s number', () => {
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
  it('description: both ask for it with the SPEC message', () => {
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

describe('the shop’s colour (issue 21)', () => {
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

describe('messages (SPEC §5)', () => {
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
