import { SETTINGS_ERRORS, validateSettings, withoutSeparators, type SettingsFormValues } from '../settingsValidation';

const EMPTY: SettingsFormValues = { accountSid: '', authToken: '', phoneNumber: '', messagingServiceSid: '', emailSender: '' };
const VALID: SettingsFormValues = {
  accountSid: `AC${'a1'.repeat(16)}`,
  authToken: 'f'.repeat(32),
  phoneNumber: '+39 333 123 4567',
  messagingServiceSid: `MG${'0F'.repeat(16)}`,
  emailSender: 'negozio@example.it',
};

it('accepts empty fields and well-formed values', () => {
  expect(validateSettings(EMPTY)).toEqual({});
  expect(validateSettings(VALID)).toEqual({});
  expect(withoutSeparators(' +39 (333) 123-45.67 ')).toBe('+393331234567');
});

it('rejects malformed SIDs, a short token, a phone that is not a number and a bad e-mail, with Italian messages', () => {
  expect(
    validateSettings({ accountSid: 'AC123', authToken: 'corto', phoneNumber: '333 12a4567', messagingServiceSid: `MX${'0'.repeat(32)}`, emailSender: 'negozio@' }),
  ).toEqual(SETTINGS_ERRORS);
  expect(validateSettings({ ...VALID, accountSid: `AC${'g'.repeat(32)}` })).toEqual({ accountSid: SETTINGS_ERRORS.accountSid });
  expect(validateSettings({ ...VALID, phoneNumber: '333 12' })).toEqual({ phoneNumber: SETTINGS_ERRORS.phoneNumber });
});

it('leaves a national number to the API, which reads it as Italian and saves it in E.164 (decision 024)', () => {
  expect(validateSettings({ ...VALID, phoneNumber: '333 123 4567' })).toEqual({});
  expect(validateSettings({ ...VALID, phoneNumber: '02 1234 5678' })).toEqual({});
});

it('accepts a sender with its display name, accents and apostrophe included (decision 074)', () => {
  expect(validateSettings({ ...VALID, emailSender: "Caffè dell'Università <offerte@caffe.example.it>" })).toEqual({});
  expect(validateSettings({ ...VALID, emailSender: 'Caffè <offerte@caffe.example.it' })).toEqual({ emailSender: SETTINGS_ERRORS.emailSender });
  expect(validateSettings({ ...VALID, emailSender: 'Caffè offerte@caffe.example.it' })).toEqual({ emailSender: SETTINGS_ERRORS.emailSender });
});
