/** The wallets' Italian messages (kept beside the wallet code; see also src/messages.ts). */
import type { Channel } from '../messaging/types';

const BY_CHANNEL: Record<Channel, string> = { whatsapp: 'via WhatsApp', sms: 'via SMS', email: 'via email' };

/** The wallets a message offers, in words: 'Apple Wallet', 'Google Wallet' or both. */
const walletNames = (links: { apple?: string | null; google?: string | null }) =>
  [links.apple ? 'Apple Wallet' : null, links.google ? 'Google Wallet' : null].filter(Boolean).join(' e ');

export const WALLET_MESSAGES = {
  appleNotConfigured: 'Apple Wallet non è configurato',
  passNotFound: 'Pass non trovato: il link non è valido',
  googleNotConfigured: 'Google Wallet non è configurato',
  saveLinkNotFound: 'Carta non trovata: il link Google Wallet non è valido',
  logoNotFound: 'Logo non trovato: il colore deve essere di 6 cifre esadecimali minuscole (es. 1e3a8a.png)',
  logoColorUnknown: 'Logo non trovato: nessun negozio usa questo colore',
  notAuthorised: 'Richiesta non autorizzata per questo pass',
  noWalletConfigured: 'Nessun wallet è configurato: imposta Apple Wallet o Google Wallet (Impostazioni App → Wallet)',
  brandColorInvalid: 'Il colore del negozio deve essere nel formato #rrggbb (es. #1e3a8a)',
  /** The customer's message: a greeting, then one line per configured wallet. */
  linksText: (customerName: string, businessName: string, links: { apple?: string | null; google?: string | null }) =>
    [
      `Ciao ${customerName.split(/\s+/)[0] || customerName}, salva la tua carta fedeltà ${businessName} nel telefono:`,
      ...(links.apple ? [`Apple Wallet: ${links.apple}`] : []),
      ...(links.google ? [`Google Wallet: ${links.google}`] : []),
      'Il saldo si aggiorna da solo.',
    ].join('\n'),
  linksQueued: (links: { apple?: string | null; google?: string | null }, channel: Channel) =>
    `Link ${walletNames(links)} in coda: il cliente li riceverà ${BY_CHANNEL[channel]}.`,
  linksOptedOut: (channel: Channel) =>
    `Link wallet non inviati: il cliente ha chiesto di non ricevere messaggi ${BY_CHANNEL[channel]} (STOP).`,
  linksNoChannel:
    'Link wallet non inviati: nessun canale raggiunge il cliente (WhatsApp, SMS ed email non sono attivi per il negozio o la carta non ha un contatto valido).',
  linksAlreadySent: (channel: Channel, skipped: boolean) =>
    skipped
      ? `Richiesta già fatta meno di un minuto fa: il cliente ha chiesto di non ricevere messaggi ${BY_CHANNEL[channel]} (STOP). Nessun nuovo messaggio.`
      : `Link wallet già in coda ${BY_CHANNEL[channel]} da meno di un minuto: nessun nuovo messaggio.`,
} as const;
