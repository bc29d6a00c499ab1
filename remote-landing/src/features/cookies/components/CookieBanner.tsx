/**
 * The cookie banner as the page shows it: the categories and the three choices. Nothing here has
 * state: the landing page's script opens it (no saved choice yet, or «Preferenze cookie» in the footer),
 * ticks the saved choice, saves what is chosen (model/cookiePreferences.ts) and moves the focus, through
 * `data-cookie-action` and the checkboxes' names.
 */
import styled from 'styled-components';
import { Button, Checkbox, Link, media } from '@loyalty/shared';

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

/** Hidden until the script finds no saved choice: without a script nothing covers the page. */
export function CookieBanner() {
  return (
    <div hidden data-cookie-banner>
      <Banner aria-labelledby="cookie-banner-title" tabIndex={-1}>
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
              <Checkbox label="Analitici" name="analytics" />
              <Checkbox label="Marketing" name="marketing" />
            </Choices>
          </div>
          <Actions>
            <Button type="button" data-cookie-action="all">
              Accetta tutti
            </Button>
            <Button type="button" variant="secondary" data-cookie-action="essential">
              Rifiuta facoltativi
            </Button>
            <Button type="button" variant="ghost" data-cookie-action="save">
              Salva preferenze
            </Button>
          </Actions>
        </Inner>
      </Banner>
    </div>
  );
}
