import { PagedCards, type PagedCardsProps } from '@loyalty/shared';

/**
 * The business's cards as both cards screens (Panoramica and Carte Fedeltà) list them, paged and virtual: one
 * accessible name and one empty-list text for the same list; each screen gives its rows, sizes and hints.
 */
export function BusinessCardList(props: Omit<PagedCardsProps, 'label' | 'emptyMessage'>) {
  return <PagedCards label="Carte fedeltà" emptyMessage="Nessuna carta trovata" {...props} />;
}
