/**
 * The small script of the prerendered signup page, `/loyalty-cards/create?business_id=…`
 * (docs/decisions/028-prerendered-public-pages.md): no React, no store, no federation runtime. It binds to
 * the HTML rendered at build time (src/exposed/prerender/StaticSignupPage.tsx) the form with the React page's rules
 * and messages (features/signup/validateSignup.ts, signupAnswer.ts: the same modules), posts it, and shows
 * the answer: the card drawn with its QR code and the PNG download (shared's card drawing, the QR library
 * loaded with it), or 'Carta già richiesta', or the error in Italian under the field or above the button.
 */
import {
  addPointsLink,
  downloadCanvasPng,
  drawLoyaltyCard,
  errorMessage,
  loyaltyCardFileName,
  MESSAGES,
  REQUEST_TIMEOUT_MS,
  TOKEN_STORAGE_KEY,
} from '@loyalty/shared/page-script';
import {
  cardImageLabel,
  cardStamps,
  collectedWord,
  isResent,
  signupRequest,
  type CardSignupResponse,
  type SignedUpCard,
  type SignupResentAnswer,
} from '../../features/signup/model/signupAnswer';
import {
  MARKETING_CHANNELS,
  SIGNUP_FIELD_NAMES,
  SIGNUP_MESSAGES,
  validateSignup,
  type MarketingChannel,
  type SignupErrors,
  type SignupValues,
} from '../../features/signup/model/validateSignup';
import { walletButtons } from '../../features/signup/model/walletLinks';
import { apiUrl, applyConfig, loadConfig, postJson, storage, type PageConfig } from './page';

const DEFAULT_BRAND = 'Appo';

function field(form: HTMLFormElement, name: string): HTMLInputElement {
  return form.elements.namedItem(name) as HTMLInputElement;
}

function readValues(form: HTMLFormElement): SignupValues {
  const channels = new Set<MarketingChannel>();
  for (const { channel } of MARKETING_CHANNELS) {
    if (form.querySelector<HTMLInputElement>(`input[name="marketing_channels"][value="${channel}"]`)?.checked) channels.add(channel);
  }
  return {
    email: field(form, 'email').value,
    fullName: field(form, 'full_name').value,
    phone: field(form, 'phone').value,
    privacyAck: field(form, 'privacy_ack').checked,
    marketingChannels: channels,
  };
}

/** Shows one view of the page (the form, the card or 'Carta già richiesta') and moves focus to its heading. */
function showView(root: ParentNode, name: 'card' | 'resent') {
  for (const view of root.querySelectorAll<HTMLElement>('[data-signup-view]')) view.hidden = view.dataset.signupView !== name;
  // The form was replaced by the answer: tell screen-reader and keyboard users where they are.
  root.querySelector<HTMLElement>(`[data-signup-view="${name}"] h1`)?.focus();
}

function showResent(root: ParentNode, answer: SignupResentAnswer) {
  root.querySelector('[data-resent-business]')!.textContent = answer.business_name;
  root.querySelector('[data-resent-message]')!.textContent = answer.message;
  showView(root, 'resent');
}

/** SPEC §2: 'La tua Carta Fedeltà', the card image with its QR code, and the PNG download. */
export async function showCard(root: ParentNode, card: SignedUpCard, config: PageConfig): Promise<void> {
  const brandName = config.brandName || DEFAULT_BRAND;
  root.querySelector('[data-card-business]')!.textContent = card.business_name;
  root.querySelector('[data-card-collects]')!.textContent = collectedWord(card);
  const numberLine = root.querySelector<HTMLElement>('[data-card-number-line]');
  if (numberLine && card.card_number) {
    numberLine.querySelector('[data-card-number]')!.textContent = card.card_number;
    numberLine.hidden = false;
  }
  // Issue 21: the wallet buttons the answer links, as the React result shows them.
  const buttons = walletButtons(card);
  for (const { wallet, href } of buttons) {
    const wrapper = root.querySelector<HTMLElement>(`[data-wallet="${wallet}"]`);
    wrapper?.querySelector('a')?.setAttribute('href', href);
    if (wrapper) wrapper.hidden = false;
  }
  const walletLinks = root.querySelector<HTMLElement>('[data-wallet-links]');
  if (walletLinks) walletLinks.hidden = buttons.length === 0;
  const canvas = root.querySelector<HTMLCanvasElement>('canvas[data-card-canvas]')!;
  canvas.setAttribute('aria-label', cardImageLabel(brandName, card));
  const download = root.querySelector<HTMLButtonElement>('[data-card-download]')!;
  download.addEventListener('click', () => downloadCanvasPng(canvas, loyaltyCardFileName(brandName)));
  showView(root, 'card');
  try {
    await drawLoyaltyCard(canvas, {
      brandName,
      businessName: card.business_name,
      qrText: addPointsLink(config.dashboardBaseUrl || window.location.origin, card.id, card.user_id),
      stamps: cardStamps(card),
      // Decision 042 (amended): the shop's colour, as on its wallet pass (an older API sends none: the blue card).
      brandColor: card.brand_color,
    });
    download.disabled = false;
  } catch {
    root.querySelector<HTMLElement>('[data-card-draw-error]')!.hidden = false;
  }
}

export function bindSignupForm(form: HTMLFormElement, businessId: string, config: Promise<PageConfig>, root: ParentNode = document) {
  const submit = form.querySelector<HTMLButtonElement>('[data-signup-submit]')!;
  const message = form.querySelector<HTMLElement>('[data-signup-message]')!;

  const showErrors = (errors: SignupErrors) => {
    for (const [key, name] of Object.entries(SIGNUP_FIELD_NAMES) as [keyof SignupErrors, string][]) {
      const error = form.querySelector<HTMLElement>(`[data-field-error="${name}"]`)!;
      const control = field(form, name);
      const text = errors[key] ?? '';
      error.textContent = text;
      error.hidden = text === '';
      if (text) {
        control.setAttribute('aria-invalid', 'true');
        control.setAttribute('aria-describedby', error.id);
      } else {
        control.removeAttribute('aria-invalid');
        control.removeAttribute('aria-describedby');
      }
    }
    // Keyboard and screen-reader users land on the field to fix, which reads out its message.
    const first = Object.keys(errors)[0] as keyof SignupErrors | undefined;
    if (first) field(form, SIGNUP_FIELD_NAMES[first]).focus();
  };
  const showMessage = (text: string) => {
    message.textContent = text;
    message.hidden = text === '';
  };
  const setBusy = (busy: boolean) => {
    form.setAttribute('aria-busy', String(busy));
    submit.disabled = busy;
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (form.getAttribute('aria-busy') === 'true') return;
    const values = readValues(form);
    const errors = validateSignup(values);
    showErrors(errors);
    showMessage('');
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    void (async () => {
      let answer: CardSignupResponse | null = null;
      let failure: string = MESSAGES.userCreateError;
      const settings = await config;
      try {
        const { response, body } = await postJson(settings.apiBaseUrl, 'users/loyalty-cards/create', signupRequest(values, businessId));
        // As the React form: the answer's Italian `error` (429 included), else the screen's default.
        if (response.ok && body && typeof body === 'object') answer = body as CardSignupResponse;
        else failure = errorMessage({ data: body }, MESSAGES.userCreateError);
      } catch {
        // no answer (network, timeout): the screen's default message
      }
      setBusy(false);
      if (answer) {
        if (isResent(answer)) showResent(root, answer);
        else await showCard(root, answer, settings);
        return;
      }
      // Issue 17: the number the server could not read is shown under the phone field.
      if (failure === SIGNUP_MESSAGES.phoneInvalid) showErrors({ phone: failure });
      else showMessage(failure);
    })();
  });
}

/**
 * SPEC §2: a signed-in visitor goes to /dashboard; without `business_id`, or when the shop's lookup answers
 * an empty list or fails, the visitor goes to /login (as the React page). Otherwise the form works, and the
 * shop's name is written if the server could not (its lookup failed or timed out).
 */
export function start(location: Location = window.location) {
  if (storage()?.getItem(TOKEN_STORAGE_KEY)) {
    location.replace('/dashboard');
    return;
  }
  const businessId = new URLSearchParams(location.search).get('business_id')?.trim() ?? '';
  if (!businessId) {
    location.replace('/login');
    return;
  }
  const config = loadConfig();
  void config.then((c) => applyConfig(document, c));
  void config
    .then(({ apiBaseUrl }) => fetch(apiUrl(apiBaseUrl, `business/${encodeURIComponent(businessId)}`), { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }))
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
    .catch(() => null)
    .then((businesses) => {
      const business = Array.isArray(businesses) ? (businesses[0] as { name?: unknown } | undefined) : undefined;
      if (!business || typeof business.name !== 'string') {
        location.replace('/login');
        return;
      }
      const name = document.querySelector<HTMLElement>('[data-business-name]');
      if (name && !name.textContent) name.textContent = business.name;
    });
  const form = document.querySelector<HTMLFormElement>('form[data-signup-form]');
  if (form) bindSignupForm(form, businessId, config);
}
