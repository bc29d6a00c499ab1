import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Card, Field, PHONE_INVALID, Select, TextField, errorMessage, looksLikePhone, useNotify, type Business } from '@loyalty/shared';
import { FormActions, FormError, FormGrid, SectionTitle } from '../../../shared/layout';
import { useCreateUserMutation, type CreatedUser } from '../api';
import { EMPTY_NEW_USER, USER_CREATE_ERROR, needsPassword, newUserError, newUserRequest, type NewUserForm } from '../model/newUser';
import { userQrFileName } from '../model/userQr';

const CreatedQr = styled.figure`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => theme.space.lg} 0 0;

  img {
    width: 10rem;
    height: 10rem;
    image-rendering: pixelated;
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

export interface CreateUserFormProps {
  businesses: readonly Business[];
  superAdmin: boolean;
  onCreated?: (user: CreatedUser) => void;
}

export function CreateUserForm({ businesses, superAdmin, onCreated }: CreateUserFormProps) {
  const notify = useNotify();
  const [createUser, { isLoading }] = useCreateUserMutation();
  const [form, setForm] = useState<NewUserForm>(EMPTY_NEW_USER);
  const [error, setError] = useState<string | null>(null);
  /** Issue 17: a number that is not one, shown under the phone field (the server's answer, or the quick check before it). */
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const phoneId = useId();
  const focusPhone = () => document.getElementById(phoneId)?.focus();
  const [created, setCreated] = useState<CreatedUser | null>(null);

  const set = <K extends keyof NewUserForm>(key: K, value: NewUserForm[K]) => setForm((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = newUserError(form, superAdmin);
    setError(invalid);
    const badPhone = form.phone.trim() !== '' && !looksLikePhone(form.phone) ? PHONE_INVALID : null;
    setPhoneError(badPhone);
    if (invalid) return;
    if (badPhone) {
      focusPhone();
      return;
    }
    try {
      const user = await createUser(newUserRequest(form, superAdmin)).unwrap();
      setForm({ ...EMPTY_NEW_USER, business_id: form.business_id });
      setCreated(user);
      notify.success(user.message);
      onCreated?.(user);
    } catch (failure) {
      const message = errorMessage(failure, USER_CREATE_ERROR);
      if (message === PHONE_INVALID) {
        setPhoneError(message);
        // Focus moves to the field, whose description (the message) screen readers then read.
        focusPhone();
      } else {
        setError(message);
      }
    }
  };

  return (
    <Card aria-labelledby="create-user-title">
      <SectionTitle id="create-user-title">Crea utente</SectionTitle>
      <FormGrid noValidate onSubmit={submit} aria-labelledby="create-user-title">
        <TextField label="Email" type="email" autoComplete="off" value={form.email} onChange={(e) => set('email', e.target.value)} required />
        <TextField label="Nome completo" value={form.full_name} onChange={(e) => set('full_name', e.target.value)} required />
        <TextField id={phoneId} label="Telefono" type="tel" value={form.phone} error={phoneError ?? undefined} onChange={(e) => set('phone', e.target.value)} />
        <Field label="Ruolo">
          {(control) => (
            <Select {...control} value={form.role} onChange={(e) => set('role', e.target.value as NewUserForm['role'])}>
              <option value="client">Cliente</option>
              <option value="admin">Admin</option>
            </Select>
          )}
        </Field>
        {form.role === 'client' && (
          <Field label="Azienda del cliente">
            {(control) => (
              <Select {...control} value={form.business_id} onChange={(e) => set('business_id', e.target.value)} required>
                <option value="">Seleziona un&apos;azienda</option>
                {businesses.map((business) => (
                  <option key={business.id} value={business.id}>
                    {business.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        {needsPassword(form.role, superAdmin) && (
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            hint="Almeno 8 caratteri: il nuovo admin la userà per accedere."
            value={form.password}
            onChange={(e) => set('password', e.target.value)}
            required
          />
        )}
        {error && <FormError role="alert">{error}</FormError>}
        <FormActions>
          <Button type="submit" loading={isLoading}>
            Crea utente
          </Button>
        </FormActions>
      </FormGrid>
      {created?.qrCode && (
        <CreatedQr>
          <img src={created.qrCode} alt={`QR Code della carta di ${created.full_name}`} />
          <figcaption>
            <p>Carta creata per {created.full_name}: il QR apre la pagina per aggiungere punti.</p>
            <a href={created.qrCode} download={userQrFileName(created.full_name)}>
              Scarica il QR Code
            </a>
          </figcaption>
        </CreatedQr>
      )}
    </Card>
  );
}
