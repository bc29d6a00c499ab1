import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSaveSettings } from '@loyalty/shared';
import { useSaveProgramMutation, type Program } from '../api';
import { programFormOf, programFormSchema, programRequest, type ProgramForm } from '../model/programForm';

export const PROGRAM_SAVED = 'Programma fedeltà salvato';

/**
 * The program's settings form, started from what the server has (mount it anew, `key`, when that changes).
 * A refusal (switching to stamps while a card holds a fractional balance…) is shown in the API's words.
 */
export function useProgramForm(businessId: string, saved: Program) {
  const saveSettings = useSaveSettings();
  const [saveProgram, saving] = useSaveProgramMutation();
  const form = useForm<ProgramForm>({ resolver: zodResolver(programFormSchema), defaultValues: programFormOf(saved) });
  const { errors, isDirty } = form.formState;

  const submit = form.handleSubmit((values) =>
    saveSettings(saveProgram({ businessId, change: programRequest(values, saved) }), PROGRAM_SAVED, (message) =>
      form.setError('root.server', { message }),
    ),
  );

  return {
    register: form.register,
    errors,
    /** The server's refusal, in its words; a field's own error shows under it. */
    serverError: errors.root?.server?.message,
    expires: form.watch('expiry') === 'months',
    mode: form.watch('loyalty_mode'),
    rule: form.watch('earning_rule'),
    changed: isDirty,
    busy: saving.isLoading,
    submit,
  };
}
