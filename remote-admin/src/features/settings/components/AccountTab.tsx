import { useState, type FormEvent } from 'react';
import { Button, Card, MESSAGES, TextField, errorMessage, useAuth, useChangePasswordMutation, useNotify } from '@loyalty/shared';
import { FormActions, FormError, FormGrid, Muted, SectionTitle } from '../../../shared/layout';
import { EMPTY_PASSWORD_CHANGE, passwordChangeError, type PasswordChangeForm } from '../model/passwordChange';

export function AccountTab() {
  const { user } = useAuth();
  const notify = useNotify();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [form, setForm] = useState<PasswordChangeForm>(EMPTY_PASSWORD_CHANGE);
  const [error, setError] = useState<string | null>(null);

  const set = (key: keyof PasswordChangeForm, value: string) => setForm((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = passwordChangeError(form);
    setError(invalid);
    if (invalid) return;
    try {
      await changePassword({ currentPassword: form.currentPassword, newPassword: form.newPassword }).unwrap();
      setForm(EMPTY_PASSWORD_CHANGE);
      notify.success(MESSAGES.passwordChanged);
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.passwordChangeError));
    }
  };

  return (
    <Card aria-labelledby="account-title">
      <SectionTitle id="account-title">Cambia password</SectionTitle>
      {user && (
        <Muted>
          Accesso come {user.full_name} ({user.email})
        </Muted>
      )}
      <FormGrid noValidate onSubmit={submit} aria-labelledby="account-title">
        <TextField
          label="Password attuale"
          type="password"
          autoComplete="current-password"
          value={form.currentPassword}
          onChange={(e) => set('currentPassword', e.target.value)}
          required
        />
        <TextField
          label="Nuova password"
          type="password"
          autoComplete="new-password"
          hint="Almeno 8 caratteri."
          value={form.newPassword}
          onChange={(e) => set('newPassword', e.target.value)}
          required
        />
        <TextField
          label="Conferma nuova password"
          type="password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={(e) => set('confirmPassword', e.target.value)}
          required
        />
        {error && <FormError role="alert">{error}</FormError>}
        <FormActions>
          <Button type="submit" loading={isLoading}>
            Aggiorna password
          </Button>
        </FormActions>
      </FormGrid>
    </Card>
  );
}
