import { useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type MutableRefObject, type ReactNode } from 'react';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import styled from 'styled-components';
import { api, useGetCardsPageQuery } from '../api/apiSlice';
import type { CardPageArgs, CardStatusFilter, LoyaltyCard } from '../domain/types';
import { formatCount } from '../format';
import { QueryState } from '../ui/QueryState';
import { VirtualList, type VirtualListProps } from './VirtualList';

/** What fills an empty card list. */
export const NO_CARDS_HINT = 'Nessuna carta: condividi il link di iscrizione o crea un cliente in Gestione Utenti.';

/**
 * What a list searched only by name, card number or phone (Easy SMS, the campaign dialog's picker) says when
 * the search finds nothing; spread into PagedCards' props.
 */
export const CARD_SEARCH_NO_MATCH = {
  noMatchMessage: 'Nessuna carta corrisponde alla ricerca',
  noMatchHint: 'Prova con un altro nome, numero di carta o telefono.',
} as const;

/** Cards per request: a screenful or two. */
export const PAGE_SIZE = 50;

export interface CardListQuery {
  businessId: string;
  q: string;
  status: CardStatusFilter;
}

/** A search or a status filter narrows the list: an empty answer then says nothing about the business. */
export function isFiltered({ q, status }: CardListQuery): boolean {
  return q.trim() !== '' || status !== 'all';
}

/** The request of the page holding the card at `index`. */
export function pageArgs({ businessId, q, status }: CardListQuery, index: number): CardPageArgs {
  return { businessId, q: q.trim(), status, offset: Math.floor(index / PAGE_SIZE) * PAGE_SIZE, limit: PAGE_SIZE };
}

/** A first page asked for ahead of its screen counts as what the server has now for this long (seconds). */
export const FIRST_PAGE_FRESH_S = 10;

/** Businesses whose whole list's first page was asked for ahead of its screen: when, and whether a list showed it. */
const aheadOfScreen = new Map<string, { at: number; shown: boolean }>();

/**
 * 3.4.0: the first page of a business's whole card list (no search, no filter) asked for ahead of the screen that
 * shows it, so its request leaves with the code instead of after it (the shell, when the cards screen is the page
 * being opened: decision 101). The screen's own request is then the same cache entry, answered or on its way, and
 * the first list to open within FIRST_PAGE_FRESH_S shows it without asking again; any other opening asks the server.
 */
export function prefetchCardList(businessId: string): ThunkAction<void, unknown, unknown, UnknownAction> {
  return (dispatch) => {
    aheadOfScreen.set(businessId, { at: Date.now(), shown: false });
    dispatch(api.util.prefetch('getCardsPage', pageArgs({ businessId, q: '', status: 'all' }, 0), { ifOlderThan: FIRST_PAGE_FRESH_S }));
  };
}

/** Whether this list's first page was asked for ahead of it a moment ago and no list has shown it yet. */
function askedAheadOfScreen(query: CardListQuery): boolean {
  const ahead = aheadOfScreen.get(query.businessId);
  return !isFiltered(query) && ahead !== undefined && !ahead.shown && Date.now() - ahead.at < FIRST_PAGE_FRESH_S * 1000;
}

const Placeholder = styled.div`
  height: 100%;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const Count = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The field of a card's item that has the focus: its `name`, else its place among the item's fields. */
interface FocusedField {
  cardId: string;
  field: string;
}

const FIELDS = 'input, textarea, select, button, [tabindex]';

function fieldKey(scope: HTMLElement, element: Element): string {
  const name = element.getAttribute('name');
  return name ? `name:${name}` : `index:${Array.from(scope.querySelectorAll(FIELDS)).indexOf(element)}`;
}

function findField(scope: HTMLElement, key: string): HTMLElement | null {
  const [kind, value] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
  const fields = Array.from(scope.querySelectorAll(FIELDS));
  const found = kind === 'name' ? fields.find((field) => field.getAttribute('name') === value) : fields[Number(value)];
  return found instanceof HTMLElement ? found : null;
}

/** Adds nothing to the layout: the card's own element still sizes itself against the list item. */
const FocusScope = styled.div`
  display: contents;
`;

/**
 * A card's item remembers which of its fields has the focus. A search's answer is a new list (new elements),
 * so the field someone was typing in would lose the focus, and the next keystrokes with it; the same card's
 * item in the new list takes it back, but only when nothing else has it (the user moved on otherwise).
 */
function KeepsFocus({ cardId, focused, children }: { cardId: string; focused: MutableRefObject<FocusedField | null>; children: ReactNode }) {
  const scope = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const remembered = focused.current;
    const active = document.activeElement;
    if (!scope.current || remembered?.cardId !== cardId || (active && active !== document.body)) return;
    const field = findField(scope.current, remembered.field);
    if (!field) return;
    field.focus({ preventScroll: true });
    // The caret after what was typed, as it was.
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
      try {
        field.setSelectionRange(field.value.length, field.value.length);
      } catch {
        // Inputs without a caret (checkboxes, numbers) keep the browser's.
      }
    }
  }, [cardId, focused]);
  const remember = (event: FocusEvent<HTMLDivElement>) => {
    if (scope.current && event.target instanceof Element) focused.current = { cardId, field: fieldKey(scope.current, event.target) };
  };
  // Only a blur the user causes. React does not report the blur of an element it removes with the old list;
  // Preact (decision 108) does, as it removes it. So the blur is judged once the render is over: an item no longer
  // on the page (its ref cleared) was removed, not left; and a field focused since (another card's) stays remembered.
  const forget = () => {
    const left = focused.current;
    queueMicrotask(() => {
      if (scope.current?.isConnected && focused.current === left) focused.current = null;
    });
  };
  return (
    <FocusScope ref={scope} onFocus={remember} onBlur={forget}>
      {children}
    </FocusScope>
  );
}

/**
 * One item of the virtual list: asks for its page (every item of a page shares one cached request)
 * and shows a placeholder until it arrives.
 */
function CardSlot({ query, index, render, focused }: { query: CardListQuery; index: number; render: (card: LoyaltyCard) => ReactNode; focused: MutableRefObject<FocusedField | null> }) {
  const { currentData } = useGetCardsPageQuery(pageArgs(query, index));
  const card = currentData?.items[index % PAGE_SIZE];
  return card ? (
    <KeepsFocus key={card.id} cardId={card.id} focused={focused}>
      {render(card)}
    </KeepsFocus>
  ) : (
    <Placeholder aria-hidden="true" />
  );
}

export interface PagedCardsProps extends Pick<VirtualListProps, 'lineHeight' | 'minColumnWidth' | 'height'> {
  query: CardListQuery;
  label: string;
  errorMessage: string;
  /** What the list says when it is empty (e.g. 'Nessuna carta trovata'). */
  emptyMessage: string;
  /** Beside it when a search or filter found nothing: how to find more. */
  noMatchHint: string;
  /** Said instead of `emptyMessage` when a search or filter found nothing. */
  noMatchMessage?: string;
  renderCard: (card: LoyaltyCard) => ReactNode;
}

/**
 * The current business's cards matching a search and filter, paged through the server and rendered
 * virtually; exactly one of loading / error / empty / data (shared's `QueryState`).
 */
export function PagedCards(props: PagedCardsProps) {
  const { query } = props;
  // Outlives the lists: the field typed in when a search's answer replaces the list.
  const focused = useRef<FocusedField | null>(null);
  // A new search is a new list: its first page is a first load, and it starts from the top.
  return <CardsOfQuery key={`${query.businessId}|${query.q.trim()}|${query.status}`} {...props} focused={focused} />;
}

function CardsOfQuery({ query, label, errorMessage, emptyMessage, noMatchHint, noMatchMessage, renderCard, focused, ...listProps }: PagedCardsProps & { focused: MutableRefObject<FocusedField | null> }) {
  // Opening a screen shows what the server has now (a customer may have signed up meanwhile); the first page asked
  // for ahead of this screen a moment ago (prefetchCardList) counts as now, once.
  const [ahead] = useState(() => askedAheadOfScreen(query));
  useEffect(() => {
    const entry = aheadOfScreen.get(query.businessId);
    if (ahead && entry) entry.shown = true;
  }, [ahead, query.businessId]);
  const first = useGetCardsPageQuery(pageArgs(query, 0), { refetchOnMountOrArgChange: ahead ? FIRST_PAGE_FRESH_S : true });
  return (
    <QueryState
      query={first}
      loadingLabel="Caricamento delle carte…"
      errorMessage={errorMessage}
      isEmpty={(page) => page.total === 0}
      empty={isFiltered(query) ? { message: noMatchMessage ?? emptyMessage, description: noMatchHint } : { message: emptyMessage, description: NO_CARDS_HINT }}
    >
      {(page) => (
        <>
          <Count role="status">{formatCount(page.total, { one: 'carta', other: 'carte' })}</Count>
          <VirtualList
            count={page.total}
            label={label}
            renderItem={(index) => <CardSlot query={query} index={index} render={renderCard} focused={focused} />}
            {...listProps}
          />
        </>
      )}
    </QueryState>
  );
}
