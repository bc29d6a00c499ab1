import { useState } from 'react';
import styled from 'styled-components';
import { CARD_SEARCH_NO_MATCH, MESSAGES, NoBusinessState, PagedCards, SEARCH_DEBOUNCE_MS, Spinner, TestModeBanner, TextField, useCurrentBusiness, useDebouncedValue } from '@loyalty/shared';
import { WhatsappCard } from './WhatsappCard';

const Search = styled.div`
  max-width: 28rem;
  margin-bottom: ${({ theme }) => theme.space.md};
`;

/** Height of one line of message cards: name, details, a three-line box, the button and an error line. */
const CARD_LINE_HEIGHT = 300;

/**
 * The Easy SMS screen: a WhatsApp message to one customer at a time. The cards are paged and
 * searched by the server and rendered virtually, like the cards screen (the browser never holds
 * the whole customer base); the search box searches on the server (docs/decisions/023-server-audiences.md).
 */
export function EasySmsScreen() {
  const { business, isLoading: businessesLoading } = useCurrentBusiness();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);

  return (
    <div>
      <h1>SMS Facile</h1>
      <p>Scrivi un messaggio WhatsApp a un cliente e invialo dalla sua carta fedeltà.</p>
      {business && <TestModeBanner businessId={business.id} />}
      <Search>
        <TextField
          label="Cerca carte"
          type="search"
          data-main-action
          placeholder="Nome, numero carta o telefono"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </Search>
      {businessesLoading ? (
        <Spinner label="Caricamento delle carte…" />
      ) : !business ? (
        <NoBusinessState />
      ) : (
        <PagedCards
          query={{ businessId: business.id, q, status: 'all' }}
          label="Carte"
          errorMessage={MESSAGES.cardsLoadError}
          emptyMessage="Nessuna carta trovata"
          {...CARD_SEARCH_NO_MATCH}
          lineHeight={CARD_LINE_HEIGHT}
          minColumnWidth={288}
          renderCard={(card) => <WhatsappCard card={card} whatsappEnabled={business.whatsapp_enabled === 1} />}
        />
      )}
    </div>
  );
}
