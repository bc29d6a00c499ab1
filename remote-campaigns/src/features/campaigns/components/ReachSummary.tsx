import styled from 'styled-components';
import { TableHead, VisuallyHidden, formatCount } from '@loyalty/shared';
import type { CampaignChannel, ChannelReach } from '../api';
import { CHANNEL_LABELS, RECIPIENTS } from '../model/campaignModel';

export const REACH_CAPTION = 'Destinatari per canale';
export const REACH_COLUMNS = ['Canale', 'Raggiungibili con consenso', 'Senza consenso', 'Contatto non raggiungibile', 'Hanno chiesto STOP', 'Già raggiunti', 'Già un messaggio promozionale oggi'] as const;
export const REACH_LOADING = 'Calcolo dei destinatari…';
export const REACH_UNAVAILABLE = 'Non è stato possibile calcolare i destinatari: l’invio dirà quanti messaggi ha messo in coda.';

/** «Invia a 12 destinatari»: the number the send will really queue on the chosen channel; «Invia» while it is not known or is none. */
export function sendButtonLabel(reach: ChannelReach | undefined): string {
  if (!reach || reach.queued === 0) return 'Invia';
  return `Invia a ${formatCount(reach.queued, RECIPIENTS)}`;
}

const Wrapper = styled.div`
  overflow-x: auto;

  table { border-collapse: collapse; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  caption { text-align: left; font-weight: 600; margin-bottom: ${({ theme }) => theme.space.xs}; }
  th, td { padding: ${({ theme }) => theme.space.xs}; text-align: right; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  th:first-child, td:first-child { text-align: left; }
  tr[aria-current='true'] { font-weight: 600; }
  p { margin: 0; }
`;

/**
 * Per channel of the campaign, who a send now reaches and who it skips and why — the server's preview, made
 * with the send's own rule, so the chosen channel's first number is what «Invia a N destinatari» queues.
 */
/** The figures of a channel's row, in REACH_COLUMNS' order after the channel. */
const FIGURES = ['queued', 'noConsent', 'invalidContact', 'optedOut', 'alreadyEnqueued', 'dailyLimit'] as const;

export function ReachSummary({
  channels,
  offered,
  selected,
  loading,
  error,
}: {
  channels: ChannelReach[] | undefined;
  /** The campaign's channels: while the preview loads, the table already has their rows, so nothing below it moves when the figures come (a tap on a channel lands where it was aimed). */
  offered: readonly CampaignChannel[];
  selected: CampaignChannel;
  loading: boolean;
  error: boolean;
}) {
  const busy = loading && !channels;
  if (!busy && !channels) return <Wrapper>{error && <p>{REACH_UNAVAILABLE}</p>}</Wrapper>;
  const rows: { channel: CampaignChannel; reach?: ChannelReach }[] = channels?.map((reach) => ({ channel: reach.channel, reach })) ?? offered.map((channel) => ({ channel }));
  return (
    <Wrapper>
      {busy && <VisuallyHidden role="status">{REACH_LOADING}</VisuallyHidden>}
      <table aria-busy={busy || undefined}>
        <caption>{REACH_CAPTION}</caption>
        <TableHead columns={REACH_COLUMNS} />
        <tbody>
          {rows.map(({ channel, reach }) => (
            <tr key={channel} aria-current={channel === selected ? 'true' : undefined}>
              <th scope="row">{CHANNEL_LABELS[channel]}</th>
              {FIGURES.map((figure) => (
                <td key={figure}>{reach ? formatCount(reach[figure]) : '…'}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Wrapper>
  );
}
