/** Issue 21: the wallets' Italian messages (kept beside the wallet code; see also src/messages.ts). */
export const WALLET_MESSAGES = {
  appleNotConfigured: 'Apple Wallet non è configurato',
  passNotFound: 'Pass non trovato: il link non è valido',
  notAuthorised: 'Richiesta non autorizzata per questo pass',
} as const;
