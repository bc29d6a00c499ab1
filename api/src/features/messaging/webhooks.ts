/**
 * What Twilio tells us afterwards: replies (STOP / START keywords keep `messaging_opt_outs` up to date)
 * and status callbacks (delivered, undelivered…). Both are signed with the business's auth token.
 */
// The SDK's webhook module alone: the whole SDK takes ~0.2 s to load, which every start (and every test suite)
// would pay for a function of a few lines; drivers.ts loads it when a shop first sends through Twilio.
import { validateRequest } from 'twilio/lib/webhooks/webhooks';
import { phoneOrCompact } from '../../lib/phone';

/** Replies that opt out of every message of the business (Twilio's own list plus Italian words). */
export const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'BASTA', 'CANCELLAMI', 'DISISCRIVIMI']);
/** Replies that opt back in. */
export const START_WORDS = new Set(['START', 'UNSTOP', 'YES', 'RIATTIVA']);

export type InboundAction = 'opt_out' | 'opt_in' | null;

export function inboundAction(body: string | undefined): InboundAction {
  const word = (body ?? '').trim().toUpperCase().replace(/[.!]+$/, '');
  if (STOP_WORDS.has(word)) return 'opt_out';
  if (START_WORDS.has(word)) return 'opt_in';
  return null;
}

/** 'whatsapp:+39 333…' → '+39333…'. */
/** The channel a reply came on: Twilio prefixes WhatsApp senders with 'whatsapp:'. */
export const senderChannel = (from: string): 'whatsapp' | 'sms' => (/^whatsapp:/i.test(from.trim()) ? 'whatsapp' : 'sms');

export const senderContact = (from: string) => phoneOrCompact(from.replace(/^whatsapp:/i, ''));

export function isValidTwilioSignature(authToken: string, signature: string | undefined, url: string, params: Record<string, unknown>): boolean {
  if (!signature) return false;
  try {
    return validateRequest(authToken, signature, url, params);
  } catch {
    // The library rebuilds the URL with `new URL`, which throws on a Host header no URL can hold
    // ('a b'): Twilio never signed such a request.
    return false;
  }
}

export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
