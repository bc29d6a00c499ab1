import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import {
  DIALOG_CODE_FAILED,
  Field,
  FilterBar,
  FormAlert,
  MESSAGES,
  NoBusinessState,
  SCREEN_HEADS,
  ScreenHeader,
  Select,
  TextField,
  anyWalletConfigured,
  isStaff,
  useAuth,
  useDialogCode,
  useGetWalletStatusQuery,
  type Business,
  type CardStatusFilter,
  type LoyaltyCard,
} from '@loyalty/shared';
import { loyaltyModeOf } from '../../../shared/loyaltyMode';
import { useBusinessCardQuery } from '../hooks/useBusinessCardQuery';
import { BusinessCardList } from './BusinessCardList';
import { ScanButton, loadScannerDialog } from './ScanButton';
import { CardRow, EMPTY_DRAFT, type CardDialog, type PointsDraft } from './CardRow';
import { ExportButtons } from './ExportButtons';
import { ImportCards, loadImportDialog } from './ImportCards';

/**
 * The dialogs' code comes when one is about to open, not with the list (decisions 095 and 113): the pointer over its
 * button, its focus or a touch starts the fetch, the tap waits for it. A staff member's first screen is this one, on
 * the counter's phone: the list draws without any of them.
 */
const loadLedgerDialog = () => import('./LedgerDialog').then((m) => m.LedgerDialog);
const loadRedeemDialog = () => import('./RedeemDialog').then((m) => m.RedeemDialog);
const loadConsentsDialog = () => import('./ConsentHistoryDialog').then((m) => m.ConsentHistoryDialog);
const loadDeleteDialog = () => import('./DeleteCardDialog').then((m) => m.DeleteCardDialog);
type Code<L extends () => Promise<unknown>> = Awaited<ReturnType<L>>;

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
  const ledger = useDialogCode<Code<typeof loadLedgerDialog>, LoyaltyCard>(loadLedgerDialog);
  const redeem = useDialogCode<Code<typeof loadRedeemDialog>, LoyaltyCard>(loadRedeemDialog);
  const consents = useDialogCode<Code<typeof loadConsentsDialog>, LoyaltyCard>(loadConsentsDialog);
  const removal = useDialogCode<Code<typeof loadDeleteDialog>, LoyaltyCard>(loadDeleteDialog);
  // Where the focus goes when a deleted card's row, and its «Elimina», are gone: the screen's main action.
  const searchRef = useRef<HTMLInputElement>(null);
  const scanner = useDialogCode(loadScannerDialog);
  const importer = useDialogCode(loadImportDialog);
  const rowDialogs = { ledger, redeem, consents, delete: removal } as const;
  const codeFailed = [ledger, redeem, consents, removal, scanner, importer].some((dialog) => dialog.failed);
  const LedgerDialog = ledger.component;
  const RedeemDialog = redeem.component;
  const ConsentHistoryDialog = consents.component;
  const DeleteCardDialog = removal.component;
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
        <ScanButton scanner={scanner} />
      </ScreenHeader>
      {codeFailed && <FormAlert role="alert">{DIALOG_CODE_FAILED}</FormAlert>}
      <FilterBar>
        <TextField
          label={HEAD.search.label}
          ref={searchRef}
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
                <ImportCards businessId={business.id} importer={importer} />
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
                onShowLedger={ledger.open}
                onShowConsents={staff ? undefined : consents.open}
                onDelete={staff ? undefined : removal.open}
                onRedeem={redeem.open}
                onDialogIntent={(dialog: CardDialog) => rowDialogs[dialog].prefetch()}
                opening={(Object.keys(rowDialogs) as CardDialog[]).find((dialog) => rowDialogs[dialog].opening?.id === card.id) ?? null}
                mode={mode}
                walletLinks={walletLinks}
                draft={drafts[card.id] ?? EMPTY_DRAFT}
                onDraftChange={changeDraft}
              />
            )}
          />
          {LedgerDialog && <LedgerDialog card={ledger.subject} mode={mode} onClose={ledger.close} />}
          {RedeemDialog && <RedeemDialog card={redeem.subject} onClose={redeem.close} />}
          {ConsentHistoryDialog && <ConsentHistoryDialog card={consents.subject} onClose={consents.close} />}
          {DeleteCardDialog && <DeleteCardDialog card={removal.subject} mode={mode} onClose={removal.close} onDeleted={() => searchRef.current?.focus()} />}
        </>
      )}
    </div>
  );
}
