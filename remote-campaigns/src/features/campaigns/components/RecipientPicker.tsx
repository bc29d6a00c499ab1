import styled from 'styled-components';
import {
  CARD_SEARCH_NO_MATCH,
  Checkbox,
  EmptyState,
  Field,
  MESSAGES,
  PagedCards,
  SEARCH_DEBOUNCE_MS,
  Select,
  TextField,
  formatCount,
  formatPhone,
  useDebouncedValue,
} from '@loyalty/shared';
import { useGetSegmentCountQuery, type CampaignChannel, type SegmentKind } from '../api';
import { RECIPIENTS, SEGMENT_LABELS, segmentOf, type AudienceChoice } from '../model/campaignModel';

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

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** One line of the picked-cards list: a checkbox with the name and a contact. */
const PICK_LINE_HEIGHT = 40;

export interface RecipientPickerProps {
  businessId: string;
  value: AudienceChoice;
  onChange: (value: AudienceChoice) => void;
  /** The campaign's channels: the consent segment counts consent on one of them, as the server does. */
  channels?: readonly CampaignChannel[];
}

/**
 * Who receives the campaign: a segment of the business's cards that the server resolves at each
 * send, with its live size, or cards picked one by one from a list paged and searched by the server. The
 * browser never holds the business's whole card list.
 */
export function RecipientPicker({ businessId, value, onChange, channels = [] }: RecipientPickerProps) {
  const q = useDebouncedValue(value.search.trim(), SEARCH_DEBOUNCE_MS);
  const minPoints = useDebouncedValue(value.minPoints, SEARCH_DEBOUNCE_MS);
  const picking = value.kind === 'cards';
  const segment = segmentOf({ ...value, search: q, minPoints });
  const count = useGetSegmentCountQuery(
    { businessId, kind: segment.kind === 'cards' ? 'all' : segment.kind, minPoints: segment.min_points, q: segment.q, channels: [...channels] },
    { skip: picking },
  );

  const toggle = (id: string) => {
    const picked = new Set(value.picked);
    if (picked.has(id)) picked.delete(id);
    else picked.add(id);
    onChange({ ...value, picked });
  };

  return (
    <Fieldset>
      <legend>Destinatari</legend>
      <Filters>
        <Field
          label="Chi riceve la campagna"
          hint={
            value.kind === 'consent'
              ? 'Ogni invio raggiunge chi ha acconsentito al canale usato; il conteggio vale per almeno uno dei canali scelti.'
              : undefined
          }
        >
          {(control) => (
            <Select {...control} value={value.kind} onChange={(e) => onChange({ ...value, kind: e.target.value as SegmentKind })}>
              {(Object.keys(SEGMENT_LABELS) as SegmentKind[]).map((kind) => (
                <option key={kind} value={kind}>
                  {SEGMENT_LABELS[kind]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <TextField label="Cerca clienti" type="search" placeholder="Nome, numero carta o telefono" value={value.search} onChange={(e) => onChange({ ...value, search: e.target.value })} />
        {!picking && (
          <TextField
            label="Punti minimi"
            type="number"
            inputMode="numeric"
            min={0}
            value={value.minPoints}
            onChange={(e) => onChange({ ...value, minPoints: e.target.value })}
          />
        )}
      </Filters>
      {picking ? (
        <>
          <PagedCards
            query={{ businessId, q, status: 'all' }}
            label="Carte fedeltà"
            errorMessage={MESSAGES.cardsLoadError}
            emptyMessage="Nessuna carta fedeltà per questa attività"
            {...CARD_SEARCH_NO_MATCH}
            lineHeight={PICK_LINE_HEIGHT}
            height="14rem"
            renderCard={(card) => (
              <Checkbox
                label={
                  <>
                    {card.customer_name} <Muted>· {card.customer_phone ? formatPhone(card.customer_phone) : card.email || card.card_number}</Muted>
                  </>
                }
                checked={value.picked.has(card.id)}
                onChange={() => toggle(card.id)}
              />
            )}
          />
          <p aria-live="polite">{formatCount(value.picked.size, { one: 'destinatario selezionato', other: 'destinatari selezionati' })}</p>
        </>
      ) : count.currentData?.count === 0 && value.kind === 'all' && !segment.q && segment.min_points === undefined ? (
        <EmptyState
          message="Nessuna carta fedeltà per questa attività"
          description="I destinatari sono i clienti con una carta: condividi il link di iscrizione o crea un cliente in Gestione Utenti."
        />
      ) : (
        <p aria-live="polite">
          {count.isError
            ? 'Impossibile contare i destinatari'
            : count.currentData === undefined
              ? 'Calcolo dei destinatari…'
              : formatCount(count.currentData.count, RECIPIENTS)}
        </p>
      )}
    </Fieldset>
  );
}
