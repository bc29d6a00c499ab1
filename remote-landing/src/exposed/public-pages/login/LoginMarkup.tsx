/**
 * `/login`, the public landing page: header, hero with the login form, features with the SVG
 * charts, pricing, footer, and the cookie banner (hidden until the script finds no saved choice). Rendered
 * to HTML at build time (render.tsx) and, unchanged, by `./LoginPage` where the page is not composed.
 * Nothing here reads the session, the store or the browser, and nothing has state: the page's script
 * (login.ts) binds the form, the banner and the mobile menu to this markup by their `data-*` hooks.
 */
import styled from 'styled-components';
import { CookieBanner } from '../../../features/cookies/components/CookieBanner';
import { FeaturesSection } from '../../../features/landing/components/FeaturesSection';
import { Hero } from '../../../features/landing/components/Hero';
import { PricingSection } from '../../../features/landing/components/PricingSection';
import { SiteHeader } from '../../../features/landing/components/SiteHeader';
import { LoginForm } from '../../../features/login/components/LoginForm';
import { SiteFooter } from '../../../shared/components/SiteFooter';

const Page = styled.div`
  min-height: 100vh;
`;

const LoginSection = styled.section`
  width: 100%;
  max-width: 26rem;
  justify-self: center;
  scroll-margin-top: 5rem;
`;

export function LoginMarkup() {
  return (
    <Page id="top" data-public-page="login">
      <SiteHeader />
      <main>
        <Hero
          aside={
            <LoginSection id="login">
              <LoginForm />
            </LoginSection>
          }
        />
        <FeaturesSection />
        <PricingSection />
      </main>
      <SiteFooter cookiePreferences />
      <CookieBanner />
    </Page>
  );
}
