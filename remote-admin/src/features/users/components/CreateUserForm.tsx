import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import styled from 'styled-components';
import { Card, Field, PHONE_INVALID, Select, TextField, errorMessage, useNotify, type Business } from '@loyalty/shared';
import { firstErrorMessage } from '@loyalty/shared/forms';
import { FormGrid, SectionTitle } from '../../../shared/layout';
import { useCreateUserMutation, type CreatedUser } from '../api';
import { EMPTY_NEW_USER, NEW_USER_ALERT_FIELDS, USER_CREATE_ERROR, needsPassword, newUserRequest, newUserSchema, type NewUserForm } from '../model/newUser';
import { userQrFileName } from '../model/userQr';
import { BusinessOptions, FormFooter } from '../../../shared/FormFooter';

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
  const errorId = useId();
  const [createUser, { isLoading }] = useCreateUserMutation();
  const schema = useMemo(() => newUserSchema(superAdmin), [superAdmin]);
  // One alert for the form's rules, told again at the next submit; the phone's message under its field
  // (the quick check before the server, or the server's answer), focused.
  const { register, handleSubmit, reset, setError, watch, formState } = useForm<NewUserForm>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY_NEW_USER,
    reValidateMode: 'onSubmit',
  });
  const { errors } = formState;
  const error = firstErrorMessage(errors, NEW_USER_ALERT_FIELDS) ?? errors.root?.server?.message;
  const invalid = (field: keyof NewUserForm) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': errorId } : {});
  const role = watch('role');
  const [created, setCreated] = useState<CreatedUser | null>(null);

  const submit = handleSubmit(async (form) => {
    try {
      const user = await createUser(newUserRequest(form, superAdmin)).unwrap();
      reset({ ...EMPTY_NEW_USER, business_id: form.business_id });
      setCreated(user);
      notify.success(user.message);
      onCreated?.(user);
    } catch (failure) {
      const message = errorMessage(failure, USER_CREATE_ERROR);
      // Focus moves to the field, whose description (the message) screen readers then read.
      if (message === PHONE_INVALID) setError('phone', { message }, { shouldFocus: true });
      else setError('root.server', { message });
    }
  });

  return (
    <Card aria-labelledby="create-user-title">
      <SectionTitle id="create-user-title">Crea utente</SectionTitle>
      <FormGrid noValidate onSubmit={(event) => void submit(event)} aria-labelledby="create-user-title">
        <TextField label="Email" type="email" autoComplete="off" required data-main-action {...invalid('email')} {...register('email')} />
        <TextField label="Nome completo" required {...invalid('full_name')} {...register('full_name')} />
        <TextField label="Telefono" type="tel" error={errors.phone?.message} {...register('phone')} />
        <Field label="Ruolo">
          {(control) => (
            <Select {...control} {...register('role')}>
              <option value="client">Cliente</option>
              {/* Decision 070: an owner's colleague is invited (below), never created without a password. */}
              {superAdmin && <option value="admin">Admin</option>}
            </Select>
          )}
        </Field>
        {role === 'client' && (
          <Field label="Azienda del cliente">
            {(control) => (
              <Select {...control} {...invalid('business_id')} {...register('business_id')} required>
                <option value="">Seleziona un&apos;azienda</option>
                <BusinessOptions businesses={businesses} />
              </Select>
            )}
          </Field>
        )}
        {needsPassword(role, superAdmin) && (
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            hint="Almeno 8 caratteri: il nuovo admin la userà per accedere."
            required
            {...invalid('password')}
            {...register('password')}
          />
        )}
        <FormFooter error={error} errorId={errorId} loading={isLoading}>
          Crea utente
        </FormFooter>
      </FormGrid>
      {created?.qrCode && (
        <CreatedQr>
          <img src={created.qrCode} alt={`Codice QR della carta di ${created.full_name}`} />
          <figcaption>
            <p>Carta creata per {created.full_name}: il QR apre la pagina per aggiungere punti.</p>
            <a href={created.qrCode} download={userQrFileName(created.full_name)}>
              Scarica il codice QR
            </a>
          </figcaption>
        </CreatedQr>
      )}
    </Card>
  );
}
