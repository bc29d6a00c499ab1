import { useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Checkbox, errorMessage, Link, MESSAGES, TextField } from '@loyalty/shared';
import { useCreateLoyaltyCardMutation, type CardSignupResponse } from './api';
import { SIGNUP_MESSAGES, validateSignup, type SignupErrors, type SignupValues } from './validateSignup';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Consents = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  border: 0;
  legend { padding: 0; margin-bottom: ${({ theme }) => theme.space.xs}; font-weight: 600; }
`;

const FieldError = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.danger};
`;

const ServerError = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerSurface};
  color: ${({ theme }) => theme.colors.danger};
`;

/** The form control (by name) of each validated value. */
const FIELD_NAMES: Record<keyof SignupErrors, string> = {
  email: 'email',
  fullName: 'full_name',
  phone: 'phone',
  privacyAck: 'privacy_ack',
};

const EMPTY: SignupValues = { email: '', fullName: '', phone: '', privacyAck: false, marketingConsent: false };

export function SignupForm({ businessId, onCreated }: { businessId: string; onCreated: (answer: CardSignupResponse) => void }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<SignupErrors>({});
  const [serverError, setServerError] = useState('');
  const [createCard, { isLoading }] = useCreateLoyaltyCardMutation();
  const formRef = useRef<HTMLFormElement>(null);

  const change = (field: keyof SignupValues, value: string | boolean) => setValues((v) => ({ ...v, [field]: value }));

  // Keyboard and screen-reader users land on the field to fix, which reads out its message.
  const focusField = (field: keyof SignupErrors) => (formRef.current?.elements.namedItem(FIELD_NAMES[field]) as HTMLElement | null)?.focus();

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
      const answer = await createCard({
        email: values.email.trim(),
        full_name: values.fullName.trim(),
        phone: values.phone.trim(),
        role: 'client',
        business_id: businessId,
        privacy_ack: true,
        marketing_consent: values.marketingConsent,
      }).unwrap();
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
        <Checkbox
          label="Voglio ricevere offerte e promozioni via WhatsApp, SMS ed email (facoltativo)"
          name="marketing_consent"
          checked={values.marketingConsent}
          onChange={(e) => change('marketingConsent', e.target.checked)}
        />
      </Consents>
      {serverError && <ServerError role="alert">{serverError}</ServerError>}
      <Button type="submit" loading={isLoading} fullWidth>
        Ottieni
      </Button>
    </Form>
  );
}
