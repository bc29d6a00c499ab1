import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useGetCardsPageQuery } from '../api/apiSlice';
import type { CardPageArgs, CardStatusFilter, LoyaltyCard } from '../domain/types';
import { formatCount } from '../format';
import { QueryState } from '../ui/QueryState';
import { VirtualList, type VirtualListProps } from './VirtualList';

/** What fills an empty card list. */
export const NO_CARDS_HINT = 'Nessuna carta: condividi il link di iscrizione o crea un cliente in Gestione Utenti.';

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

const Placeholder = styled.div`
  height: 100%;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const Count = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * One item of the virtual list: asks for its page (every item of a page shares one cached request)
 * and shows a placeholder until it arrives.
 */
function CardSlot({ query, index, render }: { query: CardListQuery; index: number; render: (card: LoyaltyCard) => ReactNode }) {
  const { currentData } = useGetCardsPageQuery(pageArgs(query, index));
  const card = currentData?.items[index % PAGE_SIZE];
  return card ? <>{render(card)}</> : <Placeholder aria-hidden="true" />;
}

export interface PagedCardsProps extends Pick<VirtualListProps, 'lineHeight' | 'minColumnWidth' | 'height'> {
  query: CardListQuery;
  label: string;
  errorMessage: string;
  /** What the list says when it is empty (SPEC's 'No cards found'). */
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
  // A new search is a new list: its first page is a first load, and it starts from the top.
  return <CardsOfQuery key={`${query.businessId}|${query.q.trim()}|${query.status}`} {...props} />;
}

function CardsOfQuery({ query, label, errorMessage, emptyMessage, noMatchHint, noMatchMessage, renderCard, ...listProps }: PagedCardsProps) {
  // Opening a screen shows what the server has now (a customer may have signed up meanwhile).
  const first = useGetCardsPageQuery(pageArgs(query, 0), { refetchOnMountOrArgChange: true });
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
            renderItem={(index) => <CardSlot query={query} index={index} render={renderCard} />}
            {...listProps}
          />
        </>
      )}
    </QueryState>
  );
}
