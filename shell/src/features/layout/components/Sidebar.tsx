import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { isAdmin, NavLink, SHARED_VERSION, useAuth } from '@loyalty/shared';
import { useLoadedRemotes } from '../../../shared/loadedRemotes';
import { visibleNavItems } from '../model/navigation';
import { HOME_PATH, ROUTES } from '../../../shared/routeTable';

const Aside = styled.aside<{ $open: boolean }>`
  background: ${({ theme }) => theme.colors.sidebar};
  color: ${({ theme }) => theme.colors.sidebarText};
  display: flex;
  flex-direction: column;
  width: 16rem;
  height: 100vh;
  position: sticky;
  top: 0;
  @media (max-width: 1023px) {
    position: fixed;
    z-index: 50;
    left: 0;
    transform: translateX(${({ $open }) => ($open ? '0' : '-100%')});
    transition: transform 0.2s ease-out;
    visibility: ${({ $open }) => ($open ? 'visible' : 'hidden')};
  }
`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  background: rgba(15, 23, 42, 0.45);
  z-index: 40;
  @media (min-width: 1024px) {
    display: none;
  }
`;

const Brand = styled.div`
  font-weight: 700;
  font-size: 1.25rem;
  padding: 1.25rem 1.5rem;
`;

/* The room between the brand and the versions, whatever the entries: the footer stays at the bottom when the
   entries arrive after the frame painted from the HTML without them. */
const Nav = styled.nav`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
`;

const NavList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0 0.75rem;
`;

const Link = styled(NavLink)`
  display: block;
  padding: 0.65rem 0.75rem;
  border-radius: 0.5rem;
  color: inherit;
  text-decoration: none;
  margin-bottom: 0.15rem;
  &:hover {
    background: rgba(255, 255, 255, 0.08);
  }
  &.active {
    background: rgba(255, 255, 255, 0.16);
    font-weight: 600;
  }
  &:focus-visible {
    outline: 2px solid #fff;
    outline-offset: 2px;
  }
`;

/** The footer's lines: the shell's, shared's and one per remote of the route table. */
const VERSION_NAMES = ['shell', 'shared', ...new Set(ROUTES.map((route) => route.remote))];
const VERSION_LINES = VERSION_NAMES.length;
/** The names' column as wide as the longest name from the start (one `ch` to spare: letters are not all as wide as
 * a zero), so the versions do not move right when a remote's longer name arrives. */
const NAME_COLUMN_CH = Math.max(...VERSION_NAMES.map((name) => name.length)) + 1;

const Footer = styled.footer`
  font-size: 0.75rem;
  padding: 1rem 1.5rem;
  border-top: 1px solid rgba(255, 255, 255, 0.15);
  line-height: 1.6;
  dl {
    margin: 0;
    /* Room for every version from the start: the remotes' lines are added as they load, downwards, so the
       footer, kept at the bottom, does not grow upwards over what was painted. */
    min-height: ${VERSION_LINES * 1.6}em;
    align-content: start;
    display: grid;
    grid-template-columns: minmax(${NAME_COLUMN_CH}ch, auto) 1fr;
    gap: 0 0.5rem;
  }
  dd {
    margin: 0;
  }
`;

export function Sidebar({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user } = useAuth();
  const remotes = useLoadedRemotes();
  const firstLink = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (!open) return;
    firstLink.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  return (
    <>
      {open && <Backdrop onClick={onClose} aria-hidden="true" />}
      <Aside id="sidebar" $open={open} aria-label="Menu principale">
        <Brand>Appo</Brand>
        <Nav aria-label="Sezioni della dashboard">
          <NavList>
            {visibleNavItems(user, isAdmin(user)).map((item, i) => (
              <li key={item.to}>
                <Link to={item.to} end={item.to === HOME_PATH} ref={i === 0 ? firstLink : undefined}>
                  {item.label}
                </Link>
              </li>
            ))}
          </NavList>
        </Nav>
        <Footer aria-label="Versioni">
          <dl data-testid="version-footer">
            <dt>shell</dt>
            <dd data-version-of="shell">{__BUILD_VERSION__}</dd>
            <dt>shared</dt>
            <dd data-version-of="shared">{SHARED_VERSION}</dd>
            {remotes.map((r) => [
              <dt key={`${r.name}-dt`}>{r.name}</dt>,
              <dd key={`${r.name}-dd`} data-version-of={r.name}>
                {r.version}
              </dd>,
            ])}
          </dl>
        </Footer>
      </Aside>
    </>
  );
}
