import type { ReactNode } from 'react';
import styled from 'styled-components';
import { FeaturesSection } from '../../features/landing/components/FeaturesSection';
import { Hero } from '../../features/landing/components/Hero';
import { PricingSection } from '../../features/landing/components/PricingSection';
import { SiteHeader } from '../../features/landing/components/SiteHeader';
import { SiteFooter } from '../../shared/components/SiteFooter';

const Page = styled.div`
  min-height: 100vh;
`;

const LoginSection = styled.section`
  width: 100%;
  max-width: 26rem;
  justify-self: center;
  scroll-margin-top: 5rem;
`;

export interface LandingLayoutProps {
  /** The login form in the hero: React's, or the prerendered page's that its script drives. */
  loginForm: ReactNode;
  /** Features, pricing and footer; the React page renders them right after the first paint. */
  belowTheFold?: boolean;
  onCookiePreferences: () => void;
  cookieBanner?: ReactNode;
}

/** `/login`'s page — header, hero with the login form, features, pricing, footer — for the React page and its prerendered twin alike. */
export function LandingLayout({ loginForm, belowTheFold = true, onCookiePreferences, cookieBanner }: LandingLayoutProps) {
  return (
    <Page id="top">
      <SiteHeader />
      <main>
        <Hero aside={<LoginSection id="login">{loginForm}</LoginSection>} />
        {belowTheFold && (
          <>
            <FeaturesSection />
            <PricingSection />
          </>
        )}
      </main>
      {belowTheFold && <SiteFooter onCookiePreferences={onCookiePreferences} />}
      {cookieBanner}
    </Page>
  );
}
