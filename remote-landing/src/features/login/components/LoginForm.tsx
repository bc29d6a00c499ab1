/**
 * The login form as the page shows it before any script: the heading, the two fields, the message
 * line (role=alert, hidden while empty) and the button with its spinner. Nothing here has state: the login
 * page's script (src/exposed/public-pages/login/login.ts) checks it with shared's `loginForm`, posts it,
 * keeps the 3-strike lock and writes the messages, through the `data-login-*` hooks.
 */
import styled from 'styled-components';
import { Button, Card, CONNECTION_MESSAGES, MESSAGES, TextField } from '@loyalty/shared';
import { BusySpinner } from '../../../shared/components/BusySpinner';

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};

  h2 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.xl}; }
`;

export const ErrorMessage = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerSurface};
  color: ${({ theme }) => theme.colors.danger};
`;

const Stalled = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.warningSurface};
  border: 1px solid ${({ theme }) => theme.colors.warning};
  p { margin: 0; flex: 1 1 12rem; }
  &[hidden] { display: none; }
`;

const ForgotLink = styled.a`
  align-self: flex-end;
  color: ${({ theme }) => theme.colors.primary};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** Where «Password dimenticata?» leads (decision 071): the shell's page that asks for the e-mail. */
export const FORGOT_PASSWORD_PATH = '/password-dimenticata';

export function LoginForm() {
  return (
    <Card>
      {/* method="post": a submit before the script has arrived never puts the password in the address. */}
      <Form method="post" noValidate aria-labelledby="login-title" data-login-form>
        <h2 id="login-title">Accedi al tuo account</h2>
        <TextField label="Email" type="email" name="email" autoComplete="username" placeholder="nome@azienda.it" required />
        <TextField label="Password" type="password" name="password" autoComplete="current-password" required />
        <ForgotLink href={FORGOT_PASSWORD_PATH}>Password dimenticata?</ForgotLink>
        <ErrorMessage id="login-message" role="alert" hidden data-login-message />
        {/* Shown by the script when the login has had no answer for 8 s; «Riprova» sends it again. */}
        <Stalled role="alert" hidden data-login-stalled>
          <p>{CONNECTION_MESSAGES.stalled}</p>
          <Button type="button" variant="secondary" data-login-retry>
            {MESSAGES.retry}
          </Button>
        </Stalled>
        <Button type="submit" fullWidth data-login-submit>
          <BusySpinner $size="1em" />
          Accedi
        </Button>
      </Form>
    </Card>
  );
}
