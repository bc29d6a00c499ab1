import { useState } from 'react';
import styled from 'styled-components';
import { EmptyState, ErrorState, MESSAGES, NoBusinessState, Spinner, TestModeBanner, TextField, useCurrentBusiness, useGetBusinessCardsQuery } from '@loyalty/shared';
import { filterCards } from './cardSearch';
import { WhatsappCard } from './WhatsappCard';

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fill, minmax(18rem, 1fr));
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Search = styled.div`
  max-width: 28rem;
  margin-bottom: ${({ theme }) => theme.space.md};
`;

/** SPEC §2 "Easy SMS screen": a WhatsApp message to one customer at a time, with a search that filters the cards. */
export function EasySmsScreen() {
  const { business, isLoading: businessesLoading } = useCurrentBusiness();
  // currentData: after a business switch, never the previous business's cards while the new ones load.
  const { currentData: data, isFetching, isError, refetch } = useGetBusinessCardsQuery(business?.id ?? '', { skip: !business });
  const isLoading = isFetching && !data;
  const [search, setSearch] = useState('');
  const shown = data ? filterCards(data, search) : [];

  return (
    <div>
      <h1>SMS Facile</h1>
      <p>Scrivi un messaggio WhatsApp a un cliente e invialo dalla sua carta fedeltà.</p>
      {business && <TestModeBanner businessId={business.id} />}
      <Search>
        <TextField
          label="Cerca carte"
          type="search"
          placeholder="Nome, numero carta o telefono"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </Search>
      {businessesLoading || isLoading ? (
        <Spinner label="Caricamento delle carte…" />
      ) : !business ? (
        <NoBusinessState />
      ) : isError || !data ? (
        <ErrorState message={MESSAGES.cardsLoadError} onRetry={refetch} />
      ) : data.length === 0 ? (
        <EmptyState message="Nessuna carta trovata" description="Nessuna carta: condividi il link di iscrizione o crea un cliente in Gestione Utenti." />
      ) : shown.length === 0 ? (
        <EmptyState message="Nessuna carta corrisponde alla ricerca" description="Prova con un altro nome, numero di carta o telefono." />
      ) : (
        <List aria-label="Carte">
          {shown.map((card) => (
            <WhatsappCard key={card.id} card={card} whatsappEnabled={business.whatsapp_enabled === 1} />
          ))}
        </List>
      )}
    </div>
  );
}
