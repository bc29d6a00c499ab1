/**
 * The landing's header: brand, the desktop navigation and, on phones, the «Menu» button that opens the
 * mobile menu. Nothing here has state: the landing page's script opens and closes the menu.
 */
import styled from 'styled-components';
import { getRuntimeConfig, media } from '@loyalty/shared';
import { ButtonLink } from './layout';
import { MobileMenu } from './MobileMenu';
import { LOGIN_ANCHOR, NAV_LINKS } from '../model/navigation';

const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndices.drawer};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Bar = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  max-width: 72rem;
  height: 4rem;
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space.md};
`;

const Brand = styled.a`
  margin-right: auto;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
`;

const DesktopNav = styled.nav`
  display: none;
  ${media.md} { display: flex; align-items: center; gap: ${({ theme }) => theme.space.lg}; }
  a:not([data-cta]) { color: ${({ theme }) => theme.colors.text}; text-decoration: none; }
  a:not([data-cta]):hover { text-decoration: underline; }
`;

const MenuButton = styled.button`
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  cursor: pointer;
  ${media.md} { display: none; }
`;

const MOBILE_MENU_ID = 'landing-mobile-menu';

export function SiteHeader() {
  return (
    <Header>
      <Bar>
        <Brand href="#top" data-runtime="brandName">
          {getRuntimeConfig().brandName}
        </Brand>
        <DesktopNav aria-label="Navigazione principale">
          {NAV_LINKS.map((link) => (
            <a key={link.href} href={link.href}>
              {link.label}
            </a>
          ))}
          <ButtonLink href={LOGIN_ANCHOR} data-cta>
            Accedi
          </ButtonLink>
        </DesktopNav>
        <MenuButton type="button" aria-expanded={false} aria-controls={MOBILE_MENU_ID}>
          Menu
        </MenuButton>
      </Bar>
      <MobileMenu id={MOBILE_MENU_ID} />
    </Header>
  );
}
