import styled from 'styled-components';
import { Modal, QueryState, TableHead, errorMessage, formatDateTime, formatPointsChange, type LoyaltyCard } from '@loyalty/shared';
import { useGetCardLedgerQuery } from '../api';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  th, td { text-align: left; padding: ${({ theme }) => theme.space.xs}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  td.points { text-align: right; white-space: nowrap; }
`;

function LedgerTable({ cardId }: { cardId: string }) {
  const query = useGetCardLedgerQuery(cardId);
  return (
    <QueryState
      query={query}
      loadingLabel="Caricamento dei movimenti…"
      errorMessage={(error) => errorMessage(error, 'Errore durante il caricamento dei movimenti')}
      empty={{ message: 'Nessun movimento', description: 'I punti aggiunti o tolti con «Aggiorna» o con il QR della carta compariranno qui.' }}
    >
      {(entries) => (
        <Table>
          <TableHead columns={['Data', 'Punti', 'Descrizione', 'Operatore']} />
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>{formatDateTime(entry.created_at)}</td>
                <td className="points">{formatPointsChange(entry.points)}</td>
                <td>{entry.description}</td>
                <td>{entry.author_name ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </QueryState>
  );
}

/** A card's points history (the ledger), newest first. */
export function LedgerDialog({ card, onClose }: { card: LoyaltyCard | null; onClose: () => void }) {
  return (
    <Modal open={card !== null} onClose={onClose} title={card ? `Movimenti di ${card.customer_name}` : ''}>
      {card && <LedgerTable key={card.id} cardId={card.id} />}
    </Modal>
  );
}
