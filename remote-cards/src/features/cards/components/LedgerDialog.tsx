import styled from 'styled-components';
import { Badge, Modal, QueryState, TableHead, TableScroll, errorMessage, formatDateTime, formatPointsChange, type LoyaltyCard } from '@loyalty/shared';
import { unitTitle, type LoyaltyMode } from '../../../shared/loyaltyMode';
import type { LedgerEntry } from '../api';
import { useGetCardLedgerQuery } from '../dialogApi';
import { ledgerKindOf } from '../model/ledgerKind';

/** Below this width the table scrolls sideways in its own box (shared's TableScroll, decision 084). */
const TABLE_MIN_WIDTH = '34rem';
/**
 * The widest viewport at which the table is still wider than its box: the table's 34rem plus the dialog's
 * margins (2 × 1rem) and its body's padding (2 × 1.5rem). Narrower, the hint says the table scrolls.
 */
const TABLE_SCROLLS_BELOW = '39rem';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  th, td { text-align: left; vertical-align: top; padding: ${({ theme }) => theme.space.xs}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  td.date, td.points { white-space: nowrap; }
  td.points { text-align: right; }
  td.kind span + span { display: block; margin-top: ${({ theme }) => theme.space.xxs}; }
`;

/** On a phone, a line above the table saying it scrolls (the box's edge shadows are shared's TableScroll's). */
const ScrollHint = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  @media (min-width: ${TABLE_SCROLLS_BELOW}) {
    display: none;
  }
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
        <>
          {/* For the eyes only: a screen reader reads the table cell by cell, whatever the box shows. */}
          <ScrollHint aria-hidden="true">Scorri la tabella di lato per vedere tutte le colonne →</ScrollHint>
          <TableScroll label="Tabella dei movimenti" minWidth={TABLE_MIN_WIDTH}>
            <Table>
              <TableHead columns={['Data', 'Tipo', unitTitle(mode), 'Descrizione', 'Operatore']} />
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td className="date">{formatDateTime(entry.created_at)}</td>
                    <KindCell entry={entry} />
                    <td className="points">{formatPointsChange(entry.points)}</td>
                    <td>{entry.description}</td>
                    <td>{entry.author_name ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        </>
      )}
    </QueryState>
  );
}

/** A card's points history (the ledger), newest first, each row with its kind. */
export function LedgerDialog({ card, mode, onClose }: { card: LoyaltyCard | null; mode: LoyaltyMode; onClose: () => void }) {
  return (
    // Wide: the five columns (date, kind with its reward, points, a sale's description, the operator) did not fit
    // the usual 32rem, where the last ones were cut behind the table's own scroll even on a desktop.
    <Modal wide open={card !== null} onClose={onClose} title={card ? `Movimenti di ${card.customer_name}` : ''}>
      {card && <LedgerTable key={card.id} cardId={card.id} mode={mode} />}
    </Modal>
  );
}
