/**
 * `@loyalty/shared/forms`: the form rules and the part of zod the forms use. Framework-free, and not in
 * shared's main entry, so zod reaches only the screens with a form: the remotes import this entry, which
 * the federation config shares as one singleton (tools/src/federation.ts), downloaded once.
 *
 * 3.0.0: the SMS counter (`smsLength`, `withStopFooter`, `SMS_STOP_FOOTER`) left this entry for the campaigns remote,
 * its only user: with Twilio's calculator it was 9 KB that the card list and the counter downloaded for nothing.
 */
export { z, type FormInput, type FormOutput, type FormSchema } from './zod';
export * from './messages';
export * from './rules';
export { firstErrorMessage } from './errors';
