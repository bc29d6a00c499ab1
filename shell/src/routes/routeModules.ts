/**
 * Which exposed remote module renders each path: the routes use it, and the bootstrap uses it to start
 * loading the module of the page being opened while the session is still being checked.
 */
import type { ExposedModule, RemoteName } from '@loyalty/shared';

export interface RouteModule<R extends RemoteName = RemoteName> {
  remote: R;
  module: ExposedModule<R>;
}

const route = <R extends RemoteName>(remote: R, module: ExposedModule<R>): RouteModule => ({ remote, module });

export const ROUTE_MODULES = {
  '/login': route('landing', './LoginPage'),
  '/loyalty-cards/create': route('landing', './SignupPage'),
  '/privacy': route('landing', './LegalPage'),
  '/cookie-policy': route('landing', './LegalPage'),
  '/campaign-success': route('campaigns', './CampaignSuccess'),
  '/dashboard': route('cards', './Overview'),
  '/dashboard/loyalty-cards': route('cards', './LoyaltyCards'),
  '/dashboard/add-points': route('cards', './AddPoints'),
  '/dashboard/campaigns': route('campaigns', './Campaigns'),
  '/dashboard/easy-sms': route('messaging', './EasySms'),
  '/dashboard/twilio-settings': route('messaging', './TwilioSettings'),
  '/dashboard/outbox': route('messaging', './Outbox'),
  '/dashboard/users': route('admin', './Users'),
  '/dashboard/settings': route('admin', './Settings'),
  '/dashboard/documentation': route('admin', './Documentation'),
} as const satisfies Record<string, RouteModule>;

export type RoutePath = keyof typeof ROUTE_MODULES;

const PUBLIC_PAGES = ['/login', '/loyalty-cards/create', '/privacy', '/cookie-policy'] as const;
/** Pages a signed-in user is sent away from (to the dashboard). */
const SIGNED_OUT_ONLY = new Set<string>(['/login', '/loyalty-cards/create']);

/**
 * The module the first page load will render, so the bootstrap can start it before React mounts: with a
 * stored session, the dashboard page (or a legal page); without one, the public page asked for, or the
 * login page every other path redirects to. Null where the page renders no remote module.
 */
export function firstPageModuleFor(pathname: string, hasSession: boolean): RouteModule | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const publicPage = (PUBLIC_PAGES as readonly string[]).includes(path) ? (ROUTE_MODULES as Record<string, RouteModule>)[path] : null;
  if (hasSession) return publicPage && !SIGNED_OUT_ONLY.has(path) ? publicPage : dashboardModuleFor(path);
  return publicPage ?? ROUTE_MODULES['/login'];
}

/** The module of a dashboard page (a signed-in user's first load), or null for any other path. */
export function dashboardModuleFor(pathname: string): RouteModule | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path !== '/campaign-success' && !path.startsWith('/dashboard')) return null;
  return (ROUTE_MODULES as Record<string, RouteModule>)[path] ?? null;
}
