import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { formatCount, heldUntilText } from '@loyalty/shared';
import { useGetCampaignDeliveriesQuery, type CampaignDeliveries } from '../api';
import { nothingSent, type DeliveryState } from '../model/campaignModel';

/** While messages are queued the progress is polled this often. */
export const DELIVERY_POLL_MS = 1000;
/** While only the provider's receipts are awaited (they come over minutes), this often. */
export const RECEIPT_POLL_MS = 5000;
/**
 * While the shop's sending window holds the queued messages for more than this (`heldUntil`, decision 100), this
 * often: a phone left open on the list all night asks once a minute, and within a minute of the window's start the
 * progress is back to every second.
 */
export const HELD_POLL_MS = 60_000;

/**
 * 1 s while messages are in the queue (once a minute while the sending window holds them for more than a minute),
 * 5 s while only receipts are awaited, no polling once nothing moves.
 */
export function deliveryPollingInterval(data: CampaignDeliveries | undefined, now: number = Date.now()): number {
  if (!data) return 0;
  if (data.queued > 0) return data.heldUntil && Date.parse(data.heldUntil) - now > HELD_POLL_MS ? HELD_POLL_MS : DELIVERY_POLL_MS;
  return data.awaitingReceipts > 0 ? RECEIPT_POLL_MS : 0;
}

export const awaitingReceiptsText = (count: number) => `In attesa delle conferme di consegna: ${formatCount(count)}`;

const Progress = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin-top: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};

  progress { width: 100%; height: 0.5rem; accent-color: ${({ theme }) => theme.colors.primary}; }
  p, ul { margin: 0; }
  ul { padding-left: ${({ theme }) => theme.space.md}; }
`;

const Summary = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

export interface DeliveryProgressProps {
  campaignId: string;
  campaignName: string;
  /**
   * The summary is a polite live region; false silences it (the list behind an open dialog, so that the
   * dialog's own progress is the one heard).
   */
  announce?: boolean;
  /**
   * What the campaigns list already says of the deliveries (queued, sent, failed; null: nothing sent). While the
   * live figures load, the progress is laid out from it (the figures it lacks as «…»), so the cards below do not
   * move when they come. Not given (the send dialog): nothing until they come.
   */
  known?: DeliveryState | null;
  /**
   * When the held queue leaves is said above already (the send dialog's answer, which the focused heading reads):
   * not said a second time under the figures.
   */
  heldSaidAbove?: boolean;
}

const NOTHING_SENT = 'Nessun messaggio inviato: apri la campagna per inviarne uno.';
/** A figure the list does not have, while the live ones load. */
const UNKNOWN = '…';

type SummaryFigures = Record<'sent' | 'total' | 'delivered' | 'queued' | 'failed' | 'skipped', string>;

/** The summary's line, from the live figures or, while they load, the list's (the others as «…»). */
const summaryLine = (f: SummaryFigures) =>
  `Inviati ${f.sent} di ${f.total} · Consegnati ${f.delivered} · In coda ${f.queued} · Non riusciti ${f.failed} · Saltati (disiscritti, senza consenso o senza contatto valido) ${f.skipped}`;

/**
 * Queued → sent → delivered / failed (with the provider's reasons) and skipped, refreshed while messages are
 * queued and, more slowly, while the provider's receipts are still expected (`awaitingReceipts`) or the sending
 * window holds the queue (`heldUntil`, said under the figures as the send dialog says it):
 * the polling stops when nothing is left to wait for. The summary is announced when it changes — React
 * leaves its text alone when a poll brings the same counts, so an unchanged tick says nothing.
 */
export function DeliveryProgress({ campaignId, campaignName, announce = true, known, heldSaidAbove = false }: DeliveryProgressProps) {
  const [pollingInterval, setPollingInterval] = useState(0);
  const { data, isError } = useGetCampaignDeliveriesQuery(campaignId, { pollingInterval });
  const next = deliveryPollingInterval(data);
  useEffect(() => setPollingInterval(next), [next]);

  if (isError && !data) return <Progress><p>Avanzamento degli invii non disponibile</p></Progress>;
  const label = `Avanzamento degli invii di ${campaignName}`;
  if (!data) {
    if (known === undefined) return null;
    if (!known || nothingSent(known)) return <Progress aria-busy="true"><p>{NOTHING_SENT}</p></Progress>;
    // Silent and busy: the live figures, when they come, are the ones announced.
    return (
      <Progress role="group" aria-label={label} aria-busy="true">
        <progress aria-label={label} />
        <Summary>
          <p>
            {summaryLine({ sent: formatCount(known.sent), total: UNKNOWN, delivered: UNKNOWN, queued: formatCount(known.pending), failed: formatCount(known.failed), skipped: UNKNOWN })}
          </p>
        </Summary>
      </Progress>
    );
  }
  if (data.total === 0) return <Progress><p>{NOTHING_SENT}</p></Progress>;
  const done = data.sent + data.failed + data.skipped;
  return (
    <Progress role="group" aria-label={label}>
      <progress value={done} max={data.total} aria-label={label} />
      <Summary aria-live={announce ? 'polite' : 'off'} aria-atomic="true">
        <p>
          {summaryLine({
            sent: formatCount(data.sent),
            total: formatCount(data.total),
            delivered: formatCount(data.delivered),
            queued: formatCount(data.queued),
            failed: formatCount(data.failed),
            skipped: formatCount(data.skipped),
          })}
        </p>
        {data.heldUntil && data.queued > 0 && !heldSaidAbove && <p>{heldUntilText(data.heldUntil, data.queued)}</p>}
        {data.awaitingReceipts > 0 && <p>{awaitingReceiptsText(data.awaitingReceipts)}</p>}
      </Summary>
      {isError && <p>Avanzamento degli invii non disponibile</p>}
      {data.failureReasons.length > 0 && (
        <ul aria-label={`Motivi dei messaggi non riusciti di ${campaignName}`}>
          {data.failureReasons.map(({ reason, count }) => (
            <li key={reason}>
              {reason}: {formatCount(count)}
            </li>
          ))}
        </ul>
      )}
    </Progress>
  );
}
