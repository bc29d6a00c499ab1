import { useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Checkbox, errorMessage, Link, MESSAGES, TextField } from '@loyalty/shared';
import { useCreateLoyaltyCardMutation, type CardSignupResponse } from '../api';
import { signupRequest } from '../model/signupAnswer';
import { MARKETING_CHANNELS, MARKETING_LEGEND, SIGNUP_FIELD_NAMES, SIGNUP_MESSAGES, validateSignup, type MarketingChannel, type SignupErrors, type SignupValues } from '../model/validateSignup';

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

const EMPTY: SignupValues = { email: '', fullName: '', phone: '', privacyAck: false, marketingChannels: new Set() };

export function SignupForm({ businessId, onCreated }: { businessId: string; onCreated: (answer: CardSignupResponse) => void }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<SignupErrors>({});
  const [serverError, setServerError] = useState('');
  const [createCard, { isLoading }] = useCreateLoyaltyCardMutation();
  const formRef = useRef<HTMLFormElement>(null);

  const change = (field: keyof SignupValues, value: string | boolean) => setValues((v) => ({ ...v, [field]: value }));
  const toggleChannel = (channel: MarketingChannel, on: boolean) =>
    setValues((v) => {
      const marketingChannels = new Set(v.marketingChannels);
      if (on) marketingChannels.add(channel);
      else marketingChannels.delete(channel);
      return { ...v, marketingChannels };
    });

  // Keyboard and screen-reader users land on the field to fix, which reads out its message.
  const focusField = (field: keyof SignupErrors) => (formRef.current?.elements.namedItem(SIGNUP_FIELD_NAMES[field]) as HTMLElement | null)?.focus();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSignup(values);
    setErrors(found);
    setServerError('');
    if (Object.keys(found).length > 0) {
      focusField(Object.keys(found)[0] as keyof SignupErrors);
      return;
    }
    try {
      const answer = await createCard(signupRequest(values, businessId)).unwrap();
      onCreated(answer);
    } catch (failure) {
      const message = errorMessage(failure, MESSAGES.userCreateError);
      // Issue 17: the number the server could not read is shown under the phone field.
      if (message === SIGNUP_MESSAGES.phoneInvalid) {
        setErrors({ phone: message });
        focusField('phone');
      } else {
        setServerError(message);
      }
    }
  };

  return (
    <Form ref={formRef} onSubmit={submit} noValidate aria-label="Richiesta della carta fedeltà">
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={values.email}
        error={errors.email}
        onChange={(e) => change('email', e.target.value)}
      />
      <TextField
        label="Nome completo"
        name="full_name"
        autoComplete="name"
        required
        value={values.fullName}
        error={errors.fullName}
        onChange={(e) => change('fullName', e.target.value)}
      />
      <TextField
        label="Numero di telefono"
        type="tel"
        name="phone"
        autoComplete="tel"
        required
        value={values.phone}
        error={errors.phone}
        onChange={(e) => change('phone', e.target.value)}
      />
      <Consents>
        <legend>Consensi</legend>
        <Checkbox
          label="Ho letto l'informativa sulla privacy (obbligatorio)"
          name="privacy_ack"
          required
          checked={values.privacyAck}
          aria-invalid={errors.privacyAck ? true : undefined}
          aria-describedby={errors.privacyAck ? 'privacy-ack-error' : undefined}
          onChange={(e) => change('privacyAck', e.target.checked)}
        />
        {errors.privacyAck && <FieldError id="privacy-ack-error">{errors.privacyAck}</FieldError>}
        {/* A new tab, so the half-filled form stays where it is. */}
        <Link to="/privacy" target="_blank" rel="noopener">
          Leggi l&apos;informativa sulla privacy
        </Link>
        <Channels>
          <legend>{MARKETING_LEGEND}</legend>
          {MARKETING_CHANNELS.map(({ channel, label }) => (
            <Checkbox
              key={channel}
              label={label}
              name="marketing_channels"
              value={channel}
              checked={values.marketingChannels.has(channel)}
              onChange={(e) => toggleChannel(channel, e.target.checked)}
            />
          ))}
        </Channels>
      </Consents>
      {serverError && <ServerError role="alert">{serverError}</ServerError>}
      <Button type="submit" loading={isLoading} fullWidth>
        Ottieni
      </Button>
    </Form>
  );
}
