/**
 * Every send answer (campaign send, send-whatsapp, connection test) says what the server did, in one shape; the
 * campaign send and send-whatsapp add when their messages leave if the quiet hours hold them (decision 100).
 */
import { z } from 'zod';
import { timestampSchema } from '../../schemas/common';

export const skippedByReasonSchema = z
  .object({
    noConsent: z.number().int().describe('Nessuna carta del contatto con consenso marketing sul canale dell’invio'),
    optedOut: z.number().int().describe('Il contatto ha risposto STOP'),
    invalidContact: z.number().int().describe('Contatto non raggiungibile: mancante, non valido, o un numero fisso per SMS e WhatsApp'),
    channelDisabled: z.number().int().describe('Canale non abilitato per l’azienda (oggi risposto 400: sempre 0 qui)'),
    dailyLimit: z.number().int().describe('La carta ha già un messaggio promozionale in quel giorno (uno al giorno per carta, tra campagne e automazioni)'),
  })
  .describe('Destinatari saltati, per motivo')
  .meta({ id: 'SkippedByReason' });
export const deliveryModeSchema = z
  .enum(['test', 'live'])
  .describe("'test': il driver dell’azienda è l’outbox, nulla viene consegnato; 'live': un fornitore reale consegna");

export const sendOutcomeSchema = z
  .object({
    message: z.string().describe('Cosa è successo, in italiano: quanti messaggi sono in coda, o perché nessuno'),
    queued: z.number().int().describe('Messaggi messi in coda ora'),
    skipped: z.number().int().describe('Destinatari saltati (somma di skippedByReason)'),
    skippedByReason: skippedByReasonSchema,
    alreadyEnqueued: z.number().int().describe('Destinatari già in coda per questa campagna e canale, o stessa Idempotency-Key (non rinviati)'),
    mode: deliveryModeSchema,
  })
  .meta({ id: 'SendOutcome' });

/**
 * A send the shop's sending window can hold (a campaign's, Easy SMS's): the send answer, and when what it queued
 * leaves (decision 100). The connection test keeps `SendOutcome`: its message is a service message, never held.
 */
export const heldSendOutcomeSchema = sendOutcomeSchema
  .extend({
    heldUntil: timestampSchema
      .nullable()
      .describe(
        'Fuori dall’orario di invio dell’azienda (sendFrom–sendUntil, ora di Roma): quando partono i messaggi in coda (messi ora, ' +
          'o da un invio precedente ripetuto e ancora in attesa), cioè il prossimo inizio della finestra; null se partono subito o se nessuno attende',
      ),
  })
  .meta({ id: 'HeldSendOutcome' });
