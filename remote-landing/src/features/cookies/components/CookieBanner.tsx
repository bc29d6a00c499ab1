import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, Checkbox, Link, media } from '@loyalty/shared';
import { ALL_COOKIES, ESSENTIAL_COOKIES_ONLY, type CookiePreferences } from '../model/cookiePreferences';

const Banner = styled.section`
  position: fixed;
  inset: auto 0 0 0;
  /* Under the sticky header, so the mobile menu (part of the header) slides over the banner. */
  z-index: ${({ theme }) => theme.zIndices.drawer - 1};
  max-height: 60vh;
  overflow-y: auto;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadows.overlay};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  h2 { margin: 0 0 ${({ theme }) => theme.space.xxs}; font-size: ${({ theme }) => theme.fontSizes.md}; }
  p { margin: 0 0 ${({ theme }) => theme.space.xs}; }
  &:focus { outline: none; }
`;

const Inner = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
  max-width: 72rem;
  margin: 0 auto;
  ${media.lg} { grid-template-columns: 1fr auto; gap: ${({ theme }) => theme.space.xl}; }
`;

const Choices = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space.xxs} ${theme.space.md}`};
  margin: 0;
  padding: 0;
  border: 0;
  legend { float: left; padding: 0; margin-right: ${({ theme }) => theme.space.md}; font-weight: 600; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

export interface CookieBannerProps {
  /** The saved choice, shown when the banner is reopened. */
  initial: CookiePreferences | null;
  onSave: (preferences: CookiePreferences) => void;
  /** Reopened on request: focus moves into the banner so keyboard users land on it. */
  focusOnOpen: boolean;
}

export function CookieBanner({ initial, onSave, focusOnOpen }: CookieBannerProps) {
  const [choice, setChoice] = useState(initial ?? ESSENTIAL_COOKIES_ONLY);
  const bannerRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!focusOnOpen) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    bannerRef.current?.focus();
    return () => opener?.focus();
  }, [focusOnOpen]);

  return (
    <Banner ref={bannerRef} aria-labelledby="cookie-banner-title" tabIndex={-1}>
      <Inner>
        <div>
          <h2 id="cookie-banner-title">Preferenze sui cookie</h2>
          <p>
            Usiamo solo ciò che serve al funzionamento del sito; statistiche e marketing restano spenti finché non li
            attivi tu. Dettagli nella <Link to="/cookie-policy">cookie policy</Link>.
          </p>
          <Choices>
            <legend>Categorie:</legend>
            <Checkbox label="Essenziali (sempre attivi)" checked disabled readOnly />
            <Checkbox
              label="Analitici"
              name="analytics"
              checked={choice.analytics}
              onChange={(e) => setChoice({ ...choice, analytics: e.target.checked })}
            />
            <Checkbox
              label="Marketing"
              name="marketing"
              checked={choice.marketing}
              onChange={(e) => setChoice({ ...choice, marketing: e.target.checked })}
            />
          </Choices>
        </div>
        <Actions>
          <Button onClick={() => onSave(ALL_COOKIES)} data-cookie-action="all">Accetta tutti</Button>
          <Button variant="secondary" onClick={() => onSave(ESSENTIAL_COOKIES_ONLY)} data-cookie-action="essential">
            Rifiuta facoltativi
          </Button>
          <Button variant="ghost" onClick={() => onSave(choice)} data-cookie-action="save">
            Salva preferenze
          </Button>
        </Actions>
      </Inner>
    </Banner>
  );
}
