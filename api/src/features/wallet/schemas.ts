/** The schemas of the wallet routes for the dashboard (status, sending the links). */
import { z } from 'zod';
import { CHANNELS } from '../messaging/types';

const oneWallet = z.object({
  configured: z.boolean(),
  // Decision 042 (amended): optional, so a dashboard built before it keeps reading the answer.
  development: z
    .boolean()
    .optional()
    .describe('true se configurato con i certificati di sviluppo di `npm run wallet:dev-certs`: i telefoni non accettano quei pass'),
  missing: z.array(z.string()).describe('Le variabili d’ambiente da impostare; [] se configurato, e sempre [] per l’admin di un negozio (solo il super admin le vede)'),
});

export const walletStatusSchema = z
  .object({
    apple: oneWallet
      .extend({
        warning: z
          .string()
          .nullable()
          .describe('Un avviso sulla configurazione (in sviluppo: pass con indirizzo pubblico http, che gli iPhone non aggiornano); null se nessuno'),
      })
      .describe('Apple Wallet'),
    google: oneWallet.describe('Google Wallet'),
  })
  .describe('Quali wallet sono configurati e cosa manca')
  .meta({ id: 'WalletStatus' });

export const walletLinksResultSchema = z
  .object({
    message: z.string().describe('Cosa è successo, in italiano'),
    outcome: z
      .enum(['queued', 'skipped', 'already_sent', 'no_channel'])
      .describe(
        'queued: messaggio in coda su `channel`; skipped: il cliente ha chiesto STOP su `channel`; already_sent: una richiesta per la carta meno di un minuto fa, nessun nuovo messaggio; no_channel: nessun canale attivo raggiunge il cliente',
      ),
    channel: z.enum(CHANNELS).nullable().describe('Il canale del messaggio; null con no_channel'),
    wallets: z.array(z.enum(['apple', 'google'])).describe('I wallet dei link nel messaggio'),
    queued: z.boolean().describe('true se un messaggio con i link è in coda per il cliente (ora, o dalla richiesta di poco fa)'),
  })
  .describe('Esito dell’invio dei link wallet')
  .meta({ id: 'WalletLinksResult' });
