import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Card, MESSAGES, TextField, errorMessage, useAuth, useChangePasswordMutation, useNotify } from '@loyalty/shared';
import { firstErrorMessage } from '@loyalty/shared/forms';
import { FormGrid, Muted, SectionTitle } from '../../../shared/layout';
import { EMPTY_PASSWORD_CHANGE, PASSWORD_CHANGE_FIELDS, passwordChangeSchema, type PasswordChangeForm } from '../model/passwordChange';
import { FormFooter } from '../../../shared/FormFooter';

export function AccountTab() {
  const { user } = useAuth();
  const notify = useNotify();
  const errorId = useId();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  // One message for the form (the schema's order), told again only at the next submit.
  const { register, handleSubmit, reset, setError, formState } = useForm<PasswordChangeForm>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: EMPTY_PASSWORD_CHANGE,
    reValidateMode: 'onSubmit',
  });
  const { errors } = formState;
  const error = firstErrorMessage(errors, PASSWORD_CHANGE_FIELDS) ?? errors.root?.server?.message;
  const invalid = (field: keyof PasswordChangeForm) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': errorId } : {});

  const submit = handleSubmit(async (form) => {
    try {
      await changePassword({ currentPassword: form.currentPassword, newPassword: form.newPassword }).unwrap();
      reset(EMPTY_PASSWORD_CHANGE);
      notify.success(MESSAGES.passwordChanged);
    } catch (failure) {
      setError('root.server', { message: errorMessage(failure, MESSAGES.passwordChangeError) });
    }
  });

  return (
    <Card aria-labelledby="account-title">
      <SectionTitle id="account-title">Cambia password</SectionTitle>
      {user && (
        <Muted>
          Accesso come {user.full_name} ({user.email})
        </Muted>
      )}
      <FormGrid noValidate onSubmit={(event) => void submit(event)} aria-labelledby="account-title">
        <TextField label="Password attuale" type="password" autoComplete="current-password" required {...invalid('currentPassword')} {...register('currentPassword')} />
        <TextField
          label="Nuova password"
          type="password"
          autoComplete="new-password"
          hint="Almeno 8 caratteri."
          required
          {...invalid('newPassword')}
          {...register('newPassword')}
        />
        <TextField label="Conferma nuova password" type="password" autoComplete="new-password" required {...invalid('confirmPassword')} {...register('confirmPassword')} />
        <FormFooter error={error} errorId={errorId} loading={isLoading}>
          Aggiorna password
        </FormFooter>
      </FormGrid>
    </Card>
  );
}
