import { useCallback, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Field, FilterBar, MESSAGES, NoBusinessState, PagedCards, ScreenHeader, Select, TextField, type Business, type CardStatusFilter, type LoyaltyCard } from '@loyalty/shared';
import { loyaltyModeOf } from '../../../shared/loyaltyMode';
import { useBusinessCardQuery } from '../hooks/useBusinessCardQuery';
import { ScanButton } from './ScanButton';
import { CardRow, EMPTY_DRAFT, type PointsDraft } from './CardRow';
import { LedgerDialog } from './LedgerDialog';
import { RedeemDialog } from './RedeemDialog';

/** Once for the screen, not per card: with WhatsApp off the bonuses are recorded ('Bonus!'), never sent. */
const Notice = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.warning};
  background: ${({ theme }) => theme.colors.warningSurface};
  strong { margin-right: ${({ theme }) => theme.space.xs}; }
`;

const STATUS_LABELS: Record<CardStatusFilter, string> = { all: 'Tutte', active: 'Attive', inactive: 'Inattive' };

/** Wide screens fit a card on two lines of controls; narrower ones wrap the buttons, narrow ones everything. */
const rowHeight = (width: number) => (width < 640 ? 250 : width < 900 ? 200 : 160);

/**
 * SPEC §2 "Loyalty cards screen". The bonus of §4 is decided and sent by the server (issue 17): the screen
 * edits the threshold and shows what the server answers for each card ('Bonus!', "bonus inviato il …").
 */
export interface LoyaltyCardsScreenProps {
  /** The bonus threshold's form for the business shown, first in the toolbar (another feature: composed by exposed/LoyaltyCards). */
  bonusSettings?: (business: Business) => ReactNode;
}

export function LoyaltyCardsScreen({ bonusSettings }: LoyaltyCardsScreenProps) {
  const { business, search, setSearch, status, setStatus, query } = useBusinessCardQuery();
  const [ledgerCard, setLedgerCard] = useState<LoyaltyCard | null>(null);
  const [redeemCard, setRedeemCard] = useState<LoyaltyCard | null>(null);
  const mode = loyaltyModeOf(business);
  // Typed points survive a row leaving the view (virtual list) or a new search re-rendering the list.
  const [drafts, setDrafts] = useState<Record<string, PointsDraft>>({});
  const changeDraft = useCallback((cardId: string, draft: PointsDraft) => {
    setDrafts(({ [cardId]: _previous, ...others }) =>
      draft.points === '' && draft.description === '' ? others : { ...others, [cardId]: draft },
    );
  }, []);

  return (
    <div>
      <ScreenHeader>
        <h1>Carte Fedeltà</h1>
        <ScanButton />
      </ScreenHeader>
      {!business || !query ? (
        <NoBusinessState />
      ) : (
        <>
          {business.whatsapp_enabled !== 1 && (
            <Notice>
              <strong>{MESSAGES.whatsappNotEnabled}</strong>
              <span>i bonus raggiunti sono segnati con «Bonus!» ma nessun messaggio viene inviato.</span>
            </Notice>
          )}
          <FilterBar>
            {bonusSettings?.(business)}
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
          </FilterBar>
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
                onShowLedger={setLedgerCard}
                onRedeem={setRedeemCard}
                mode={mode}
                draft={drafts[card.id] ?? EMPTY_DRAFT}
                onDraftChange={changeDraft}
              />
            )}
          />
          <LedgerDialog card={ledgerCard} mode={mode} onClose={() => setLedgerCard(null)} />
          <RedeemDialog card={redeemCard} onClose={() => setRedeemCard(null)} />
        </>
      )}
    </div>
  );
}
