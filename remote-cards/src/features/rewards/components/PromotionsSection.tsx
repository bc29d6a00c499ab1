import type { ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import styled from 'styled-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, ButtonRow, Checkbox, Field, FormAlert, MESSAGES, QueryState, Select, StackedForm, TextField, errorMessage, formatDate, useNotify, VisuallyHidden } from '@loyalty/shared';
import { useCreatePromotionMutation, useDeletePromotionMutation, useGetPromotionsQuery, useSetPromotionActiveMutation, type Promotion } from '../api';
import { EMPTY_PROMOTION_FORM, defaultValueOf, promotionFormSchema, promotionRequest, type PromotionForm, type PromotionKind } from '../model/promotionForm';
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

function NewPromotionForm({ businessId }: { businessId: string }) {
  const [create, { isLoading }] = useCreatePromotionMutation();
  const notify = useNotify();
  const { register, handleSubmit, setError, setValue, clearErrors, reset, formState, control } = useForm<PromotionForm>({
    resolver: zodResolver(promotionFormSchema),
    defaultValues: EMPTY_PROMOTION_FORM,
  });
  const { errors } = formState;
  const kind = useWatch({ control, name: 'kind' });

  // Checked here first (the API's rules, each said beside its field); nothing is sent until they hold.
  const submit = handleSubmit(async (form) => {
    if (isLoading) return;
    try {
      await create(promotionRequest(businessId, form)).unwrap();
      reset(EMPTY_PROMOTION_FORM);
      notify.success(PROMOTION_SAVED);
    } catch (failure) {
      // A refusal the form cannot foresee, in the API's words.
      setError('root.server', { message: errorMessage(failure, MESSAGES.settingsSaveError) });
    }
  });
  const serverError = errors.root?.server?.message;
  return (
    <StackedForm aria-label="Nuova promozione" noValidate onSubmit={(event) => void submit(event)}>
      <FieldRow>
        <TextField label="Nome della promozione" placeholder="Doppi punti oggi" error={errors.name?.message} {...register('name')} />
        <Field label="Tipo">
          {(field) => (
            <Select
              {...field}
              {...register('kind', {
                onChange: (e: ChangeEvent<HTMLSelectElement>) => {
                  setValue('value', defaultValueOf(e.target.value as PromotionKind));
                  clearErrors('value');
                },
              })}
            >
              <option value="multiplier">Moltiplicatore (×)</option>
              <option value="bonus">Punti extra (+)</option>
            </Select>
          )}
        </Field>
        <TextField
          label={kind === 'multiplier' ? 'Moltiplicatore' : 'Punti extra'}
          hint={kind === 'multiplier' ? 'Più di 1, al massimo 10 (2 = doppi punti)' : 'Da 1 a 10.000 per vendita'}
          inputMode="decimal"
          error={errors.value?.message}
          {...register('value')}
        />
      </FieldRow>
      <FieldRow>
        <TextField label="Dal (facoltativo)" type="date" error={errors.starts_on?.message} {...register('starts_on')} />
        <TextField label="Al (facoltativo)" type="date" error={errors.ends_on?.message} {...register('ends_on')} />
        <TextField label="Dalle (facoltativo)" type="time" error={errors.start_time?.message} {...register('start_time')} />
        <TextField label="Alle (facoltativo)" type="time" error={errors.end_time?.message} {...register('end_time')} />
      </FieldRow>
      <Days>
        <legend>Giorni della settimana (nessuno: tutti)</legend>
        {WEEKDAYS.map((day, i) => (
          <Checkbox key={day} label={day} value={String(i + 1)} {...register('weekdays')} />
        ))}
      </Days>
      {serverError && <FormAlert role="alert">{serverError}</FormAlert>}
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
