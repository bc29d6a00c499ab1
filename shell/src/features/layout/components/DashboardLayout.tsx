import { useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Outlet, useLocation, useSessionEndWatch } from '@loyalty/shared';
import { useScreenTitle } from '../hooks/useScreenTitle';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

const Frame = styled.div`
  min-height: 100vh;
  display: grid;
  grid-template-columns: 1fr;
  @media (min-width: 1024px) {
    grid-template-columns: 16rem 1fr;
  }
`;

const Main = styled.main`
  padding: 1.5rem;
  min-width: 0;
  @media (max-width: 640px) {
    padding: 1rem;
  }
`;

const Column = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

const SkipLink = styled.a`
  position: absolute;
  left: -999px;
  top: 0;
  &:focus {
    left: 1rem;
    top: 1rem;
    z-index: 100;
    background: #fff;
    padding: 0.5rem 1rem;
  }
`;

/**
 * The skip link lands on the screen's main action when the screen marks one (`data-main-action`: the search on
 * the cards screen, «Nuova campagna», «Nuovo premio», the amount at the counter…) and it can take the focus,
 * otherwise on the screen itself, from which the next Tab reaches its first control: one Tab and Enter from the
 * top of any page.
 */
function skipToMainAction(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('contenuto');
  if (!main) return;
  event.preventDefault();
  const action = main.querySelector<HTMLElement>('[data-main-action]:not(:disabled)');
  (action ?? main).focus();
}

/**
 * The mark the frame's gate script (tools/src/html-template.ts, FRAME_MENU_OPEN) puts on the document when «Apri
 * menu» was tapped in the frame the build wrote into the HTML, before this code ran: the drawer starts as that tap
 * left it. Read once, by the first layout; the mark is then removed.
 */
const FRAME_MENU_OPEN = 'data-menu-open';
const menuOpenedInFrame = () => typeof document !== 'undefined' && document.documentElement.hasAttribute(FRAME_MENU_OPEN);

/**
 * The frame (skip link, sidebar, top bar, the screen's area) around the route's page, or around `children`: the
 * screen's placeholder while the session is checked, the same markup the build writes into the shell's HTML
 * (ScreenPlaceholder.tsx), so the frame painted before any script is the one React then shows.
 */
export function DashboardLayout({ children }: { children?: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(menuOpenedInFrame);
  useEffect(() => document.documentElement.removeAttribute(FRAME_MENU_OPEN), []);
  // Closed with Escape or a tap beside it, the drawer hides the link that had the focus: the focus goes back to
  // «Apri menu», where the keyboard opened it (the browser had moved it to the page's top). A link followed
  // closes it by the route's change instead, and the new screen follows.
  const menuToggle = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => {
    setDrawerOpen(false);
    menuToggle.current?.focus();
  }, []);
  const location = useLocation();
  // Another screen closes the drawer; the first one keeps it as it started (open when the frame's menu was tapped).
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    setDrawerOpen(false);
  }, [location.pathname]);
  // Decision 078: a session ended elsewhere (disabled, deleted, role or shops changed) ends this page at once.
  useSessionEndWatch();
  useScreenTitle();

  return (
    <Frame>
      <SkipLink href="#contenuto" onClick={skipToMainAction}>
        Vai al contenuto
      </SkipLink>
      <Sidebar open={drawerOpen} onClose={closeMenu} />
      <Column>
        <TopBar menuOpen={drawerOpen} onToggleMenu={() => setDrawerOpen((o) => !o)} toggleRef={menuToggle} />
        <Main id="contenuto" tabIndex={-1}>
          {children ?? <Outlet />}
        </Main>
      </Column>
    </Frame>
  );
}
