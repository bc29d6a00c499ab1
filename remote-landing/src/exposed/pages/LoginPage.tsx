import { startTransition, useEffect, useState } from 'react';
import styled from 'styled-components';
import { CookieBanner } from '../../features/cookies/components/CookieBanner';
import { useCookieConsent } from '../../features/cookies/hooks/useCookieConsent';
import { FeaturesSection } from '../../features/landing/components/FeaturesSection';
import { Hero } from '../../features/landing/components/Hero';
import { PricingSection } from '../../features/landing/components/PricingSection';
import { SiteFooter } from '../../shared/components/SiteFooter';
import { SiteHeader } from '../../features/landing/components/SiteHeader';
import { LoginForm } from '../../features/login/components/LoginForm';
import { PublicOnly } from '../../shared/components/PublicOnly';

export const Page = styled.div`
  min-height: 100vh;
`;

export const LoginSection = styled.section`
  width: 100%;
  max-width: 26rem;
  justify-self: center;
  scroll-margin-top: 5rem;
`;

/**
 * False for the first render, true right after it, in a transition: what is below the fold renders once the
 * header, the hero and the login form are on screen, in short interruptible slices instead of one long task
 * that would hold back the form on a slow phone.
 */
function useRenderedOnce() {
  const [rendered, setRendered] = useState(false);
  useEffect(() => startTransition(() => setRendered(true)), []);
  return rendered;
}

/** `/login`: the public landing page with the login form (SPEC §2). */
export function LoginPage() {
  const cookies = useCookieConsent();
  const belowTheFold = useRenderedOnce();
  return (
    <PublicOnly>
      <Page id="top">
        <SiteHeader />
        <main>
          <Hero
            aside={
              <LoginSection id="login">
                <LoginForm />
              </LoginSection>
            }
          />
          {belowTheFold && (
            <>
              <FeaturesSection />
              <PricingSection />
            </>
          )}
        </main>
        {belowTheFold && <SiteFooter onCookiePreferences={cookies.openBanner} />}
        {cookies.bannerOpen && (
          <CookieBanner initial={cookies.preferences} onSave={cookies.save} focusOnOpen={cookies.reopened} />
        )}
      </Page>
    </PublicOnly>
  );
}
