/**
 * `/login` as it is rendered to HTML at build time (tools/src/prerender.ts): the whole landing page — header,
 * hero, login form, features with the SVG charts, pricing, footer — and the cookie banner, hidden until the
 * page's small script (src/exposed/page-scripts/login.ts) finds no saved choice. Nothing here reads the session, the
 * store or the browser: the script binds the form, the banner and the mobile menu to this markup by the
 * `data-*` attributes below (docs/decisions/028-prerendered-public-pages.md).
 */
import styled from 'styled-components';
import { Button, Card, SpinnerGlyph, TextField } from '@loyalty/shared';
import { CookieBanner } from '../../features/cookies/components/CookieBanner';
import { ErrorMessage, Form } from '../../features/login/components/LoginForm';
import { LandingLayout } from '../pages/LandingLayout';

const noop = () => undefined;

/** The spinner of a busy button: shown by the script while the login call runs. */
export const BusySpinner = styled(SpinnerGlyph)`
  form:not([aria-busy='true']) & { display: none; }
`;

/** The same fields, message and button as LoginForm, without React state: the script drives them. */
export function StaticLoginForm() {
  return (
    <Card>
      {/* method="post": a submit before the script has arrived never puts the password in the address. */}
      <Form method="post" noValidate aria-labelledby="login-title" data-login-form>
        <h2 id="login-title">Accedi al tuo account</h2>
        <TextField label="Email" type="email" name="email" autoComplete="username" placeholder="nome@azienda.it" required />
        <TextField label="Password" type="password" name="password" autoComplete="current-password" required />
        <ErrorMessage role="alert" hidden data-login-message />
        <Button type="submit" fullWidth data-login-submit>
          <BusySpinner $size="1em" />
          Accedi
        </Button>
      </Form>
    </Card>
  );
}

export function StaticLoginPage() {
  return (
    <LandingLayout
      loginForm={<StaticLoginForm />}
      onCookiePreferences={noop}
      cookieBanner={
        <div hidden data-cookie-banner>
          <CookieBanner initial={null} onSave={noop} focusOnOpen={false} />
        </div>
      }
    />
  );
}
