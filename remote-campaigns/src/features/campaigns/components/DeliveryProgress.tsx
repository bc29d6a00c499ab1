import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { formatCount } from '@loyalty/shared';
import { useGetCampaignDeliveriesQuery, type CampaignDeliveries } from '../api';

/** While messages are queued the progress is polled this often. */
export const DELIVERY_POLL_MS = 1000;
/** While only the provider's receipts are awaited (they come over minutes), this often. */
export const RECEIPT_POLL_MS = 5000;

/** 1 s while messages are in the queue, 5 s while only receipts are awaited, no polling once nothing moves. */
export function deliveryPollingInterval(data: CampaignDeliveries | undefined): number {
  if (!data) return 0;
  if (data.queued > 0) return DELIVERY_POLL_MS;
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
}

/**
 * Queued → sent → delivered / failed (with the provider's reasons) and skipped, refreshed while messages are
 * queued and, more slowly, while the provider's receipts are still expected (`awaitingReceipts`):
 * the polling stops when nothing is left to wait for. The summary is announced when it changes — React
 * leaves its text alone when a poll brings the same counts, so an unchanged tick says nothing.
 */
export function DeliveryProgress({ campaignId, campaignName, announce = true }: DeliveryProgressProps) {
  const [pollingInterval, setPollingInterval] = useState(0);
  const { data, isError } = useGetCampaignDeliveriesQuery(campaignId, { pollingInterval });
  const next = deliveryPollingInterval(data);
  useEffect(() => setPollingInterval(next), [next]);

  if (isError && !data) return <Progress><p>Avanzamento degli invii non disponibile</p></Progress>;
  if (!data) return null;
  if (data.total === 0) return <Progress><p>Nessun messaggio inviato: apri la campagna per inviarne uno.</p></Progress>;
  const done = data.sent + data.failed + data.skipped;
  const label = `Avanzamento degli invii di ${campaignName}`;
  return (
    <Progress role="group" aria-label={label}>
      <progress value={done} max={data.total} aria-label={label} />
      <Summary aria-live={announce ? 'polite' : 'off'} aria-atomic="true">
        <p>
          Inviati {formatCount(data.sent)} di {formatCount(data.total)} · Consegnati {formatCount(data.delivered)} · In coda {formatCount(data.queued)} · Non riusciti {formatCount(data.failed)} · Saltati (opt-out, senza consenso o senza contatto valido) {formatCount(data.skipped)}
        </p>
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
