/**
 * The login page's script, its only controller (docs/decisions/063-public-pages-written-once.md): no React,
 * no store, no federation runtime. It binds to the markup (LoginMarkup.tsx) what must work at once — the
 * login form with shared's `loginForm` rule, its messages and 3-strike lock, the cookie banner, the mobile
 * menu. After a successful login it stores the session where @loyalty/shared reads it (`token`) and opens
 * /dashboard (or the dashboard path of `?next=`, decision 071), where the shell's app loads.
 */
import {
  CONNECTION_MESSAGES,
  DASHBOARD_PATH,
  LOGIN_LOCKOUT_MS,
  LOGIN_MAX_FAILED_ATTEMPTS,
  loginFailureOutcome,
  loginForm,
  MESSAGES,
  safeRedirectPath,
  STALLED_AFTER_MS,
  TOKEN_STORAGE_KEY,
  type LoginOutcome,
} from '@loyalty/shared/page-script';
import { ALL_COOKIES, ESSENTIAL_COOKIES_ONLY, readCookiePreferences, saveCookiePreferences, type CookiePreferences } from '../../../features/cookies/model/cookiePreferences';
import { handleMenuKey } from '../../../features/landing/model/menuKeys';
import { clearLock, readLockedUntil, storeLockedUntil } from '../../../features/login/model/loginLock';
import { checkForm, showMessage } from '../form';
import { applyConfig, claimPage, loadConfig, postJson, storage, type PageConfig } from '../page';

export function bindLoginForm(form: HTMLFormElement, config: Promise<PageConfig>, onSignedIn: () => void) {
  const email = form.elements.namedItem('email') as HTMLInputElement;
  const password = form.elements.namedItem('password') as HTMLInputElement;
  const submit = form.querySelector<HTMLButtonElement>('[data-login-submit]')!;
  const message = form.querySelector<HTMLElement>('[data-login-message]')!;
  const stalled = form.querySelector<HTMLElement>('[data-login-stalled]');
  const retry = form.querySelector<HTMLButtonElement>('[data-login-retry]');
  const store = storage();
  let failures = 0;
  let lockedUntil = store ? readLockedUntil(Date.now(), store) : null;
  let unlockTimer: ReturnType<typeof setTimeout> | undefined;

  const show = (text: string) => showMessage(message, text);
  /** The fields the rule refused point at the message; the others no longer do. */
  const markInvalid = (errors: Partial<Record<string, string>>) => {
    for (const field of [email, password]) {
      if (errors[field.name]) {
        field.setAttribute('aria-invalid', 'true');
        field.setAttribute('aria-describedby', message.id);
      } else {
        field.removeAttribute('aria-invalid');
        field.removeAttribute('aria-describedby');
      }
    }
  };
  const setBusy = (busy: boolean) => {
    form.setAttribute('aria-busy', String(busy));
    submit.disabled = busy || lockedUntil !== null;
  };
  const render = () => {
    const locked = lockedUntil !== null;
    email.disabled = locked;
    password.disabled = locked;
    submit.disabled = locked;
    if (locked) show(MESSAGES.loginLocked);
  };
  const lock = (until: number) => {
    lockedUntil = until;
    if (store) storeLockedUntil(until, store);
    clearTimeout(unlockTimer);
    unlockTimer = setTimeout(() => {
      if (store) clearLock(store);
      lockedUntil = null;
      failures = 0;
      show('');
      render();
    }, until - Date.now());
    render();
  };
  if (lockedUntil !== null) lock(lockedUntil);

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (lockedUntil !== null || form.getAttribute('aria-busy') === 'true') return;
    const verdict = checkForm(loginForm, { email: email.value, password: password.value });
    markInvalid(verdict.ok ? {} : verdict.errors);
    if (!verdict.ok) {
      // One message for both fields: the first the rule gives.
      show(Object.values(verdict.errors)[0] ?? MESSAGES.loginMissingFields);
      return;
    }
    const credentials = verdict.values;
    show('');
    setBusy(true);
    void send(credentials);
  });

  /**
   * One login, sent again by «Riprova» when it has had no answer for STALLED_AFTER_MS: the late attempt is
   * abandoned (a login writes nothing but the count of failed attempts) and the same credentials go again.
   */
  let attempt: AbortController | null = null;
  let stallTimer: ReturnType<typeof setTimeout> | undefined;
  const setStalled = (on: boolean) => {
    clearTimeout(stallTimer);
    if (stalled) stalled.hidden = !on;
  };
  let resend: (() => void) | null = null;
  retry?.addEventListener('click', () => resend?.());

  async function send(credentials: { email: string; password: string }) {
    const current = new AbortController();
    attempt?.abort();
    attempt = current;
    setStalled(false);
    resend = () => void send(credentials);
    stallTimer = setTimeout(() => {
      if (stalled) stalled.hidden = false;
      else show(CONNECTION_MESSAGES.stalled);
    }, STALLED_AFTER_MS);
    let outcome: LoginOutcome | 'unreachable';
    let token: unknown;
    try {
      const { apiBaseUrl } = await config;
      const { response, body } = await postJson(apiBaseUrl, 'auth/login', credentials, { credentials: 'include', signal: current.signal });
      // The app's rules, one copy (shared's loginFailureOutcome).
      outcome = response.ok ? 'signed-in' : loginFailureOutcome({ status: response.status, data: body });
      token = (body as { token?: unknown } | null)?.token;
    } catch {
      outcome = 'unreachable';
    }
    // Sent again meanwhile: the newer attempt answers.
    if (attempt !== current) return;
    attempt = null;
    resend = null;
    setStalled(false);
    setBusy(false);
    if (outcome === 'signed-in' && typeof token === 'string') {
      try {
        store?.setItem(TOKEN_STORAGE_KEY, token);
      } catch {
        // without storage the session lasts this page only, as in the app
      }
      onSignedIn();
      return;
    }
    if (outcome === 'locked') lock(Date.now() + LOGIN_LOCKOUT_MS);
    else if (outcome === 'rejected') {
      failures += 1;
      if (failures >= LOGIN_MAX_FAILED_ATTEMPTS) lock(Date.now() + LOGIN_LOCKOUT_MS);
      else show(MESSAGES.loginInvalid);
    } else show(MESSAGES.loginConnectionError);
  }
}

export function bindCookieBanner(root: ParentNode) {
  const wrapper = root.querySelector<HTMLElement>('[data-cookie-banner]');
  if (!wrapper) return;
  const banner = wrapper.querySelector<HTMLElement>('section') ?? wrapper;
  const analytics = wrapper.querySelector<HTMLInputElement>('input[name="analytics"]');
  const marketing = wrapper.querySelector<HTMLInputElement>('input[name="marketing"]');
  const store = storage();
  let opener: HTMLElement | null = null;

  const open = (reopened: boolean) => {
    const saved = store ? readCookiePreferences(store) : null;
    const choice = saved ?? ESSENTIAL_COOKIES_ONLY;
    if (analytics) analytics.checked = choice.analytics;
    if (marketing) marketing.checked = choice.marketing;
    wrapper.hidden = false;
    if (reopened) {
      opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      banner.focus();
    }
  };
  const save = (choice: CookiePreferences) => {
    if (store) saveCookiePreferences(choice, store);
    wrapper.hidden = true;
    opener?.focus();
    opener = null;
  };
  wrapper.addEventListener('click', (event) => {
    const action = (event.target as Element).closest<HTMLElement>('[data-cookie-action]')?.dataset.cookieAction;
    if (action === 'all') save(ALL_COOKIES);
    else if (action === 'essential') save(ESSENTIAL_COOKIES_ONLY);
    else if (action === 'save') save({ essential: true, analytics: Boolean(analytics?.checked), marketing: Boolean(marketing?.checked) });
  });
  for (const button of root.querySelectorAll<HTMLElement>('[data-cookie-preferences]')) button.addEventListener('click', () => open(true));
  if (!(store && readCookiePreferences(store))) open(false);
}

export function bindMobileMenu(root: ParentNode) {
  const toggle = root.querySelector<HTMLButtonElement>('button[aria-controls="landing-mobile-menu"]');
  const panel = root.querySelector<HTMLElement>('#landing-mobile-menu');
  const backdrop = root.querySelector<HTMLElement>('[data-menu-backdrop]');
  if (!toggle || !panel) return;

  const setOpen = (open: boolean) => {
    panel.dataset.open = String(open);
    panel.setAttribute('aria-hidden', String(!open));
    toggle.setAttribute('aria-expanded', String(open));
    if (backdrop) backdrop.hidden = !open;
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) toggle.focus();
  };
  toggle.addEventListener('click', () => {
    setOpen(true);
    panel.querySelector<HTMLElement>('a[href]')?.focus();
  });
  backdrop?.addEventListener('click', () => close(true));
  panel.addEventListener('click', (event) => {
    const target = (event.target as Element).closest('a, button');
    if (target?.tagName === 'BUTTON') close(true);
    else if (target) close(false);
  });
  panel.addEventListener('keydown', (event) => handleMenuKey(event, panel, close));
}

/**
 * The page's entry, once per markup. A signed-in visitor of /login goes to /dashboard; `/` for a visitor
 * is /login.
 */
export function start(root: Document = document, location: Location = window.location, pageConfig?: Promise<PageConfig>) {
  if (!claimPage(root, 'login')) return;
  const config = pageConfig ?? loadConfig();
  // Back where they were going (decision 071): `?next=` only when it is a path of this dashboard.
  const destination = safeRedirectPath(new URLSearchParams(location.search).get('next')) ?? DASHBOARD_PATH;
  if (storage()?.getItem(TOKEN_STORAGE_KEY)) {
    location.replace(destination);
    return;
  }
  if (location.pathname === '/') history.replaceState(history.state, '', `/login${location.search}${location.hash}`);
  void config.then((c) => applyConfig(root, c));
  const form = root.querySelector<HTMLFormElement>('form[data-login-form]');
  if (form) bindLoginForm(form, config, () => location.assign(destination));
  // Sent here by a dashboard link (a card's QR scanned while signed out): they came to sign in, not for the landing,
  // whose form sits below the fold of a phone under the cookie banner. The form comes into view, «Email» focused.
  if (form && destination !== DASHBOARD_PATH) {
    form.scrollIntoView?.({ block: 'start' });
    form.querySelector<HTMLInputElement>('input[name="email"]')?.focus({ preventScroll: true });
  }
  bindCookieBanner(root);
  bindMobileMenu(root);
}
