/**
 * E-mail as mail clients expect (decision 074): the subject, the From with the shop's name, a text part
 * and a small HTML part (the shop's name and colour, the message, the footer), and — in a marketing e-mail — the
 * visible unsubscribe link and the RFC 8058 one-click headers. The HTML is our own template of a few lines with
 * every value escaped, not a framework (mjml would add ~10 MB of dependencies for one box with a heading).
 */
import addressparser from 'nodemailer/lib/addressparser';

/** The visible opt-out of every marketing e-mail (decision 074's wording). */
export const UNSUBSCRIBE_PROMPT = 'Non vuoi più ricevere queste email?';
export const UNSUBSCRIBE_LINK_TEXT = "Annulla l'iscrizione";

/** The subject of a service message, by the prefix of its idempotency key (enqueue.ts callers). */
const SERVICE_SUBJECTS: readonly [RegExp, (shop: string) => string][] = [
  [/^customer-link:/, (shop) => `Il tuo link per la carta fedeltà – ${shop}`],
  [/^card:[^:]+:welcome$/, (shop) => `Benvenuto da ${shop}`],
  [/^card:[^:]+:resend:/, (shop) => `La tua carta fedeltà – ${shop}`],
  [/^wallet-links:/, (shop) => `La tua carta fedeltà nel portafoglio del telefono – ${shop}`],
  [/^expiry-reminder:/, (shop) => `I tuoi punti stanno per scadere – ${shop}`],
  [/^birthday:/, (shop) => `Buon compleanno da ${shop}`],
  [/^win-back:/, (shop) => `Ci manchi! – ${shop}`],
  [/^redeem:/, (shop) => `Il tuo premio – ${shop}`],
  [/^customer-erase:/, (shop) => `Cancellazione dei tuoi dati – ${shop}`],
];

/**
 * Marketing sent by an automation (decision 080), told by its idempotency key: like a campaign's, its e-mail
 * carries the one-click opt-out.
 */
export const isAutomationMarketing = (idempotencyKey: string) => idempotencyKey.startsWith('win-back:');

/** A service message's subject: fitting its kind, else «Messaggio da {negozio}». */
export function serviceSubject(idempotencyKey: string, shop: string): string {
  const found = SERVICE_SUBJECTS.find(([pattern]) => pattern.test(idempotencyKey));
  return found ? found[1](shop) : `Messaggio da ${shop}`;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/** The shop's colour when it is one (#rrggbb, migration 015), else the platform's. */
const DEFAULT_COLOR = '#1d4ed8';
const colorOf = (color: string | null | undefined) => (color && /^#[0-9a-f]{6}$/i.test(color) ? color : DEFAULT_COLOR);

export interface EmailContent {
  shopName: string;
  brandColor?: string | null;
  body: string;
  /** A marketing e-mail's one-click unsubscribe page; absent for a service message. */
  unsubscribeUrl?: string | null;
}

/** The text and HTML parts: the same words, the HTML with the shop's name on its colour and the body's lines kept. */
export function renderEmail({ shopName, brandColor, body, unsubscribeUrl }: EmailContent): { text: string; html: string } {
  const footer = `${shopName} · messaggio inviato con la carta fedeltà`;
  const text = [body, '', '--', footer, ...(unsubscribeUrl ? [`${UNSUBSCRIBE_PROMPT} ${UNSUBSCRIBE_LINK_TEXT}: ${unsubscribeUrl}`] : [])].join('\n');
  const color = colorOf(brandColor);
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const unsubscribe = unsubscribeUrl
    ? `<p style="margin:8px 0 0">${escapeHtml(UNSUBSCRIBE_PROMPT)} <a href="${escapeHtml(unsubscribeUrl)}" style="color:#374151">${escapeHtml(UNSUBSCRIBE_LINK_TEXT)}</a></p>`
    : '';
  const html =
    `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(shopName)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">` +
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;overflow:hidden">` +
    `<h1 style="margin:0;padding:16px 24px;background:${color};color:#ffffff;font-size:20px">${escapeHtml(shopName)}</h1>` +
    `<div style="padding:24px;font-size:16px;line-height:1.5">${paragraphs}</div>` +
    `<div style="padding:16px 24px;border-top:1px solid #e5e7eb;font-size:12px;color:#4b5563"><p style="margin:0">${escapeHtml(footer)}</p>${unsubscribe}</div>` +
    `</div></body></html>`;
  return { text, html };
}

/**
 * A configured sender, `offerte@x.it` or `Caffè dell'Università <offerte@x.it>`, as its display name (null when
 * none) and its address, lower-case; null when it is not one address.
 */
export function parseSender(value: string): { name: string | null; address: string } | null {
  const parsed = addressparser(value.trim(), { flatten: true });
  if (parsed.length !== 1 || !parsed[0].address || !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(parsed[0].address)) return null;
  const name = parsed[0].name.trim();
  return { name: name || null, address: parsed[0].address.toLowerCase() };
}

/** A sender as stored: the display name kept as typed, the address lower-case. */
export function formatSender(sender: { name: string | null; address: string }): string {
  return sender.name ? `${sender.name} <${sender.address}>` : sender.address;
}
