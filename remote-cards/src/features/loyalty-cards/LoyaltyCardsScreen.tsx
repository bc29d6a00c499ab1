import { useCallback, useState } from 'react';
import styled from 'styled-components';
import { Field, MESSAGES, NoBusinessState, PagedCards, Select, TextField, useDebouncedValue, type CardStatusFilter, type LoyaltyCard } from '@loyalty/shared';
import { useGetCardStatsQuery } from '../cards/api';
import { useBusinessCardQuery } from '../cards/useBusinessCardQuery';
import { DEFAULT_BONUS_THRESHOLD, isBonusDue, parseThreshold } from '../bonus/bonusCounts';
import { useBonusTriggered } from '../bonus/bonusStorage';
import { useBonusAutomation } from '../bonus/useBonusAutomation';
import { ScanButton } from '../add-points/ScanButton';
import { CardRow, EMPTY_DRAFT, type PointsDraft } from './CardRow';
import { LedgerDialog } from './LedgerDialog';

/** A threshold being typed ("1" on the way to "1000") must not trigger bonuses: it applies once settled. */
export const THRESHOLD_DEBOUNCE_MS = 800;
export const THRESHOLD_ERROR = 'La soglia deve essere un numero intero di almeno 1';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
  h1 { margin: 0; }
`;

const Toolbar = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const STATUS_LABELS: Record<CardStatusFilter, string> = { all: 'Tutte', active: 'Attive', inactive: 'Inattive' };

/** Wide screens fit a card on two lines of controls; narrow ones wrap them. */
const rowHeight = (width: number) => (width < 640 ? 250 : 160);

/** SPEC §2 "Loyalty cards screen" with the bonus automation of §4. */
export function LoyaltyCardsScreen() {
  const { business, search, setSearch, status, setStatus, query } = useBusinessCardQuery();
  const [thresholdInput, setThresholdInput] = useState(String(DEFAULT_BONUS_THRESHOLD));
  const typedThreshold = parseThreshold(thresholdInput);
  const threshold = useDebouncedValue(typedThreshold, THRESHOLD_DEBOUNCE_MS);
  const notified = useBonusTriggered();
  const [ledgerCard, setLedgerCard] = useState<LoyaltyCard | null>(null);
  // Typed points survive a row leaving the view (virtual list) or a new search re-rendering the list.
  const [drafts, setDrafts] = useState<Record<string, PointsDraft>>({});
  const changeDraft = useCallback((cardId: string, draft: PointsDraft) => {
    setDrafts(({ [cardId]: _previous, ...others }) =>
      draft.points === '' && draft.description === '' ? others : { ...others, [cardId]: draft },
    );
  }, []);
  // Any change of points or cards refreshes the stats: the automation runs again then.
  const { fulfilledTimeStamp } = useGetCardStatsQuery(business?.id ?? '', { skip: !business, refetchOnMountOrArgChange: true });
  useBonusAutomation(business, threshold, fulfilledTimeStamp);

  return (
    <div>
      <Header>
        <h1>Carte Fedeltà</h1>
        <ScanButton />
      </Header>
      {!business || !query ? (
        <NoBusinessState />
      ) : (
        <>
          <Toolbar>
            <TextField
              label="Soglia bonus (punti)"
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              required
              value={thresholdInput}
              onChange={(event) => setThresholdInput(event.target.value)}
              error={typedThreshold === null ? THRESHOLD_ERROR : undefined}
            />
            <TextField
              label="Cerca per nome, numero carta o telefono"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            <Field label="Stato">
              {(control) => (
                <Select {...control} value={status} onChange={(event) => setStatus(event.target.value as CardStatusFilter)}>
                  {(Object.keys(STATUS_LABELS) as CardStatusFilter[]).map((value) => (
                    <option key={value} value={value}>{STATUS_LABELS[value]}</option>
                  ))}
                </Select>
              )}
            </Field>
          </Toolbar>
          <PagedCards
            query={query}
            label="Carte fedeltà"
            errorMessage={MESSAGES.cardsLoadError}
            emptyMessage="No cards found"
            noMatchHint="Nessuna carta corrisponde alla ricerca o al filtro: prova con altre parole o scegli «Tutte»."
            lineHeight={rowHeight}
            renderCard={(card) => (
              <CardRow
                card={card}
                bonusDue={typedThreshold !== null && isBonusDue(card.points, typedThreshold, notified[card.id])}
                onShowLedger={setLedgerCard}
                draft={drafts[card.id] ?? EMPTY_DRAFT}
                onDraftChange={changeDraft}
              />
            )}
          />
          <LedgerDialog card={ledgerCard} onClose={() => setLedgerCard(null)} />
        </>
      )}
    </div>
  );
}
