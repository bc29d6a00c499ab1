/**
 * «Messaggi inviati questo mese» (decision 086): the shop's messages per channel this month, counted by the API from
 * its message log (what a provider took — its own or the platform's account; test mode sends and counts nothing),
 * with the previous month's total beside them.
 */
import styled from 'styled-components';
import { QuerySection, formatMonth } from '@loyalty/shared';
import { useGetMessagingUsageQuery } from '../api';

export const USAGE_LOAD_ERROR = 'Impossibile caricare i messaggi inviati';

const Counts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(8rem, 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
`;

export function MessagingUsage({ businessId }: { businessId: string }) {
  const query = useGetMessagingUsageQuery(businessId);
  return (
    <QuerySection
      title="Messaggi inviati questo mese"
      titleId="messaging-usage-title"
      query={query}
      loadingLabel="Caricamento dei messaggi inviati…"
      errorMessage={USAGE_LOAD_ERROR}
    >
      {({ months: [current, previous] }) => (
        <>
          <Counts aria-label="Messaggi inviati questo mese per canale">
            {(
              [
                ['WhatsApp', current.whatsapp],
                ['SMS', current.sms],
                ['Email', current.email],
                ['Totale', current.total],
              ] as const
            ).map(([label, count]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{count}</dd>
              </div>
            ))}
          </Counts>
          {current.platform > 0 && <p>Di cui {current.platform} inviati con l’account della piattaforma.</p>}
          <p>
            {formatMonth(previous.month)}: {previous.total} {previous.total === 1 ? 'messaggio inviato' : 'messaggi inviati'}.
          </p>
        </>
      )}
    </QuerySection>
  );
}
