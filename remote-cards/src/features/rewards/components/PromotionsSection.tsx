import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Badge, Button, ButtonRow, Checkbox, Field, FormAlert, Input, MESSAGES, QueryState, Select, StackedForm, TextField, errorMessage, formatDate, useNotify, VisuallyHidden } from '@loyalty/shared';
import { useCreatePromotionMutation, useDeletePromotionMutation, useGetPromotionsQuery, useSetPromotionActiveMutation, type NewPromotion, type Promotion } from '../api';
import { FieldRow, Section } from './layout';

export const WEEKDAYS = ['lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato', 'domenica'] as const;
export const PROMOTION_SAVED = 'Promozione creata';

const List = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space.lg};
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  li {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space.sm};
    align-items: center;
    justify-content: space-between;
    padding: ${({ theme }) => theme.space.sm} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Days = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  legend { margin-bottom: ${({ theme }) => theme.space.xs}; }
`;

/** 'Doppi punti · ×2 · dal 01/12/2026 al 31/12/2026 · martedì · 18:00–20:00'. */
export function promotionSummary(p: Promotion): string {
  const what = p.multiplier !== null ? `×${String(p.multiplier).replace('.', ',')}` : `+${p.bonus_points} punti`;
  const when = [
    p.starts_on && p.ends_on && p.starts_on === p.ends_on ? `il ${formatDate(p.starts_on)}` : null,
    p.starts_on && p.starts_on !== p.ends_on ? `dal ${formatDate(p.starts_on)}` : null,
    p.ends_on && p.starts_on !== p.ends_on ? `fino al ${formatDate(p.ends_on)}` : null,
    p.weekdays ? p.weekdays.map((d) => WEEKDAYS[d - 1]).join(', ') : null,
    p.start_time && p.end_time ? `${p.start_time}–${p.end_time}` : null,
  ].filter(Boolean);
  return [what, ...(when.length > 0 ? when : ['sempre'])].join(' · ');
}

interface Draft {
  name: string;
  kind: 'multiplier' | 'bonus';
  value: string;
  starts_on: string;
  ends_on: string;
  weekdays: number[];
  start_time: string;
  end_time: string;
}
const EMPTY: Draft = { name: '', kind: 'multiplier', value: '2', starts_on: '', ends_on: '', weekdays: [], start_time: '', end_time: '' };

/** The draft as the API takes it; the API checks it and names the wrong field. */
function promotionRequest(businessId: string, d: Draft): NewPromotion {
  const value = Number(d.value.trim().replace(',', '.'));
  return {
    businessId,
    name: d.name,
    ...(d.kind === 'multiplier' ? { multiplier: value } : { bonus_points: value }),
    starts_on: d.starts_on || null,
    ends_on: d.ends_on || null,
    weekdays: d.weekdays.length > 0 ? d.weekdays : null,
    start_time: d.start_time || null,
    end_time: d.end_time || null,
  };
}

function NewPromotionForm({ businessId }: { businessId: string }) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [create, { isLoading }] = useCreatePromotionMutation();
  const notify = useNotify();
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await create(promotionRequest(businessId, draft)).unwrap();
      setDraft(EMPTY);
      setError(null);
      notify.success(PROMOTION_SAVED);
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.settingsSaveError));
    }
  }
  return (
    <StackedForm aria-label="Nuova promozione" noValidate onSubmit={(event) => void submit(event)}>
      <FieldRow>
        <TextField label="Nome della promozione" placeholder="Doppi punti oggi" value={draft.name} onChange={(e) => set({ name: e.target.value })} />
        <Field label="Tipo">
          {(control) => (
            <Select {...control} value={draft.kind} onChange={(e) => set({ kind: e.target.value as Draft['kind'], value: e.target.value === 'multiplier' ? '2' : '20' })}>
              <option value="multiplier">Moltiplicatore (×)</option>
              <option value="bonus">Punti extra (+)</option>
            </Select>
          )}
        </Field>
        <TextField
          label={draft.kind === 'multiplier' ? 'Moltiplicatore' : 'Punti extra'}
          hint={draft.kind === 'multiplier' ? 'Più di 1, al massimo 10 (2 = doppi punti)' : 'Da 1 a 10.000 per vendita'}
          inputMode="decimal"
          value={draft.value}
          onChange={(e) => set({ value: e.target.value })}
        />
      </FieldRow>
      <FieldRow>
        <Field label="Dal (facoltativo)">{(control) => <Input {...control} type="date" value={draft.starts_on} onChange={(e) => set({ starts_on: e.target.value })} />}</Field>
        <Field label="Al (facoltativo)">{(control) => <Input {...control} type="date" value={draft.ends_on} onChange={(e) => set({ ends_on: e.target.value })} />}</Field>
        <Field label="Dalle (facoltativo)">{(control) => <Input {...control} type="time" value={draft.start_time} onChange={(e) => set({ start_time: e.target.value })} />}</Field>
        <Field label="Alle (facoltativo)">{(control) => <Input {...control} type="time" value={draft.end_time} onChange={(e) => set({ end_time: e.target.value })} />}</Field>
      </FieldRow>
      <Days>
        <legend>Giorni della settimana (nessuno: tutti)</legend>
        {WEEKDAYS.map((day, i) => (
          <Checkbox
            key={day}
            label={day}
            checked={draft.weekdays.includes(i + 1)}
            onChange={(e) => set({ weekdays: e.target.checked ? [...draft.weekdays, i + 1] : draft.weekdays.filter((d) => d !== i + 1) })}
          />
        ))}
      </Days>
      {error && <FormAlert role="alert">{error}</FormAlert>}
      <ButtonRow>
        <Button type="submit" variant="secondary" loading={isLoading}>
          Crea promozione
        </Button>
      </ButtonRow>
    </StackedForm>
  );
}

function PromotionItem({ promotion }: { promotion: Promotion }) {
  const [setActive, activeState] = useSetPromotionActiveMutation();
  const [remove, removeState] = useDeletePromotionMutation();
  const notify = useNotify();
  const act = (action: Promise<unknown>) => action.catch((failure: unknown) => notify.error(errorMessage(failure, MESSAGES.settingsSaveError)));
  return (
    <li>
      <span>
        <strong>{promotion.name}</strong> — {promotionSummary(promotion)} {!promotion.active && <Badge $tone="neutral">Sospesa</Badge>}
      </span>
      <span>
        <Button variant="secondary" loading={activeState.isLoading} onClick={() => void act(setActive({ id: promotion.id, active: !promotion.active }).unwrap())}>
          {promotion.active ? 'Sospendi' : 'Riattiva'} <VisuallyHidden>{promotion.name}</VisuallyHidden>
        </Button>{' '}
        <Button variant="danger" loading={removeState.isLoading} onClick={() => void act(remove(promotion.id).unwrap())} aria-label={`Elimina ${promotion.name}`}>
          Elimina
        </Button>
      </span>
    </li>
  );
}

/**
 * «Promozioni» of the Premi screen (decision 075): extra points for a period, days or hours. On one sale the best
 * multiplier and the sum of the extra points count, never one multiplied by another.
 */
export function PromotionsSection({ businessId }: { businessId: string }) {
  const query = useGetPromotionsQuery(businessId);
  return (
    <Section aria-labelledby="promozioni">
      <h2 id="promozioni">Promozioni</h2>
      <p>Valgono per le vendite con la regola dall’importo speso o per visita. Su una vendita conta il moltiplicatore più alto, più la somma dei punti extra.</p>
      <QueryState
        query={query}
        loadingLabel="Caricamento delle promozioni…"
        errorMessage={(error) => errorMessage(error, MESSAGES.settingsLoadError)}
        isEmpty={(list: Promotion[]) => list.length === 0}
        empty={{ message: 'Nessuna promozione', description: 'Crea la prima qui sotto, per esempio «Doppi punti il martedì».' }}
      >
        {(list) => (
          <List aria-label="Promozioni">
            {list.map((promotion) => (
              <PromotionItem key={promotion.id} promotion={promotion} />
            ))}
          </List>
        )}
      </QueryState>
      <NewPromotionForm businessId={businessId} />
    </Section>
  );
}
