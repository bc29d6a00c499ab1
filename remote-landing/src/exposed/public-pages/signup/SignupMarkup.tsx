/**
 * `/loyalty-cards/create?business_id=…`, the customers' signup page: heading, the shop's name
 * (written per request by the static server, tools/src/link-preview.ts, else by the script), the form, the
 * footer and, hidden, the two answers the form can lead to: the card and 'Carta già richiesta'. Rendered to
 * HTML at build time (render.tsx) and, unchanged, by `./SignupPage` where the page is not composed; the
 * page's script (signup.ts) binds it by the `data-*` hooks of its parts.
 */
import { SiteFooter } from '../../../shared/components/SiteFooter';
import { LoyaltyCardResult } from '../../../features/signup/components/LoyaltyCardResult';
import { SignupForm } from '../../../features/signup/components/SignupForm';
import { BusinessName, Page, Panel } from '../../../features/signup/components/SignupLayout';
import { SignupResent } from '../../../features/signup/components/SignupResent';

export function SignupMarkup() {
  return (
    <>
      <Page data-public-page="signup">
        <Panel>
          <div data-signup-view="form">
            <h1>Ottieni la tua Carta Fedeltà</h1>
            <BusinessName data-business-name="" />
            <SignupForm />
          </div>
          <LoyaltyCardResult />
          <SignupResent />
        </Panel>
      </Page>
      <SiteFooter />
    </>
  );
}
