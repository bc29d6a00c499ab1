import styled from 'styled-components';
import { formatPhone, getRuntimeConfig, Link } from '@loyalty/shared';

const Footer = styled.footer`
  margin-top: ${({ theme }) => theme.space.xxl};
  background: ${({ theme }) => theme.colors.sidebar};
  color: ${({ theme }) => theme.colors.sidebarText};
  a, button { color: inherit; }
  :focus-visible { outline-color: currentColor; }
`;

const Inner = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space.sm} ${theme.space.xl}`};
  align-items: center;
  justify-content: space-between;
  max-width: 72rem;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.md}`};
  p { margin: 0; }
  ul { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space.md}; margin: 0; padding: 0; list-style: none; }
`;

const LinkButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  text-decoration: underline;
  cursor: pointer;
`;

/**
 * Year, phone contact, legal links; plus the way back to the cookie choices where the page has the
 * cookie banner (`cookiePreferences`: the landing; the customers' signup page sets no optional cookie and
 * shows no banner). The public pages' script corrects the year, brand and phone (`data-runtime`) and opens
 * the banner (`data-cookie-preferences`).
 */
export function SiteFooter({ cookiePreferences = false }: { cookiePreferences?: boolean }) {
  const { brandName, support } = getRuntimeConfig();
  return (
    // Explicit role: inside the shell the page sits in a <section>, where a bare <footer> is no landmark.
    <Footer role="contentinfo">
      <Inner>
        <p>
          © <span data-runtime="year">{new Date().getFullYear()}</span> <span data-runtime="brandName">{brandName}</span>. Tutti
          i diritti riservati.
        </p>
        {support.phone && (
          <p>
            Assistenza: <a href={`tel:${support.phone.replace(/[^\d+]/g, '')}`} data-runtime="supportPhone">{formatPhone(support.phone)}</a>
          </p>
        )}
        <nav aria-label="Informazioni legali">
          <ul>
            <li>
              <Link to="/privacy">Privacy</Link>
            </li>
            <li>
              <Link to="/cookie-policy">Cookie policy</Link>
            </li>
            {cookiePreferences && (
              <li>
                <LinkButton type="button" data-cookie-preferences>
                  Preferenze cookie
                </LinkButton>
              </li>
            )}
          </ul>
        </nav>
      </Inner>
    </Footer>
  );
}
