import { useCallback, useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import {
  Field,
  FilterBar,
  MESSAGES,
  NoBusinessState,
  SCREEN_HEADS,
  ScreenHeader,
  Select,
  TextField,
  anyWalletConfigured,
  isStaff,
  useAuth,
  useGetWalletStatusQuery,
  type Business,
  type CardStatusFilter,
  type LoyaltyCard,
} from '@loyalty/shared';
import { loyaltyModeOf } from '../../../shared/loyaltyMode';
import { useBusinessCardQuery } from '../hooks/useBusinessCardQuery';
import { BusinessCardList } from './BusinessCardList';
import { ScanButton } from './ScanButton';
import { CardRow, EMPTY_DRAFT, type PointsDraft } from './CardRow';
import { ExportButtons } from './ExportButtons';
import { ImportCards } from './ImportCards';
import { ConsentHistoryDialog } from './ConsentHistoryDialog';
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

/**
 * Decision 094: the search and its filter come first under the title row, the same for every role and every shop, so
 * the shell's frame paints them from the HTML where the screen then writes them (shared's SCREEN_HEADS.cards, one
 * copy of their labels); what depends on the shop or the role (the WhatsApp notice, the owner's tools) comes after.
 */
const HEAD = SCREEN_HEADS.cards;

/** The owner's tools under the search: the exports and the import, then the bonus threshold. */
const OwnerTools = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 24rem);
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const ToolsDisclosure = styled.details`
  margin-bottom: ${({ theme }) => theme.space.md};
  summary {
    cursor: pointer;
    padding: ${({ theme }) => theme.space.xs} 0;
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
  &[open] > summary { margin-bottom: ${({ theme }) => theme.space.sm}; }
`;

/** Under this width the owner's tools start folded: a phone shows the first cards under the search (decision 098). */
export const TOOLS_FOLDED_QUERY = '(max-width: 719px)';
export const TOOLS_SUMMARY = 'Esporta, importa e soglia bonus';

const folds = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(TOOLS_FOLDED_QUERY).matches;

/**
 * The exports, the import and the bonus threshold in one disclosure: open on a wide screen, folded on a phone,
 * where five buttons and a form came before the first card. Opened when the window grows past a phone's width,
 * so the tools are never out of reach behind a fold the person did not make.
 */
function OwnerToolsPanel({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(() => !folds());
  // The tools are drawn once first opened, and kept (a chosen file, a typed threshold survive a fold): on a phone the
  // first list of cards is drawn without them, and without the threshold's rule they load (decision 107).
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const narrow = window.matchMedia(TOOLS_FOLDED_QUERY);
    const widened = (event: MediaQueryListEvent) => {
      if (!event.matches) setOpen(true);
    };
    narrow.addEventListener('change', widened);
    return () => narrow.removeEventListener('change', widened);
  }, []);
  return (
    <ToolsDisclosure open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{TOOLS_SUMMARY}</summary>
      {opened && children}
    </ToolsDisclosure>
  );
}

/**
 * Wide screens fit a card's controls on one line; narrower ones wrap the buttons, narrow ones everything. With
 * "Invia link wallet" one line of controls needs about 1 000 px of list (seen at 1366 px wide windows,
 * where 900 px cut off "Elimina"): 1 100 leaves room for wider fonts. A phone (under 480 px) takes four lines of
 * controls and three of details (under 320 px, six lines of controls). Measured with Chromium at 320–1920 px: no control below its row's edge.
 * "Storico consensi" adds about 150 px of buttons. Measured again with Chromium (e2e/tests/consents.spec.ts
 * checks it): one line of controls from about 1 250 px of list (1 300 leaves room), three lines between 640 and 720
 * (191 px needed), 414 px needed at 326 px, 553 px under 320.
 */
const rowHeight = (width: number) =>
  width < 320 ? 580 : width < 480 ? 450 : width < 640 ? 320 : width < 720 ? 230 : width < 1300 ? 200 : 160;

/**
 * The loyalty cards screen. The bonus is decided and sent by the server (docs/decisions/021-bonus-on-the-server.md): the screen
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
  const [consentsCard, setConsentsCard] = useState<LoyaltyCard | null>(null);
  const mode = loyaltyModeOf(business);
  // Once for the screen, asked with the cards: each row offers "Invia link wallet" only when a wallet is configured.
  // Decision 070: the counter's staff find cards, add points and redeem; exports, imports, settings, consents,
  // wallet links and deletions are the shop's admins' (the API refuses them too).
  const staff = isStaff(useAuth().user);
  // Only whether a wallet is configured: the request's own states (pending, fulfilled) do not draw the screen again.
  const { configured } = useGetWalletStatusQuery(undefined, { skip: staff, selectFromResult: ({ data }) => ({ configured: anyWalletConfigured(data) }) });
  const walletLinks = configured && !staff;
  // Typed points survive a row leaving the view (virtual list) or a new search re-rendering the list.
  const [drafts, setDrafts] = useState<Record<string, PointsDraft>>({});
  const changeDraft = useCallback((cardId: string, draft: PointsDraft) => {
    setDrafts(({ [cardId]: _previous, ...others }) =>
      draft.points === '' && draft.description === '' ? others : { ...others, [cardId]: draft },
    );
  }, []);

  // Until the shop is known there is nothing to search: the search and the filter stay disabled, as the frame
  // paints them.
  const searchable = Boolean(business && query);

  return (
    <div>
      <ScreenHeader>
        <h1>Carte Fedeltà</h1>
        <ScanButton />
      </ScreenHeader>
      <FilterBar>
        <TextField
          label={HEAD.search.label}
          type="search"
          data-main-action
          disabled={!searchable}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Field label={HEAD.search.filter.label}>
          {(control) => (
            <Select {...control} disabled={!searchable} value={status} onChange={(event) => setStatus(event.target.value as CardStatusFilter)}>
              {HEAD.search.filter.options.map((option) => (
                <option key={option.value} value={option.value}>{option.label}</option>
              ))}
            </Select>
          )}
        </Field>
      </FilterBar>
      {!business || !query ? (
        <NoBusinessState />
      ) : (
        <>
          {business.whatsapp_enabled !== 1 && (
            <Notice>
              <strong>{MESSAGES.whatsappNotEnabled}:</strong>
              <span>i bonus raggiunti sono segnati con «Bonus!» ma nessun messaggio viene inviato.</span>
            </Notice>
          )}
          {!staff && (
            <OwnerToolsPanel>
              <ExportButtons businessId={business.id}>
                <ImportCards businessId={business.id} />
              </ExportButtons>
              {bonusSettings && <OwnerTools>{bonusSettings(business)}</OwnerTools>}
            </OwnerToolsPanel>
          )}
          <BusinessCardList
            query={query}
            errorMessage={MESSAGES.cardsLoadError}
            noMatchHint={
              status === 'all'
                ? 'Nessuna carta corrisponde alla ricerca: prova con altre parole (nome, e-mail, numero carta o telefono).'
                : 'Nessuna carta corrisponde alla ricerca o al filtro: prova con altre parole o scegli «Tutte».'
            }
            lineHeight={rowHeight}
            renderCard={(card) => (
              <CardRow
                card={card}
                onShowLedger={setLedgerCard}
                onShowConsents={staff ? undefined : setConsentsCard}
                canDelete={!staff}
                onRedeem={setRedeemCard}
                mode={mode}
                walletLinks={walletLinks}
                draft={drafts[card.id] ?? EMPTY_DRAFT}
                onDraftChange={changeDraft}
              />
            )}
          />
          <LedgerDialog card={ledgerCard} mode={mode} onClose={() => setLedgerCard(null)} />
          <RedeemDialog card={redeemCard} onClose={() => setRedeemCard(null)} />
          <ConsentHistoryDialog card={consentsCard} onClose={() => setConsentsCard(null)} />
        </>
      )}
    </div>
  );
}
