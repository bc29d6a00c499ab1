import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, errorMessage, useNotify } from '@loyalty/shared';
import { useSaveAutomationsMutation, type Automations } from '../api';
import { automationFormOf, automationFormSchema, automationsRequest, type AutomationForm } from '../model/automationForm';

export const AUTOMATIONS_SAVED = 'Automazioni salvate';

/** The automations form, started from what the server has (mount it anew, `key`, when that changes). */
export function useAutomationForm(businessId: string, saved: Automations) {
  const notify = useNotify();
  const [save, saving] = useSaveAutomationsMutation();
  const form = useForm<AutomationForm>({ resolver: zodResolver(automationFormSchema), defaultValues: automationFormOf(saved) });
  const { errors, isDirty } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await save({ businessId, change: automationsRequest(values) }).unwrap();
      notify.success(AUTOMATIONS_SAVED);
    } catch (error) {
      form.setError('root.server', { message: errorMessage(error, MESSAGES.settingsSaveError) });
    }
  });

  return {
    register: form.register,
    errors,
    serverError: errors.root?.server?.message,
    channel: form.watch('win_back_channel'),
    changed: isDirty,
    busy: saving.isLoading,
    submit,
  };
}
