import styled from 'styled-components';
import { LOGIN_ANCHOR, NAV_LINKS } from '../model/navigation';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndices.modal};
  background: ${({ theme }) => theme.colors.overlay};
`;

// Open and closed are attribute selectors, not props: the page is rendered to HTML at build time and the menu
// opened by its script, so both states' CSS must be in the server style sheet.
const Panel = styled.div`
  position: fixed;
  inset: 0 0 0 auto;
  z-index: ${({ theme }) => theme.zIndices.modal + 1};
  width: min(20rem, 85vw);
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.overlay};
  transform: translateX(100%);
  /* Hidden panels leave the tab order and the accessibility tree, after the slide-out has played. */
  visibility: hidden;
  transition: transform 0.25s ease-out, visibility 0s linear 0.25s;
  &[data-open='true'] {
    transform: translateX(0);
    visibility: visible;
    transition: transform 0.25s ease-out, visibility 0s linear 0s;
  }

  ul { list-style: none; margin: ${({ theme }) => theme.space.lg} 0 0; padding: 0; }
  li a {
    display: block;
    padding: ${({ theme }) => `${theme.space.sm} 0`};
    font-size: ${({ theme }) => theme.fontSizes.lg};
    text-decoration: none;
  }
`;

const CloseButton = styled.button`
  display: block;
  margin-left: auto;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  cursor: pointer;
`;

/**
 * The slide-in menu for small screens, closed: a modal dialog once the landing page's script opens it (focus
 * kept inside, Escape and the backdrop close it: model/menuKeys.ts).
 */
export function MobileMenu({ id }: { id: string }) {
  return (
    <>
      <Backdrop aria-hidden="true" hidden data-menu-backdrop />
      <Panel id={id} data-open={false} role="dialog" aria-modal="true" aria-label="Menu" aria-hidden>
        <CloseButton type="button">Chiudi menu</CloseButton>
        <nav aria-label="Navigazione mobile">
          <ul>
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
            <li>
              <a href={LOGIN_ANCHOR}>Accedi</a>
            </li>
          </ul>
        </nav>
      </Panel>
    </>
  );
}
