/**
 * The signup form as the page shows it before any script: every field with its (hidden) error line, the
 * consents with the privacy link and the marketing channels, the form's message and the button. Nothing
 * here has state: the page's script (src/exposed/public-pages/signup/signup.ts) checks it with shared's
 * `signupForm`, fills the error lines and posts it, through the `data-*` hooks below.
 */
import styled from 'styled-components';
import { Button, Checkbox, Field, Input, Link } from '@loyalty/shared';
import { BusySpinner } from '../../../shared/components/BusySpinner';
import { MARKETING_CHANNELS, MARKETING_LEGEND } from '../model/marketingChannels';

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

/** A text field as shared's TextField draws it, with its error line hidden until the script fills it. */
function SignupTextField({ name, label, type = 'text', autoComplete }: { name: string; label: string; type?: string; autoComplete: string }) {
  const id = `signup-${name}`;
  return (
    <Field label={label} id={id}>
      {(control) => (
        <>
          <Input {...control} type={type} name={name} autoComplete={autoComplete} required />
          <FieldError id={`${id}-error`} hidden data-field-error={name} />
        </>
      )}
    </Field>
  );
}

/** The signup form; the field names are the API's body's. */
export function SignupForm() {
  return (
    // method="post": a submit before the script has arrived never puts the contacts in the address.
    <Form method="post" noValidate aria-label="Richiesta della carta fedeltà" data-signup-form>
      <SignupTextField label="Email" type="email" name="email" autoComplete="email" />
      <SignupTextField label="Nome completo" name="full_name" autoComplete="name" />
      <SignupTextField label="Numero di telefono" type="tel" name="phone" autoComplete="tel" />
      <Consents>
        <legend>Consensi</legend>
        <Checkbox label="Ho letto l'informativa sulla privacy (obbligatorio)" name="privacy_ack" required />
        <FieldError id="privacy-ack-error" hidden data-field-error="privacy_ack" />
        <PrivacyNoticeLink />
        <Channels>
          <legend>{MARKETING_LEGEND}</legend>
          {MARKETING_CHANNELS.map(({ channel, label }) => (
            <Checkbox key={channel} label={label} name="marketing_channels" value={channel} />
          ))}
        </Channels>
      </Consents>
      <ServerError role="alert" hidden data-signup-message />
      <Button type="submit" fullWidth data-signup-submit>
        <BusySpinner $size="1em" />
        Ottieni
      </Button>
    </Form>
  );
}

/** The privacy notice, in a new tab so the half-filled form stays where it is. */
export function PrivacyNoticeLink() {
  return (
    <Link to="/privacy" target="_blank" rel="noopener">
      Leggi l&apos;informativa sulla privacy
    </Link>
  );
}
