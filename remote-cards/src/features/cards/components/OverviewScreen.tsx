import { lazy, Suspense, useDeferredValue, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import {
  QueryState,
  Spinner,
  Tabs,
  TextField,
  MESSAGES,
  NoBusinessState,
  formatAveragePoints,
  formatCount,
  formatDate,
  formatPhone,
  formatPoints,
  type LoyaltyCard,
} from '@loyalty/shared';
import { expiringText, formatAmount, loyaltyModeOf, unitTitle, type LoyaltyMode } from '../../../shared/loyaltyMode';
import { useGetCardStatsQuery, useGetSalesReportQuery } from '../api';
import { useBusinessCardQuery } from '../hooks/useBusinessCardQuery';
import { BusinessCardList } from './BusinessCardList';
import { Tile, TileGrid } from './OverviewTiles';
import { SalesReportSection } from './SalesReportSection';

// recharts is only fetched when the charts tab («Grafici») is opened.
/** A phone number is not broken across lines. */
const Phone = styled.p`
  white-space: nowrap;
`;

const AnalyticsCharts = lazy(() => import('./AnalyticsCharts'));

const Header = styled.header`
  margin-bottom: ${({ theme }) => theme.space.lg};
  h1 { margin: 0 0 ${({ theme }) => theme.space.xs}; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const CardTile = styled.article`
  box-sizing: border-box;
  height: 100%;
  overflow: hidden;
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  h3 { margin: 0 0 ${({ theme }) => theme.space.xs}; font-size: ${({ theme }) => theme.fontSizes.md}; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  p { margin: 0; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  .points { font-size: ${({ theme }) => theme.fontSizes.lg}; font-weight: ${({ theme }) => theme.fontWeights.bold}; color: ${({ theme }) => theme.colors.primary}; }
  .expiring { color: ${({ theme }) => theme.colors.warning}; }
`;

const Toolbar = styled.div`
  max-width: 28rem;
  margin-bottom: ${({ theme }) => theme.space.md};
`;

function OverviewTile({ card, mode }: { card: LoyaltyCard; mode: LoyaltyMode }) {
  return (
    <CardTile aria-label={card.customer_name}>
      <h3>{card.customer_name}</h3>
      <p className="points">{formatAmount(card.points, mode)}</p>
      {card.expiring_points > 0 && card.expiring_on && <p className="expiring">{expiringText(card.expiring_points, card.expiring_on, mode)}</p>}
      <p>N. {card.card_number}</p>
      <Phone>Tel. {formatPhone(card.customer_phone)}</Phone>
      <p>Nascita: {formatDate(card.birth_date)}</p>
      <p>Creata il {formatDate(card.created_at)}</p>
    </CardTile>
  );
}

function StatsTiles({ businessId, mode }: { businessId: string; mode: LoyaltyMode }) {
  // Asked afresh by OverviewFigures, which shows this only once the answer is in.
  const query = useGetCardStatsQuery(businessId);
  return (
    <QueryState query={query} loadingLabel="Caricamento delle statistiche…" errorMessage={MESSAGES.loyaltyCardsLoadError}>
      {(stats) => (
        <TileGrid>
          <Tile><dt>Carte totali</dt><dd>{formatCount(stats.total_cards)}</dd></Tile>
          <Tile><dt>Carte attive</dt><dd>{formatCount(stats.active_cards)}</dd></Tile>
          <Tile><dt>Media per carta</dt><dd>{formatAveragePoints(stats.total_points, stats.total_cards)}</dd></Tile>
          {/* What the shop owes its customers (the sum of the balances, so no separate «total points» tile), and
              what of it lapses within 30 days. */}
          <Tile><dt>{unitTitle(mode)} in circolazione</dt><dd>{formatPoints(stats.points_outstanding)}</dd></Tile>
          <Tile><dt>In scadenza nei prossimi 30 giorni</dt><dd>{formatPoints(stats.expiring_points_30d)}</dd></Tile>
        </TileGrid>
      )}
    </QueryState>
  );
}

function Analytics({ businessId }: { businessId: string }) {
  const query = useGetCardStatsQuery(businessId);
  // The overview's section asked for it already: the spend chart joins the others when it is there.
  const report = useGetSalesReportQuery(businessId).data;
  return (
    <QueryState query={query} loadingLabel="Caricamento dei grafici…" errorMessage={MESSAGES.loyaltyCardsLoadError}>
      {(stats) => (
        <Suspense fallback={<Spinner label="Caricamento dei grafici…" />}>
          <AnalyticsCharts stats={stats} report={report} />
        </Suspense>
      )}
    </QueryState>
  );
}

const settled = (query: { data?: unknown; isError: boolean }) => query.data !== undefined || query.isError;

/**
 * The tiles, the sales report and the tabs appear together, once both figures calls have answered (or failed):
 * each shown under its own spinner, the figures above pushed everything below them down as they arrived, the
 * tabs out of the phone's screen (Lighthouse's layout shift 0.436). One spinner in their place is removed, not
 * moved, and the two calls travel together, so the figures come no later.
 */
function OverviewFigures({ businessId, children }: { businessId: string; children: ReactNode }) {
  const stats = useGetCardStatsQuery(businessId, { refetchOnMountOrArgChange: true });
  const report = useGetSalesReportQuery(businessId, { refetchOnMountOrArgChange: true });
  // Once shown, for good: a section's «Riprova» (or RTK Query asking again a failed call as a section subscribes)
  // is that section's own loading, never the whole overview back to a spinner.
  const [shown, setShown] = useState(false);
  if (!shown && settled(stats) && settled(report)) setShown(true);
  // The answers come through the store, drawn at once in one task; the figures, the report and the list they let in
  // are drawn in a transition's slices instead (BENCHMARKS.md, sixteenth pass), the spinner kept meanwhile.
  const drawn = useDeferredValue(shown);
  if (!drawn) return <Spinner label="Caricamento della panoramica…" />;
  return <>{children}</>;
}

/** The overview screen: tiles and charts from the stats call, the card list paged and virtual. */
export function OverviewScreen() {
  const { business, search, setSearch, query } = useBusinessCardQuery();
  const mode = loyaltyModeOf(business);
  return (
    <div>
      <Header>
        <h1>Panoramica</h1>
        <p>{business ? `Carte fedeltà di ${business.name}` : 'Seleziona un’attività per vedere le sue carte.'}</p>
      </Header>
      {!business || !query ? (
        <NoBusinessState />
      ) : (
        // Another business is mounted anew: never the previous business's figures while these load.
        <OverviewFigures key={business.id} businessId={business.id}>
          <StatsTiles businessId={business.id} mode={mode} />
          <SalesReportSection businessId={business.id} />
          <Tabs
            label="Panoramica"
            tabs={[
              {
                id: 'cards',
                label: 'Elenco carte',
                content: (
                  <>
                    <Toolbar>
                      <TextField
                        label="Cerca per nome, e-mail, numero carta o telefono"
                        type="search"
                        value={search}
                        onChange={(event) => setSearch(event.target.value)}
                      />
                    </Toolbar>
                    <BusinessCardList
                      query={query}
                      errorMessage={MESSAGES.loyaltyCardsLoadError}
                      noMatchHint="Nessuna carta corrisponde alla ricerca: prova con un altro nome o numero di carta."
                      lineHeight={210}
                      minColumnWidth={240}
                      renderCard={(card) => <OverviewTile card={card} mode={mode} />}
                    />
                  </>
                ),
              },
              { id: 'analytics', label: 'Grafici', content: <Analytics businessId={business.id} /> },
            ]}
          />
        </OverviewFigures>
      )}
    </div>
  );
}
