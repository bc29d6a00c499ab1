import styled from 'styled-components';
import { TableScroll, VisuallyHidden, formatCount } from '@loyalty/shared';
import type { CampaignChannel, ChannelReach } from '../api';
import { CHANNEL_LABELS, RECIPIENTS } from '../model/campaignModel';

export const REACH_CAPTION = 'Destinatari per canale';
/** The corner header, over the rows' names. */
export const REACH_CORNER = 'Destinatari';
/** The table's rows: what a send now does with each recipient, first what it queues, then why it skips. */
export const REACH_ROWS = [
  ['queued', 'Raggiungibili con consenso'],
  ['noConsent', 'Senza consenso'],
  ['invalidContact', 'Contatto non raggiungibile'],
  ['optedOut', 'Hanno chiesto STOP'],
  ['alreadyEnqueued', 'Già raggiunti'],
  ['dailyLimit', 'Già un messaggio promozionale oggi'],
] as const satisfies readonly (readonly [keyof ChannelReach, string])[];
export const REACH_LOADING = 'Calcolo dei destinatari…';
export const REACH_UNAVAILABLE = 'Non è stato possibile calcolare i destinatari: l’invio dirà quanti messaggi ha messo in coda.';

/** «Invia a 12 destinatari»: the number the send will really queue on the chosen channel; «Invia» while it is not known or is none. */
export function sendButtonLabel(reach: ChannelReach | undefined): string {
  if (!reach || reach.queued === 0) return 'Invia';
  return `Invia a ${formatCount(reach.queued, RECIPIENTS)}`;
}

/**
 * Below this width the table scrolls in its own box: never at 360 px with three channels (the columns are the
 * channels, three at most, and the reasons wrap in the first), only with figures of many digits.
 */
const TABLE_MIN_WIDTH = '16rem';

const Reach = styled.div`
  p { margin: 0; }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  caption { text-align: left; font-weight: 600; margin-bottom: ${({ theme }) => theme.space.xs}; }
  th, td { padding: ${({ theme }) => theme.space.xs}; text-align: right; vertical-align: top; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  th:first-child { text-align: left; }
  thead th { font-weight: 600; }
  tbody th { font-weight: ${({ theme }) => theme.fontWeights.regular}; }
  td { white-space: nowrap; }
  /* The chosen channel's column. */
  .current { font-weight: 600; background: ${({ theme }) => theme.colors.primarySoft}; }
`;

/**
 * Per channel of the campaign, who a send now reaches and who it skips and why — the server's preview, made
 * with the send's own rule, so the chosen channel's first number is what «Invia a N destinatari» queues.
 * A column per channel (three at most) and a row per outcome: on a 360 px phone every figure shows, the
 * outcomes' names wrapping in the first column, where seven columns (a row per channel) scrolled sideways.
 */
export function ReachSummary({
  channels,
  offered,
  selected,
  loading,
  error,
}: {
  channels: ChannelReach[] | undefined;
  /** The campaign's channels: while the preview loads, the table already has their columns, so nothing below it moves when the figures come (a tap on a channel lands where it was aimed). */
  offered: readonly CampaignChannel[];
  selected: CampaignChannel;
  loading: boolean;
  error: boolean;
}) {
  const busy = loading && !channels;
  if (!busy && !channels) return <Reach>{error && <p>{REACH_UNAVAILABLE}</p>}</Reach>;
  const columns: { channel: CampaignChannel; reach?: ChannelReach }[] = channels?.map((reach) => ({ channel: reach.channel, reach })) ?? offered.map((channel) => ({ channel }));
  const current = (channel: CampaignChannel) => (channel === selected ? 'current' : undefined);
  return (
    <Reach>
      {busy && <VisuallyHidden role="status">{REACH_LOADING}</VisuallyHidden>}
      <TableScroll label={`Tabella dei ${REACH_CAPTION.toLowerCase()}`} minWidth={TABLE_MIN_WIDTH}>
        <Table aria-busy={busy || undefined}>
          <caption>{REACH_CAPTION}</caption>
          <thead>
            <tr>
              <th scope="col">{REACH_CORNER}</th>
              {columns.map(({ channel }) => (
                <th key={channel} scope="col" className={current(channel)} aria-current={channel === selected ? 'true' : undefined}>
                  {CHANNEL_LABELS[channel]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {REACH_ROWS.map(([figure, label]) => (
              <tr key={figure}>
                <th scope="row">{label}</th>
                {columns.map(({ channel, reach }) => (
                  <td key={channel} className={current(channel)}>
                    {reach ? formatCount(reach[figure]) : '…'}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </TableScroll>
    </Reach>
  );
}
