import type { ConsentEvent } from '../api';
import { CHANNEL_NAMES } from './marketingConsent';

const SOURCE_LABELS: Record<ConsentEvent['source'], string> = {
  signup: 'modulo di iscrizione',
  customer_page: 'pagina del cliente',
  stop_reply: 'risposta STOP',
  admin: 'registrato da un admin',
  import: 'importazione',
  lapse: 'scadenza dopo 24 mesi',
  migration: 'stato precedente allo storico',
  unsubscribe: 'annullamento dell’iscrizione dall’email',
};

/** The sources where the customer saw a text, so its version is part of the evidence. */
const WITH_TEXT: ReadonlySet<ConsentEvent['source']> = new Set(['signup', 'customer_page', 'admin', 'import', 'migration']);

/** 'Informativa privacy' or 'Marketing WhatsApp'. */
export function consentPurposeLabel(event: Pick<ConsentEvent, 'purpose' | 'channel'>): string {
  if (event.purpose === 'service') return 'Informativa privacy';
  return `Marketing ${event.channel ? CHANNEL_NAMES[event.channel] : ''}`.trim();
}

/** 'concesso', 'revocato' or, for a lapse, 'scaduto'. */
export function consentOutcomeLabel(event: Pick<ConsentEvent, 'granted' | 'source'>): string {
  if (event.granted) return 'concesso';
  return event.source === 'lapse' ? 'scaduto' : 'revocato';
}

/** 'modulo di iscrizione (testo v1)', 'registrato da Mario Rossi (testo v1)', 'risposta STOP'. */
export function consentSourceLabel(event: Pick<ConsentEvent, 'source' | 'wording_version' | 'actor_name'>): string {
  const source = event.source === 'admin' && event.actor_name ? `registrato da ${event.actor_name}` : SOURCE_LABELS[event.source];
  if (!WITH_TEXT.has(event.source)) return source;
  const version = /-v(\d+)$/.exec(event.wording_version)?.[1];
  const text = version ? `testo v${version}` : event.wording_version === 'unknown' ? 'testo non registrato' : `testo ${event.wording_version}`;
  return `${source} (${text})`;
}

/**
 * One line of a card's consent history, after its date: 'Marketing WhatsApp: concesso — modulo di iscrizione (testo v1)';
 * with the evidence an import brought (decision 050): '… — importazione (testo non registrato): «modulo cartaceo in negozio»'.
 */
export function consentEventText(event: ConsentEvent): string {
  const evidence = event.evidence ? `: «${event.evidence}»` : '';
  return `${consentPurposeLabel(event)}: ${consentOutcomeLabel(event)} — ${consentSourceLabel(event)}${evidence}`;
}

/**
 * An import records a consent given on a day (the file gives no time) at a later moment: its line shows the day
 * it was given and when it was recorded. Other events happen when they are recorded.
 */
export const givenOnADay = (event: Pick<ConsentEvent, 'source'>) => event.source === 'import';
