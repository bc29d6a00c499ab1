import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSaveSettings } from '@loyalty/shared';
import { useSaveAutomationsMutation, type Automations } from '../api';
import { automationFormOf, automationFormSchema, automationsRequest, type AutomationForm } from '../model/automationForm';

export const AUTOMATIONS_SAVED = 'Automazioni salvate';

/** The automations form, started from what the server has (mount it anew, `key`, when that changes). */
export function useAutomationForm(businessId: string, saved: Automations) {
  const saveSettings = useSaveSettings();
  const [save, saving] = useSaveAutomationsMutation();
  const form = useForm<AutomationForm>({ resolver: zodResolver(automationFormSchema), defaultValues: automationFormOf(saved) });
  const { errors, isDirty } = form.formState;

  const submit = form.handleSubmit((values) =>
    saveSettings(save({ businessId, change: automationsRequest(values) }), AUTOMATIONS_SAVED, (message) => form.setError('root.server', { message })),
  );

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
