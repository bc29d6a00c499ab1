import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import styled from 'styled-components';
import { Button, Checkbox, errorMessage, Link, MESSAGES, TextField } from '@loyalty/shared';
import { signupForm, type FormInput } from '@loyalty/shared/forms';
import { useCreateLoyaltyCardMutation, type CardSignupResponse } from '../api';
import { signupRequest } from '../model/signupAnswer';
import { MARKETING_CHANNELS, MARKETING_LEGEND, SIGNUP_MESSAGES } from '../model/validateSignup';

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

export const Consents = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  border: 0;
  legend { padding: 0; margin-bottom: ${({ theme }) => theme.space.xs}; font-weight: 600; }
`;

/** The marketing channels: a group of its own inside the consents, one checkbox per channel. */
export const Channels = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  margin: 0;
  padding: 0;
  border: 0;
  legend { padding: 0; margin-bottom: ${({ theme }) => theme.space.xs}; font-weight: normal; }
`;

export const FieldError = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.danger};
`;

export const ServerError = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerSurface};
  color: ${({ theme }) => theme.colors.danger};
`;

type SignupFormValues = FormInput<typeof signupForm>;

const EMPTY: SignupFormValues = { email: '', full_name: '', phone: '', privacy_ack: false, marketing_channels: [] };

/**
 * SPEC §5 with shared's `signupForm` rule (the prerendered page's script checks the same with
 * validateSignup.ts; tools/test/form-rules.test.ts proves they agree). The first invalid field takes the
 * focus and reads out its message.
 */
export function SignupForm({ businessId, onCreated }: { businessId: string; onCreated: (answer: CardSignupResponse) => void }) {
  const [createCard, { isLoading }] = useCreateLoyaltyCardMutation();
  const { register, handleSubmit, setError, formState } = useForm<SignupFormValues>({ resolver: zodResolver(signupForm), defaultValues: EMPTY });
  const { errors } = formState;

  const submit = handleSubmit(async (values) => {
    try {
      const request = { email: values.email, fullName: values.full_name, phone: values.phone, privacyAck: values.privacy_ack, marketingChannels: new Set(values.marketing_channels) };
      const answer = await createCard(signupRequest(request, businessId)).unwrap();
      onCreated(answer);
    } catch (failure) {
      const message = errorMessage(failure, MESSAGES.userCreateError);
      // Issue 17: the number the server could not read is shown under the phone field.
      if (message === SIGNUP_MESSAGES.phoneInvalid) setError('phone', { message }, { shouldFocus: true });
      else setError('root.server', { message });
    }
  });

  return (
    <Form onSubmit={(event) => void submit(event)} noValidate aria-label="Richiesta della carta fedeltà">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Nome completo"
        autoComplete="name"
        required
        error={errors.full_name?.message}
        {...register('full_name')}
      />
      <TextField
        label="Numero di telefono"
        type="tel"
        autoComplete="tel"
        required
        error={errors.phone?.message}
        {...register('phone')}
      />
      <Consents>
        <legend>Consensi</legend>
        <Checkbox
          label="Ho letto l'informativa sulla privacy (obbligatorio)"
          required
          aria-invalid={errors.privacy_ack ? true : undefined}
          aria-describedby={errors.privacy_ack ? 'privacy-ack-error' : undefined}
          {...register('privacy_ack')}
        />
        {errors.privacy_ack && <FieldError id="privacy-ack-error">{errors.privacy_ack.message}</FieldError>}
        <PrivacyNoticeLink />
        <Channels>
          <legend>{MARKETING_LEGEND}</legend>
          {MARKETING_CHANNELS.map(({ channel, label }) => (
            <Checkbox
              key={channel}
              label={label}
              value={channel}
              {...register('marketing_channels')}
            />
          ))}
        </Channels>
      </Consents>
      {errors.root?.server && <ServerError role="alert">{errors.root.server.message}</ServerError>}
      <Button type="submit" loading={isLoading} fullWidth>
        Ottieni
      </Button>
    </Form>
  );
}

/** The privacy notice, in a new tab so the half-filled form stays where it is (also on the prerendered page). */
export function PrivacyNoticeLink() {
  return (
    <Link to="/privacy" target="_blank" rel="noopener">
      Leggi l&apos;informativa sulla privacy
    </Link>
  );
}
