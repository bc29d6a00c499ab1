import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { formatCount } from '@loyalty/shared';
import { useGetCampaignDeliveriesQuery } from './api';

/** While messages are queued the progress is polled this often. */
export const DELIVERY_POLL_MS = 1000;

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

/**
 * Queued → sent → delivered / failed (with the provider's reasons) and skipped, refreshed while messages are
 * queued: the polling stops when none is left in the queue.
 */
export function DeliveryProgress({ campaignId, campaignName }: { campaignId: string; campaignName: string }) {
  const [pollingInterval, setPollingInterval] = useState(0);
  const { data, isError } = useGetCampaignDeliveriesQuery(campaignId, { pollingInterval });
  const inQueue = data?.queued ?? 0;
  useEffect(() => setPollingInterval(inQueue > 0 ? DELIVERY_POLL_MS : 0), [inQueue]);

  if (isError) return <Progress><p>Avanzamento degli invii non disponibile</p></Progress>;
  if (!data) return null;
  if (data.total === 0) return <Progress><p>Nessun messaggio inviato: apri la campagna per inviarne uno.</p></Progress>;
  const done = data.sent + data.failed + data.skipped;
  const label = `Avanzamento degli invii di ${campaignName}`;
  return (
    <Progress role="group" aria-label={label}>
      <progress value={done} max={data.total} aria-label={label} />
      <p>
        Inviati {formatCount(data.sent)} di {formatCount(data.total)} · Consegnati {formatCount(data.delivered)} · In coda {formatCount(data.queued)} · Non riusciti {formatCount(data.failed)} · Saltati (opt-out, senza consenso o senza contatto valido) {formatCount(data.skipped)}
      </p>
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
