/**
 * The names the development wallet identities go by (dev-certs.ts makes them): the API's configuration
 * (config/wallet.ts) recognises a development wallet by them without loading the certificate maker and node-forge.
 */
export const DEV_PASS_TYPE_ID = 'pass.it.localhost.fidelity';
export const DEV_TEAM_ID = 'DEVTEAM001';
/** A made-up Google Wallet issuer id (19 digits, as Google's). */
export const DEV_GOOGLE_ISSUER_ID = '3388000000000000001';
/** The service account's address in the development JSON key. */
export const DEV_GOOGLE_CLIENT_EMAIL = 'wallet-dev@fidelity-dev.iam.gserviceaccount.com';
/** The common name of the development root CA (the issuer of the WWDR stand-in). */
export const DEV_CA_NAME = 'Fidelity Dev Root CA (solo sviluppo)';
