import styled from 'styled-components';
import { Modal, QueryState, errorMessage, formatDateTime, type LoyaltyCard } from '@loyalty/shared';
import { useGetCardConsentsQuery } from '../api';
import { consentEventText } from '../model/consentEvent';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  li { padding: ${({ theme }) => theme.space.xs} 0; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  time { font-variant-numeric: tabular-nums; }
`;

function ConsentList({ cardId }: { cardId: string }) {
  const query = useGetCardConsentsQuery(cardId);
  return (
    <QueryState
      query={query}
      loadingLabel="Caricamento dello storico consensi…"
      errorMessage={(error) => errorMessage(error, 'Errore durante il caricamento dello storico consensi')}
      empty={{
        message: 'Nessun consenso registrato',
        description: 'L’informativa privacy accettata all’adesione e i consensi marketing per canale, con le revoche e le scadenze, compariranno qui.',
      }}
    >
      {(events) => (
        <List aria-label="Consensi, dal più recente">
          {events.map((event) => (
            <li key={event.id}>
              <time dateTime={event.occurred_at}>{formatDateTime(event.occurred_at)}</time> — {consentEventText(event)}
            </li>
          ))}
        </List>
      )}
    </QueryState>
  );
}

/** Issue 22 (decision 047): a card's consent history, newest first, in Italian. */
export function ConsentHistoryDialog({ card, onClose }: { card: LoyaltyCard | null; onClose: () => void }) {
  return (
    <Modal open={card !== null} onClose={onClose} title={card ? `Storico consensi di ${card.customer_name}` : ''}>
      {card && <ConsentList key={card.id} cardId={card.id} />}
    </Modal>
  );
}
