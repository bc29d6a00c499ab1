import { useEffect, useRef, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { handleMenuKey } from '../model/menuKeys';
import { LOGIN_ANCHOR, NAV_LINKS } from '../model/navigation';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndices.modal};
  background: ${({ theme }) => theme.colors.overlay};
`;

// Open and closed are attribute selectors, not props: the page is also prerendered to HTML and opened by a
// small script (remote-landing/src/exposed/page-scripts/), so both states' CSS must be in the server style sheet.
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

export interface MobileMenuProps {
  id: string;
  open: boolean;
  /** Closes the menu; the opener gets the focus back unless a link was followed. */
  onClose: (returnFocus: boolean) => void;
}

/** The slide-in menu for small screens: a modal dialog (focus kept inside, Escape and the backdrop close it). */
export function MobileMenu({ id, open, onClose }: MobileMenuProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const firstLinkRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (open) firstLinkRef.current?.focus();
  }, [open]);

  const keepFocusInside = (event: KeyboardEvent<HTMLDivElement>) => {
    if (panelRef.current) handleMenuKey(event, panelRef.current, onClose);
  };

  return (
    <>
      <Backdrop aria-hidden="true" hidden={!open} data-menu-backdrop onClick={() => onClose(true)} />
      <Panel
        ref={panelRef}
        id={id}
        data-open={open}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        aria-hidden={!open}
        onKeyDown={keepFocusInside}
      >
        <CloseButton type="button" onClick={() => onClose(true)}>
          Chiudi menu
        </CloseButton>
        <nav aria-label="Navigazione mobile">
          <ul>
            {NAV_LINKS.map((link, index) => (
              <li key={link.href}>
                <a href={link.href} ref={index === 0 ? firstLinkRef : undefined} onClick={() => onClose(false)}>
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <a href={LOGIN_ANCHOR} onClick={() => onClose(false)}>
                Accedi
              </a>
            </li>
          </ul>
        </nav>
      </Panel>
    </>
  );
}
