import styled from 'styled-components';
import { Badge, Modal, QueryState, TableHead, TableScroll, errorMessage, formatDateTime, formatPointsChange, type LoyaltyCard } from '@loyalty/shared';
import { unitTitle, type LoyaltyMode } from '../../../shared/loyaltyMode';
import { useGetCardLedgerQuery, type LedgerEntry } from '../api';
import { ledgerKindOf } from '../model/ledgerKind';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  th, td { text-align: left; padding: ${({ theme }) => theme.space.xs}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  td.points { text-align: right; white-space: nowrap; }
  td.kind span + span { display: block; margin-top: ${({ theme }) => theme.space.xxs}; }
`;

function KindCell({ entry }: { entry: LedgerEntry }) {
  const { label, tone, reward } = ledgerKindOf(entry);
  return (
    <td className="kind">
      <Badge $tone={tone}>{label}</Badge>
      {reward && <span>{reward}</span>}
    </td>
  );
}

function LedgerTable({ cardId, mode }: { cardId: string; mode: LoyaltyMode }) {
  const query = useGetCardLedgerQuery(cardId);
  return (
    <QueryState
      query={query}
      loadingLabel="Caricamento dei movimenti…"
      errorMessage={(error) => errorMessage(error, 'Errore durante il caricamento dei movimenti')}
      empty={{ message: 'Nessun movimento', description: 'I punti aggiunti o tolti con «Aggiorna» o con il QR della carta, e i premi riscattati, compariranno qui.' }}
    >
      {(entries) => (
        <TableScroll label="Tabella dei movimenti" minWidth="34rem">
        <Table>
          <TableHead columns={['Data', 'Tipo', unitTitle(mode), 'Descrizione', 'Operatore']} />
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>{formatDateTime(entry.created_at)}</td>
                <KindCell entry={entry} />
                <td className="points">{formatPointsChange(entry.points)}</td>
                <td>{entry.description}</td>
                <td>{entry.author_name ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </Table>
        </TableScroll>
      )}
    </QueryState>
  );
}

/** A card's points history (the ledger), newest first, each row with its kind. */
export function LedgerDialog({ card, mode, onClose }: { card: LoyaltyCard | null; mode: LoyaltyMode; onClose: () => void }) {
  return (
    <Modal open={card !== null} onClose={onClose} title={card ? `Movimenti di ${card.customer_name}` : ''}>
      {card && <LedgerTable key={card.id} cardId={card.id} mode={mode} />}
    </Modal>
  );
}
