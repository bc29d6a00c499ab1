/**
 * The overview's money (docs/decisions/079-sales-report.md): spend and visits this month, average spend, visits per
 * customer, customers back within 30/60/90 days, rewards redeemed, and the last 12 months as a table.
 */
import styled from 'styled-components';
import { QuerySection, TableScroll, formatCount } from '@loyalty/shared';
import { useGetSalesReportQuery, type SalesReport } from '../api';
import { formatCents } from '../model/money';
import { formatAverageSpend, formatVisitsPerCustomer, hasActivity, returnShare } from '../model/salesReport';
import { ReportMonthsTable } from './ReportMonthsTable';
import { Tile, TileGrid } from './OverviewTiles';

const Report = styled.div`
  margin-bottom: ${({ theme }) => theme.space.lg};
  .note { margin: 0 0 ${({ theme }) => theme.space.md}; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const EMPTY = {
  message: 'Nessuna vendita registrata negli ultimi 12 mesi',
  description:
    'Registra la prima vendita dalla pagina di una carta (cercala nell’elenco qui sotto o inquadra il suo QR) con l’importo speso: qui vedrai la spesa, le visite e i clienti che tornano. ' +
    'Se il negozio assegna i punti a mano, scegli in Premi → Programma una regola a euro («1 punto ogni 1 €») o a visita.',
};

function ReportFigures({ report }: { report: SalesReport }) {
  return (
    <>
      <TileGrid>
        <Tile><dt>Spesa registrata questo mese</dt><dd>{formatCents(report.spend_this_month_cents)}</dd></Tile>
        <Tile><dt>Visite questo mese</dt><dd>{formatCount(report.visits_this_month)}</dd></Tile>
        {/* The two figures over the year sit among this month's: their label says so (a new user read them as the month's). */}
        <Tile><dt>Spesa media per visita, ultimi 12 mesi</dt><dd>{formatAverageSpend(report)}</dd></Tile>
        <Tile><dt>Visite per cliente, ultimi 12 mesi</dt><dd>{formatVisitsPerCustomer(report)}</dd></Tile>
        {report.returns.map((share) => {
          const shown = returnShare(share);
          return (
            <Tile key={share.days}>
              <dt>Clienti tornati entro {share.days} giorni</dt>
              <dd>{shown.value}</dd>
              <dd>{shown.detail}</dd>
            </Tile>
          );
        })}
        <Tile><dt>Premi riscattati questo mese</dt><dd>{formatCount(report.redeemed_this_month)}</dd></Tile>
      </TileGrid>
      <p className="note">
        Ultimi 12 mesi: {formatCents(report.spend_cents)} in {formatCount(report.visits, { one: 'visita', other: 'visite' })} di{' '}
        {formatCount(report.customers, { one: 'cliente', other: 'clienti' })}. Una visita è una vendita registrata alla cassa; «tornati» conta i clienti
        alla prima visita nel periodo che sono tornati in un altro giorno.
      </p>
      {/* On a phone the four columns scroll inside their own box, the page never sideways. */}
      <TableScroll label="Tabella della spesa, delle visite e dei premi per mese" minWidth="26rem">
        <ReportMonthsTable report={report} />
      </TableScroll>
    </>
  );
}

/** Owner and super admin only: staff never reach the overview (shared permissions, decision 070). */
export function SalesReportSection({ businessId }: { businessId: string }) {
  // Asked afresh by the overview, which shows this section once the answer is in.
  const query = useGetSalesReportQuery(businessId);
  return (
    <Report>
      <QuerySection
        frame="plain"
        title="Vendite e visite"
        titleId="sales-report-title"
        query={query}
        loadingLabel="Caricamento del resoconto delle vendite…"
        errorMessage="Impossibile caricare il resoconto delle vendite"
        isEmpty={(report) => !hasActivity(report)}
        empty={EMPTY}
      >
        {(report) => <ReportFigures report={report} />}
      </QuerySection>
    </Report>
  );
}
