/**
 * `/loyalty-cards/create` as it is rendered to HTML at build time (tools/src/prerender.ts): the same page as
 * the React one (features/signup/CardSignup.tsx) — heading, the shop's name, the form with every field, the
 * consent fieldset with the privacy link and the marketing channels, the footer — and, hidden, the two
 * answers the form can lead to: the card (image with QR, download) and 'Carta già richiesta'. The shop's
 * name is written into `[data-business-name]` per request by the static server (tools/src/link-preview.ts).
 * The page's small script (src/exposed/page-scripts/signup.ts) binds them by the `data-*` attributes below
 * (docs/decisions/028-prerendered-public-pages.md).
 */
import { Button, CARD_HEIGHT, CARD_WIDTH, Checkbox, Field, Input } from '@loyalty/shared';
import { SiteFooter } from '../../shared/components/SiteFooter';
import { BusinessName, Page, Panel } from '../../features/signup/components/CardSignup';
import { CardCanvas, DrawError, Result } from '../../features/signup/components/LoyaltyCardResult';
import { WalletLinksTemplate } from '../../features/signup/components/WalletButtons';
import { CardNumber } from '../../features/signup/components/CardNumber';
import { Channels, Consents, FieldError, Form, PrivacyNoticeLink, ServerError } from '../../features/signup/components/SignupForm';
import { ResentBusinessName, ResentResult } from '../../features/signup/components/SignupResent';
import { MyCardLink } from '../../features/signup/components/MyCardLink';
import { MARKETING_CHANNELS, MARKETING_LEGEND } from '../../features/signup/model/validateSignup';
import { BusySpinner } from './StaticLoginPage';

/** A text field as TextField draws it, with its (hidden) error line for the script to fill. */
function StaticTextField({ name, label, type = 'text', autoComplete }: { name: string; label: string; type?: string; autoComplete: string }) {
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

/** The same fields, fieldsets, labels and button as SignupForm, without React state: the script drives them. */
export function StaticSignupForm() {
  return (
    // method="post": a submit before the script has arrived never puts the contacts in the address.
    <Form method="post" noValidate aria-label="Richiesta della carta fedeltà" data-signup-form>
      <StaticTextField label="Email" type="email" name="email" autoComplete="email" />
      <StaticTextField label="Nome completo" name="full_name" autoComplete="name" />
      <StaticTextField label="Numero di telefono" type="tel" name="phone" autoComplete="tel" />
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

/** The card once signed up, as LoyaltyCardResult draws it: the script fills the names and draws the canvas. */
function StaticCardResult() {
  return (
    // A plain wrapper carries `hidden`: the result's own styles set `display: flex`.
    <div hidden data-signup-view="card">
      <Result>
        <h1 tabIndex={-1}>La tua Carta Fedeltà</h1>
        <p>
          Mostra il codice QR in cassa da <strong data-card-business /> per accumulare <span data-card-collects>punti</span>.
          <span hidden data-card-number-line>
            {' '}
            Numero carta: <CardNumber data-card-number />.
          </span>
        </p>
        <CardCanvas width={CARD_WIDTH} height={CARD_HEIGHT} role="img" aria-label="Carta fedeltà" data-card-canvas />
        <DrawError role="alert" hidden data-card-draw-error>
          Non è stato possibile disegnare la carta in questo browser.
        </DrawError>
        {/* Issue 21: the wallet buttons, hidden (plain wrappers carry `hidden`); the script shows those the answer links. */}
        <WalletLinksTemplate />
        <Button type="button" disabled data-card-download>
          Scarica la carta (PNG)
        </Button>
        {/* Issue 22: a plain link, nothing for the script to fill. */}
        <MyCardLink view="card" />
      </Result>
    </div>
  );
}

/** 'Carta già richiesta', as SignupResent draws it: the script writes the shop and the server's sentence. */
function StaticResent() {
  return (
    <div hidden data-signup-view="resent">
      <ResentResult>
        <h1 tabIndex={-1}>Carta già richiesta</h1>
        <ResentBusinessName data-resent-business />
        <p data-resent-message />
        <MyCardLink view="resent" />
      </ResentResult>
    </div>
  );
}

export function StaticSignupPage() {
  return (
    <>
      <Page>
        <Panel>
          <div data-signup-view="form">
            <h1>Ottieni la tua Carta Fedeltà</h1>
            <BusinessName data-business-name="" />
            <StaticSignupForm />
          </div>
          <StaticCardResult />
          <StaticResent />
        </Panel>
      </Page>
      <SiteFooter />
    </>
  );
}
