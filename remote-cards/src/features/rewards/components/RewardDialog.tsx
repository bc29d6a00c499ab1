import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import styled from 'styled-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, DialogFooter, Field, Modal, StackedForm, Textarea, TextField, errorMessage, useNotify } from '@loyalty/shared';
import { unitWord, type LoyaltyMode } from '../../../shared/loyaltyMode';
import { useCreateRewardMutation, useUpdateRewardMutation, type Reward } from '../api';
import { EMPTY_REWARD_FORM, rewardFormOf, rewardFormSchema, rewardRequest, type RewardForm } from '../model/rewardForm';
import { expiredRewardWarning } from '../model/rewardText';
import { CountField } from './CountField';
import { FieldRow } from './layout';

export const REWARD_SAVE_ERROR = 'Errore durante il salvataggio del premio';

const Warning = styled.p`
  margin: ${({ theme }) => theme.space.sm} 0 0;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  color: ${({ theme }) => theme.colors.warning};
  background: ${({ theme }) => theme.colors.warningSurface};
  border-radius: ${({ theme }) => theme.radii.md};
`;

/** What the dialog is open for: a new reward, or one to change. */
export type RewardEditing = { kind: 'new' } | { kind: 'edit'; reward: Reward };

export interface RewardDialogProps {
  editing: RewardEditing | null;
  businessId: string;
  mode: LoyaltyMode;
  onClose: () => void;
}

/** 'Nuovo premio' / 'Modifica premio': the catalogue's one form (react-hook-form, decision 034). */
export function RewardDialog({ editing, businessId, mode, onClose }: RewardDialogProps) {
  return (
    <Modal open={editing !== null} onClose={onClose} title={editing?.kind === 'edit' ? 'Modifica premio' : 'Nuovo premio'}>
      {editing && <RewardFormFields key={editing.kind === 'edit' ? editing.reward.id : 'new'} editing={editing} businessId={businessId} mode={mode} onClose={onClose} />}
    </Modal>
  );
}

function RewardFormFields({ editing, businessId, mode, onClose }: { editing: RewardEditing; businessId: string; mode: LoyaltyMode; onClose: () => void }) {
  const notify = useNotify();
  const [createReward, creation] = useCreateRewardMutation();
  const [updateReward, update] = useUpdateRewardMutation();
  const busy = creation.isLoading || update.isLoading;
  const { register, handleSubmit, setError, formState, control } = useForm<RewardForm>({
    resolver: zodResolver(rewardFormSchema),
    defaultValues: editing.kind === 'edit' ? rewardFormOf(editing.reward) : EMPTY_REWARD_FORM,
  });
  const { errors } = formState;
  // A last day already past warns before saving, and saving stays possible (a reward kept for the record). The
  // live region is always there so that a screen reader hears the warning when it appears; the date field names
  // it in its description.
  const warning = expiredRewardWarning(useWatch({ control, name: 'valid_until' }), new Date());
  const warningId = useId();

  const submit = handleSubmit(async (form) => {
    if (busy) return;
    const body = rewardRequest(form);
    try {
      const saved =
        editing.kind === 'edit'
          ? await updateReward({ id: editing.reward.id, change: body }).unwrap()
          : await createReward({ businessId, ...body }).unwrap();
      notify.success(editing.kind === 'edit' ? `Premio «${saved.name}» aggiornato` : `Premio «${saved.name}» creato`);
      onClose();
    } catch (error) {
      // The API's Italian reason (a duplicate, a limit) as it says it.
      setError('root.server', { message: errorMessage(error, REWARD_SAVE_ERROR) });
    }
  });

  return (
    <StackedForm onSubmit={(event) => void submit(event)} noValidate aria-busy={busy || undefined}>
      <TextField label="Nome del premio" required aria-required="true" maxLength={200} error={errors.name?.message} {...register('name')} />
      <CountField label={`Costo (${unitWord(mode)})`} required aria-required="true" error={errors.cost} {...register('cost')} />
      <Field label="Descrizione (facoltativa)">
        {(control) => <Textarea {...control} rows={2} maxLength={1000} {...register('description')} />}
      </Field>
      <div>
        <FieldRow>
          <TextField label="Valido dal" type="date" hint="Vuoto: da subito" error={errors.valid_from?.message} {...register('valid_from')} />
          <TextField
            label="Valido fino al"
            type="date"
            hint="Vuoto: senza scadenza"
            error={errors.valid_until?.message}
            aria-describedby={warning ? warningId : undefined}
            {...register('valid_until')}
          />
        </FieldRow>
        <div role="status">{warning && <Warning id={warningId}>{warning}</Warning>}</div>
      </div>
      <CountField label="Pezzi disponibili" hint="Vuoto: illimitati. Scende di uno a ogni riscatto." error={errors.stock} {...register('stock')} />
      <Checkbox label="Attivo (riscattabile alla cassa)" {...register('active')} />
      <DialogFooter error={errors.root?.server?.message} onCancel={onClose} loading={busy}>
        Salva premio
      </DialogFooter>
    </StackedForm>
  );
}
