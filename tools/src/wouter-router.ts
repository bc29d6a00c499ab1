/**
 * Decision 111: the part of React Router `@loyalty/shared` re-exports (decision 016), on wouter's browser location, in
 * the browser builds. `react-router` resolves here in every browser build (`ROUTER_ALIASES` in federation.ts), the way
 * React's names resolve to Preact (decision 108) and styled-components' to goober (decision 110): the code, its types,
 * the unit suites (Jest, `MemoryRouter`) and the build-time markup (Node) stay React Router's.
 *
 * Why: React Router 7 keeps 37 KB minified (13.1 KB compressed) on every dashboard page for the eleven names the apps
 * use — its matching, data routers and navigation blocking live in one module the build cannot shake. wouter (3.13,
 * MIT, 4 M downloads a week) reads and moves the browser's location (`wouter/use-browser-location`: the pathname, the
 * query and the history state through `useSyncExternalStore`, `navigate` by `pushState` / `replaceState`, ~0.6 KB).
 * What this file adds is React Router's API over it, as the apps use it (about 190 lines with these comments, pinned by
 * `tools/test/wouter-router.test.ts`, the journeys run it):
 * - `useRoutes` / `Routes` + `Route`: absolute paths, a pathless layout route with `Outlet`, `*` and `/prefix/*`
 *   splats; the best match wins as React Router ranks it (static segments before a splat), paths compared without
 *   case and trailing slash;
 * - `useLocation` (`pathname`, `search`, `hash`, `state`, `key`), `useNavigate` (a path, a `{ replace, state }`, or
 *   a number of history steps), `Navigate` (in an effect, as React Router does);
 * - `Link` (a plain click navigates in the page; a modified click, another target or a prevented default is the
 *   browser's), `NavLink` (`aria-current="page"` and the `isActive` class and style functions, `end`);
 * - `useSearchParams` (the query as `URLSearchParams`, a setter taking a value or a function of the current one);
 * - `BrowserRouter` (nothing to hold: the location is the browser's).
 * The history state keeps React Router's shape (`{ usr, key }`), so a page reloaded keeps what was sent with it.
 * Not implemented, because no code has them: route params (`:id`), a `<Routes>` nested in a route's element with paths
 * relative to it, `relative`, `basename`, data routers.
 */
import { Children, createContext, createElement, Fragment, isValidElement, useCallback, useContext, useEffect, useMemo, type ComponentProps, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { navigate as browserNavigate, useHistoryState, usePathname, useSearch } from 'wouter/use-browser-location';

export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
}

interface To {
  pathname?: string;
  search?: string;
  hash?: string;
}

interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

const OutletContext = createContext<ReactNode>(null);

export function BrowserRouter({ children }: { children?: ReactNode }) {
  return createElement(Fragment, null, children);
}

export function useLocation() {
  const pathname = usePathname();
  const search = useSearch();
  const state = useHistoryState() as { usr?: unknown; key?: string } | null;
  return useMemo(
    () => ({ pathname, search, hash: window.location.hash, state: state?.usr ?? null, key: state?.key ?? 'default' }),
    [pathname, search, state],
  );
}

const href = (to: string | To) => (typeof to === 'string' ? to : `${to.pathname ?? window.location.pathname}${to.search ?? ''}${to.hash ?? ''}`);

function go(to: string | To | number, options: NavigateOptions = {}) {
  if (typeof to === 'number') return window.history.go(to);
  browserNavigate(href(to), { replace: options.replace, state: { usr: options.state ?? null, key: Math.random().toString(36).slice(2, 10) } });
}

export function useNavigate() {
  return useCallback((to: string | To | number, options?: NavigateOptions) => go(to, options), []);
}

export function Navigate({ to, replace, state }: { to: string | To } & NavigateOptions) {
  const target = href(to);
  // Once per target, as React Router's: the state is read when it goes.
  useEffect(() => go(target, { replace, state }), [target, replace]);
  return null;
}

export function Outlet() {
  return createElement(Fragment, null, useContext(OutletContext));
}

/** A path's segments, lower-cased, without empty ones: `/Dashboard/` and `/dashboard` are the same. */
const segments = (path: string) => path.toLowerCase().split('/').filter(Boolean);

interface Branch {
  pattern: string[];
  routes: RouteObject[];
  score: number;
  order: number;
}

/** React Router's ranking: a static segment 10, a splat −2, more segments first; ties keep the table's order. */
function flatten(routes: RouteObject[], parents: RouteObject[] = [], parentPath = '', branches: Branch[] = []): Branch[] {
  for (const route of routes) {
    const path = route.path === undefined ? parentPath : route.path.startsWith('/') ? route.path : `${parentPath.replace(/\/$/, '')}/${route.path}`;
    const chain = [...parents, route];
    if (route.children?.length) flatten(route.children, chain, path, branches);
    if (route.path !== undefined || route.index) {
      const pattern = segments(path);
      const score = pattern.reduce((sum, s) => sum + (s === '*' ? -2 : 10), pattern.length) + (route.index ? 2 : 0);
      branches.push({ pattern, routes: chain, score, order: branches.length });
    }
  }
  return branches;
}

function matches(pattern: string[], pathname: string[]): boolean {
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] === '*') return true;
    if (pattern[i] !== pathname[i]) return false;
  }
  return pattern.length === pathname.length;
}

export function useRoutes(routes: RouteObject[]): ReactElement | null {
  const { pathname } = useLocation();
  const branches = useMemo(() => flatten(routes).sort((a, b) => b.score - a.score || a.order - b.order), [routes]);
  const branch = branches.find((b) => matches(b.pattern, segments(pathname)));
  if (!branch) return null;
  // The innermost route's element inside its parents', each parent drawing the next through <Outlet />.
  return branch.routes.reduceRight<ReactElement | null>((inner, route) => createElement(OutletContext.Provider, { value: inner }, route.element ?? createElement(Outlet)), null);
}

export function Route(_props: RouteObject & { children?: ReactNode }): ReactElement | null {
  return null; // read by <Routes>, never drawn
}

function routesOf(children: ReactNode): RouteObject[] {
  const routes: RouteObject[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement(child)) return;
    if (child.type === Fragment) return void routes.push(...routesOf((child.props as { children?: ReactNode }).children));
    const props = child.props as RouteObject & { children?: ReactNode };
    routes.push({ path: props.path, index: props.index, element: props.element, children: props.children ? routesOf(props.children) : undefined });
  });
  return routes;
}

export function Routes({ children }: { children?: ReactNode }) {
  return useRoutes(useMemo(() => routesOf(children), [children]));
}

type LinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string | To; replace?: boolean; state?: unknown };

export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self') || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    go(to, { replace, state });
  };
  return createElement('a', { ...rest, target, href: href(to), onClick: click });
}

type Active = { isActive: boolean };
type NavLinkProps = Omit<LinkProps, 'className' | 'style' | 'children'> & {
  end?: boolean;
  className?: string | ((state: Active) => string | undefined);
  style?: ComponentProps<'a'>['style'] | ((state: Active) => ComponentProps<'a'>['style']);
  children?: ReactNode | ((state: Active) => ReactNode);
};

export function NavLink({ end, className, style, children, ...rest }: NavLinkProps) {
  const here = segments(useLocation().pathname).join('/');
  const target = segments(typeof rest.to === 'string' ? rest.to.split(/[?#]/)[0] : (rest.to.pathname ?? '')).join('/');
  // As React Router: `/` is active only at `/`; another path also below it unless `end`.
  const isActive = here === target || (!end && target !== '' && here.startsWith(`${target}/`));
  const state = { isActive };
  return createElement(Link, {
    ...rest,
    'aria-current': isActive ? 'page' : undefined,
    className: typeof className === 'function' ? className(state) : [className, isActive ? 'active' : undefined].filter(Boolean).join(' ') || undefined,
    style: typeof style === 'function' ? style(state) : style,
    children: typeof children === 'function' ? children(state) : children,
  });
}

type SearchInit = string | URLSearchParams | Record<string, string> | [string, string][];

export function useSearchParams(): [URLSearchParams, (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void] {
  const search = useSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback((next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
    const value = new URLSearchParams(typeof next === 'function' ? next(new URLSearchParams(window.location.search)) : next).toString();
    go({ pathname: window.location.pathname, search: value ? `?${value}` : '' }, options);
  }, []);
  return [params, set];
}
