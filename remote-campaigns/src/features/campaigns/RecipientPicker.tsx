import { useState } from 'react';
import styled from 'styled-components';
import {
  Checkbox,
  EmptyState,
  ErrorState,
  Field,
  MESSAGES,
  Select,
  Spinner,
  TextField,
  formatCount,
  formatPhone,
  useGetBusinessCardsQuery,
  type LoyaltyCard,
} from '@loyalty/shared';
import { filterRecipientCards, type CardActivity } from './campaignModel';

const Fieldset = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  legend { font-weight: ${({ theme }) => theme.fontWeights.medium}; }
`;

const Filters = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
`;

const CardList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  max-height: 14rem;
  margin: 0;
  padding: 0;
  overflow-y: auto;
  list-style: none;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface RecipientPickerProps {
  businessId: string;
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>, cards: readonly LoyaltyCard[]) => void;
}

/** The business's cards to choose the recipients from: search, active/inactive filter, select all (of those shown). */
export function RecipientPicker({ businessId, selected, onChange }: RecipientPickerProps) {
  const { data: cards, isLoading, isError, refetch } = useGetBusinessCardsQuery(businessId);
  const [search, setSearch] = useState('');
  const [activity, setActivity] = useState<CardActivity>('all');
  const shown = cards ? filterRecipientCards(cards, search, activity) : [];
  const allShownSelected = shown.length > 0 && shown.every((card) => selected.has(card.id));

  const update = (next: Set<string>) => onChange(next, cards ?? []);
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    update(next);
  };
  const toggleAllShown = () => {
    const next = new Set(selected);
    for (const card of shown) {
      if (allShownSelected) next.delete(card.id);
      else next.add(card.id);
    }
    update(next);
  };

  return (
    <Fieldset>
      <legend>Destinatari</legend>
      {isLoading ? (
        <Spinner label="Caricamento delle carte…" />
      ) : isError || !cards ? (
        <ErrorState message={MESSAGES.cardsLoadError} onRetry={refetch} />
      ) : cards.length === 0 ? (
        <EmptyState
          message="Nessuna carta fedeltà per questa attività"
          description="I destinatari sono i clienti con una carta: condividi il link di iscrizione o crea un cliente in Gestione Utenti."
        />
      ) : (
        <>
          <Filters>
            <TextField label="Cerca clienti" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
            <Field label="Carte">
              {(control) => (
                <Select {...control} value={activity} onChange={(e) => setActivity(e.target.value as CardActivity)}>
                  <option value="all">Tutte</option>
                  <option value="active">Attive</option>
                  <option value="inactive">Inattive</option>
                </Select>
              )}
            </Field>
          </Filters>
          <Checkbox label="Seleziona tutti" checked={allShownSelected} disabled={shown.length === 0} onChange={toggleAllShown} />
          {shown.length === 0 ? (
            <p>Nessuna carta corrisponde alla ricerca: prova con altre parole o scegli «Tutte».</p>
          ) : (
            <CardList aria-label="Carte fedeltà">
              {shown.map((card) => (
                <li key={card.id}>
                  <Checkbox
                    label={
                      <>
                        {card.customer_name} <Muted>· {card.customer_phone ? formatPhone(card.customer_phone) : card.email || card.card_number}</Muted>
                      </>
                    }
                    checked={selected.has(card.id)}
                    onChange={() => toggle(card.id)}
                  />
                </li>
              ))}
            </CardList>
          )}
          <p aria-live="polite">{formatCount(selected.size, { one: 'destinatario selezionato', other: 'destinatari selezionati' })}</p>
        </>
      )}
    </Fieldset>
  );
}
