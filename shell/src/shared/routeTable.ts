/**
 * Every page of the product, declared once: its path, the remote module that renders it, who may open it and
 * its sidebar entry. The routes and guards (AppRoutes.tsx), the sidebar (layout/navigation.ts) and the
 * first page's early preload (routeModules.ts, read before the async boundary: type imports only here)
 * are all derived from this table, and a test checks it against each remote's `exposes`.
 */
import type { ExposedModule, Permission, RemoteName, ScreenHeadName } from '@loyalty/shared';

/**
 * - `signed-out`: a visitor's page; a signed-in user is sent to the dashboard.
 * - `public`: anyone (legal pages).
 * - `signed-in`: inside the dashboard layout, any signed-in user.
 * - `admin`: inside the dashboard layout, admins and the super admin only (others go to the dashboard).
 */
export type RouteAccess = 'signed-out' | 'public' | 'signed-in' | 'admin';

export interface RouteEntry<R extends RemoteName = RemoteName> {
  path: `/${string}`;
  remote: R;
  module: ExposedModule<R>;
  access: RouteAccess;
  /** Sidebar entry, in table order; `permission` (the role's screens, shared's permissions.ts) narrows who sees it. */
  nav?: { label: string; permission?: Permission };
  /**
   * The screen's placeholder in the frame (ScreenPlaceholder.tsx): for a dashboard page without a sidebar entry,
   * its heading as the page first writes it (else the sidebar label is) and, for a page laid out as one centred
   * column, that column's width; for a page that writes shared's `SCREEN_HEADS` entry first (its main action and
   * lead paragraph, or its search and filter), that entry's name. The frame paints them from the HTML where the page then writes them (a
   * journey compares the two): on a phone they are the page's largest text until its code has arrived (decisions
   * 092, 093, 094).
   */
  placeholder?: { heading?: string; column?: string; head?: ScreenHeadName };
  /**
   * Decision 070: the counter's staff («Operatore di cassa») may open this page (the cards, the QR's add-points
   * page, their own password). Any other dashboard page shows them «Non hai i permessi…», and its sidebar entry is hidden.
   */
  staff?: boolean;
  /** The page needs `card_id` and `user_id` in its query string, else the dashboard. */
  needsCardParams?: boolean;
  /**
   * The shell's server answers this path with the landing's prerendered HTML (decision 028): the app reaches
   * it by a full page load (HtmlPageRoute.tsx), not by rendering the remote's React page.
   */
  servedAsHtml?: boolean;
  /**
   * Decision 101: the data the page shows first, asked for by the bootstrap as soon as the shop is known, so its
   * request leaves with the remote's code instead of after it: `card-list`, the shop's cards' first page
   * (shared's `prefetchCardList`, the same cache entry the page's list reads).
   */
  firstData?: 'card-list';
}

/** Where a signed-out visitor is sent, and where a signed-in user lands: every redirect names these. */
export const LOGIN_PATH = '/login';
export const HOME_PATH = '/dashboard';
/** Where staff land instead of the overview (decision 070): the cards, to find the customer at the counter. */
export const STAFF_HOME_PATH = '/dashboard/loyalty-cards';

const page = <R extends RemoteName>(entry: RouteEntry<R>): RouteEntry => entry as unknown as RouteEntry;

/** Dashboard pages in sidebar order (the Outbox after the messaging settings, the rewards after the loyalty
 * cards). */
export const ROUTES: readonly RouteEntry[] = [
  page({ path: LOGIN_PATH, remote: 'landing', module: './LoginPage', access: 'signed-out', servedAsHtml: true }),
  page({ path: '/loyalty-cards/create', remote: 'landing', module: './SignupPage', access: 'signed-out', servedAsHtml: true }),
  // The customer's own page (decision 049), prerendered and composed like the signup page.
  page({ path: '/my-card', remote: 'landing', module: './MyCardPage', access: 'public', servedAsHtml: true }),
  // Decision 070: the invited colleague chooses a password (client-rendered; the link's token is read here only).
  page({ path: '/invito', remote: 'admin', module: './AcceptInvitation', access: 'public' }),
  // Decision 071: password recovery, a visitor's pages.
  page({ path: '/password-dimenticata', remote: 'landing', module: './PasswordRecoveryPage', access: 'signed-out' }),
  page({ path: '/reset-password', remote: 'landing', module: './PasswordRecoveryPage', access: 'signed-out' }),
  page({ path: '/privacy', remote: 'landing', module: './LegalPage', access: 'public' }),
  page({ path: '/cookie-policy', remote: 'landing', module: './LegalPage', access: 'public' }),
  page({ path: HOME_PATH, remote: 'cards', module: './Overview', access: 'signed-in', nav: { label: 'Panoramica', permission: 'overview' } }),
  page({ path: '/dashboard/campaigns', remote: 'campaigns', module: './Campaigns', access: 'signed-in', nav: { label: 'Campagne', permission: 'campaigns' }, placeholder: { head: 'campaigns' } }),
  // Decision 080: the owner's automatic messages (welcome, birthday, «ci manchi»).
  page({ path: '/dashboard/automations', remote: 'campaigns', module: './Automations', access: 'admin', nav: { label: 'Automazioni' } }),
  page({ path: '/dashboard/loyalty-cards', remote: 'cards', module: './LoyaltyCards', access: 'signed-in', staff: true, nav: { label: 'Carte Fedeltà', permission: 'loyalty-cards' }, placeholder: { head: 'cards' }, firstData: 'card-list' }),
  page({ path: '/dashboard/rewards', remote: 'cards', module: './Rewards', access: 'admin', nav: { label: 'Premi' } }),
  page({ path: '/dashboard/easy-sms', remote: 'messaging', module: './EasySms', access: 'signed-in', nav: { label: 'SMS Facile', permission: 'easy-sms' } }),
  page({ path: '/dashboard/twilio-settings', remote: 'messaging', module: './TwilioSettings', access: 'signed-in', nav: { label: 'Impostazioni Twilio' } }),
  page({ path: '/dashboard/outbox', remote: 'messaging', module: './Outbox', access: 'admin', nav: { label: 'Posta in uscita' } }),
  page({ path: '/dashboard/settings', remote: 'admin', module: './Settings', access: 'signed-in', staff: true, nav: { label: 'Impostazioni App', permission: 'settings-password' } }),
  page({ path: '/dashboard/users', remote: 'admin', module: './Users', access: 'admin', nav: { label: 'Gestione Utenti' } }),
  page({ path: '/dashboard/documentation', remote: 'admin', module: './Documentation', access: 'signed-in', nav: { label: 'Documentazione', permission: 'documentation' } }),
  // 'Aggiungi punti' is what the page writes until it knows the shop counts stamps ('Aggiungi timbri').
  page({ path: '/dashboard/add-points', remote: 'cards', module: './AddPoints', access: 'admin', staff: true, needsCardParams: true, placeholder: { heading: 'Aggiungi punti', column: '28rem' } }),
  page({ path: '/campaign-success', remote: 'campaigns', module: './CampaignSuccess', access: 'signed-in' }),
];

/** A path as the table writes it: no trailing slash except for '/'. */
export const normalizePath = (pathname: string): string => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

export function routeFor(pathname: string): RouteEntry | null {
  const path = normalizePath(pathname);
  return ROUTES.find((r) => r.path === path) ?? null;
}

export const isDashboardAccess = (access: RouteAccess): boolean => access === 'signed-in' || access === 'admin';
