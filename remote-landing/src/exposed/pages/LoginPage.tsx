import { startTransition, useEffect, useState } from 'react';
import { CookieBanner } from '../../features/cookies/components/CookieBanner';
import { useCookieConsent } from '../../features/cookies/hooks/useCookieConsent';
import { LoginForm } from '../../features/login/components/LoginForm';
import { PublicOnly } from '../../shared/components/PublicOnly';
import { LandingLayout } from './LandingLayout';

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
      <LandingLayout
        loginForm={<LoginForm />}
        belowTheFold={belowTheFold}
        onCookiePreferences={cookies.openBanner}
        cookieBanner={
          cookies.bannerOpen && <CookieBanner initial={cookies.preferences} onSave={cookies.save} focusOnOpen={cookies.reopened} />
        }
      />
    </PublicOnly>
  );
}
