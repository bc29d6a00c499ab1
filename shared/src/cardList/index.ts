// Card lists paged and searched by the server and rendered virtually (docs/decisions/010 and 023): the cards
// screens, Easy SMS and the campaign dialog's picker never hold a business's whole card list.
export { VirtualList, type VirtualListProps } from './VirtualList';
export { PagedCards, CARD_SEARCH_NO_MATCH, FIRST_PAGE_FRESH_S, PAGE_SIZE as CARD_PAGE_SIZE, prefetchCardList, type CardListQuery, type PagedCardsProps } from './PagedCards';
export { useDebouncedValue, SEARCH_DEBOUNCE_MS } from './useDebouncedValue';
