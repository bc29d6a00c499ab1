/**
 * The bonus WhatsApp's text: the server sends it at every multiple of the bonus threshold a card
 * reaches. Same rules as the API (api/src/features/messaging/settings-schemas.ts): never empty, at most 1600
 * characters, only the placeholders below.
 */

export const BONUS_PLACEHOLDERS: Record<string, string> = {
  nome: 'nome del cliente',
  punti: 'saldo punti (es. 4.017,5)',
  negozio: 'nome dell’attività',
  traguardo: 'punti del premio raggiunto',
};

export const BONUS_TEMPLATE_MAX_LENGTH = 1600;

export const BONUS_TEMPLATE_ERRORS = {
  empty: 'Il messaggio bonus non può essere vuoto',
  tooLong: `Il messaggio bonus non può superare i ${BONUS_TEMPLATE_MAX_LENGTH} caratteri`,
} as const;

const KNOWN = Object.keys(BONUS_PLACEHOLDERS)
  .map((name) => `{${name}}`)
  .join(', ');

/** '{nome}', '{ciao}', '{}': anything in braces without spaces is meant as a placeholder. */
const PLACEHOLDER = /\{[^{}\s]*\}/g;

/** The Italian reason the text cannot be saved, or undefined. */
export function validateBonusTemplate(template: string): string | undefined {
  const text = template.trim();
  if (text === '') return BONUS_TEMPLATE_ERRORS.empty;
  if (text.length > BONUS_TEMPLATE_MAX_LENGTH) return BONUS_TEMPLATE_ERRORS.tooLong;
  const unknown = [...new Set((text.match(PLACEHOLDER) ?? []).filter((p) => !Object.hasOwn(BONUS_PLACEHOLDERS, p.slice(1, -1))))];
  if (unknown.length > 0) return `Segnaposto sconosciuto nel messaggio bonus: ${unknown.join(', ')}. Usa ${KNOWN}`;
  return undefined;
}

/** The hint under the field: what each placeholder becomes. */
export const BONUS_TEMPLATE_HINT = `Inviato in automatico a ogni premio raggiunto (multiplo della soglia bonus della pagina Carte Fedeltà). ${Object.entries(
  BONUS_PLACEHOLDERS,
)
  .map(([name, meaning]) => `{${name}}: ${meaning}`)
  .join('; ')}.`;
