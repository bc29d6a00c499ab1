/**
 * @jest-environment jsdom
 *
 * React Router's API on wouter's browser location (tools/src/wouter-router.ts, decision 111), drawn by React in jsdom
 * against the real History API. The shipped build runs it under Preact in every journey; this pins each rule.
 */
import { act, createElement as h, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Link, Navigate, NavLink, Outlet, Route, Routes, useLocation, useNavigate, useRoutes, useSearchParams, type RouteObject } from '../src/wouter-router';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const draw = (node: ReactNode) => act(() => root.render(node));
const go = (path: string) => act(() => window.history.pushState(null, '', path));
const text = () => host.textContent;

const Layout = () => h('main', null, 'cornice:', h(Outlet));
// The splats first: the best match wins, not the first written.
const ROUTES: RouteObject[] = [
  { path: '*', element: 'altrove' },
  {
    element: h(Layout),
    children: [
      { path: '/dashboard/*', element: 'ritorno alla panoramica' },
      { path: '/dashboard', element: 'panoramica' },
      { path: '/dashboard/campaigns', element: 'campagne' },
    ],
  },
  { path: '/login', element: 'accesso' },
];
const App = () => useRoutes(ROUTES);

test('useRoutes: a static path before a splat, the layout drawn around its child, the catch-all last', async () => {
  await go('/dashboard/campaigns');
  await draw(h(App));
  expect(text()).toBe('cornice:campagne');
  await go('/dashboard/nothing-here');
  expect(text()).toBe('cornice:ritorno alla panoramica');
  await go('/Dashboard/');
  expect(text()).toBe('cornice:panoramica');
  await go('/login');
  expect(text()).toBe('accesso');
  await go('/unknown/path');
  expect(text()).toBe('altrove');
});

test('the layout stays mounted while its child changes', async () => {
  const routes: RouteObject[] = [{ element: h(Layout), children: [{ path: '/a', element: 'A' }, { path: '/b', element: 'B' }] }];
  const Tree = () => useRoutes(routes);
  await go('/a');
  await draw(h(Tree));
  const main = host.querySelector('main');
  await go('/b');
  expect(text()).toBe('cornice:B');
  expect(host.querySelector('main')).toBe(main);
});

test('Routes and Route as elements, arrays included', async () => {
  const paths = ['/uno', '/due'];
  await go('/due');
  await draw(h(Routes, null, paths.map((p) => h(Route, { key: p, path: p, element: `pagina ${p}` })), h(Route, { path: '*', element: 'nessuna' })));
  expect(text()).toBe('pagina /due');
});

test('Link: a plain click moves in the page, a modified or prevented one is left to the browser', async () => {
  await draw(h(Routes, null, h(Route, { path: '/', element: h(Link, { to: '/dashboard' }, 'vai') }), h(Route, { path: '/dashboard', element: 'arrivato' })));
  const before = window.history.length;
  const link = host.querySelector('a')!;
  expect(link.getAttribute('href')).toBe('/dashboard');
  const ctrl = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
  await act(() => link.dispatchEvent(ctrl));
  expect(ctrl.defaultPrevented).toBe(false);
  expect(window.location.pathname).toBe('/');
  await act(() => link.click());
  expect(window.location.pathname).toBe('/dashboard');
  expect(window.history.length).toBe(before + 1);
  expect(text()).toBe('arrivato');
});

test('NavLink: aria-current and the active class where it points, below it unless `end`, `/` only at `/`', async () => {
  await go('/dashboard/campaigns');
  await draw(
    h('nav', null,
      h(NavLink, { to: '/dashboard', end: true }, 'panoramica'),
      h(NavLink, { to: '/dashboard/campaigns', className: 'voce' }, 'campagne'),
      h(NavLink, { to: '/dashboard' }, 'sezione'),
      h(NavLink, { to: '/', className: ({ isActive }: { isActive: boolean }) => (isActive ? 'qui' : 'altrove') }, 'home'),
    ),
  );
  const [overview, campaigns, section, home] = Array.from(host.querySelectorAll('a'));
  expect(overview.getAttribute('aria-current')).toBeNull();
  expect(campaigns.getAttribute('aria-current')).toBe('page');
  expect(campaigns.className).toBe('voce active');
  expect(section.getAttribute('aria-current')).toBe('page');
  expect(home.className).toBe('altrove');
});

test('Navigate replaces the entry with its state; useLocation reads it, and it survives a reload of the history state', async () => {
  const Read = () => {
    const location = useLocation();
    return `${location.pathname} ${JSON.stringify(location.state)}`;
  };
  await go('/start');
  const before = window.history.length;
  await draw(h(Routes, null, h(Route, { path: '/start', element: h(Navigate, { to: '/campaign-success', replace: true, state: { id: 7 } }) }), h(Route, { path: '/campaign-success', element: h(Read) })));
  expect(text()).toBe('/campaign-success {"id":7}');
  expect(window.history.length).toBe(before);
  expect((window.history.state as { usr: unknown }).usr).toEqual({ id: 7 });
});

test('useSearchParams reads the query and sets it, from a value or from the current one, keeping the path', async () => {
  let set: ReturnType<typeof useSearchParams>[1] = () => undefined;
  const Query = () => {
    const [params, setParams] = useSearchParams();
    set = setParams;
    return `card=${params.get('card_id')}`;
  };
  await go('/dashboard/add-points?card_id=1');
  await draw(h(Query));
  expect(text()).toBe('card=1');
  await act(() => set({ card_id: '2' }));
  expect(window.location.pathname + window.location.search).toBe('/dashboard/add-points?card_id=2');
  expect(text()).toBe('card=2');
  const before = window.history.length;
  await act(() => set((current) => ((current.set('user_id', 'u'), current)), { replace: true }));
  expect(window.location.search).toBe('?card_id=2&user_id=u');
  expect(window.history.length).toBe(before);
});

test('useNavigate pushes a path, or replaces it', async () => {
  let navigate: ReturnType<typeof useNavigate> = () => undefined;
  const Nav = () => {
    navigate = useNavigate();
    return useLocation().pathname;
  };
  await draw(h(Nav));
  const before = window.history.length;
  await act(() => navigate('/dashboard'));
  expect(text()).toBe('/dashboard');
  await act(() => navigate('/login', { replace: true }));
  expect(text()).toBe('/login');
  expect(window.history.length).toBe(before + 1);
});

test('the browser\'s Back draws the page before, with its state', async () => {
  let navigate: ReturnType<typeof useNavigate> = () => undefined;
  const Nav = () => {
    navigate = useNavigate();
    const location = useLocation();
    return `${location.pathname} ${JSON.stringify(location.state)}`;
  };
  await go('/dashboard');
  await draw(h(Nav));
  await act(() => navigate('/campaign-success', { state: { id: 3 } }));
  await act(() => navigate('/dashboard/campaigns'));
  expect(text()).toBe('/dashboard/campaigns null');
  await act(async () => {
    const moved = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    window.history.back();
    await moved;
  });
  expect(text()).toBe('/campaign-success {"id":3}');
});
