/**
 * The signup page's script, its only controller (`/loyalty-cards/create?business_id=…`,
 * docs/decisions/063-public-pages-written-once.md): no React, no store, no federation runtime. It binds to
 * the markup (SignupMarkup.tsx) the form, checked with shared's `signupForm` rule, posts it, and shows the
 * answer: the card drawn with its QR code, the wallet buttons and the PNG downloads (shared's card drawing,
 * the QR library loaded with it), or 'Carta già richiesta', or the error in Italian under the field or above
 * the button.
 */
import {
  addPointsLink,
  DEFAULT_BRAND_NAME,
  downloadCanvasPng,
  drawLoyaltyCard,
  errorMessage,
  FORM_MESSAGES,
  loyaltyCardFileName,
  loyaltyCardPrintFileName,
  MESSAGES,
  PRINT_CARD_SIZE,
  PRINT_DPI,
  REQUEST_TIMEOUT_MS,
  signupForm,
  TOKEN_STORAGE_KEY,
  type FormInput,
} from '@loyalty/shared/page-script';
import { downloadCanvasPngAtDpi } from '@loyalty/shared/print-image';
import { MARKETING_CHANNELS } from '../../../features/signup/model/marketingChannels';
import {
  cardImageLabel,
  cardStamps,
  collectedWord,
  isResent,
  signupRequest,
  type CardSignupResponse,
  type SignedUpCard,
  type SignupResentAnswer,
} from '../../../features/signup/model/signupAnswer';
import { walletButtons } from '../../../features/signup/model/walletLinks';
import { checkForm, setBusy, showFieldErrors, showMessage } from '../form';
import { apiUrl, applyConfig, claimPage, loadConfig, postJson, storage, type PageConfig } from '../page';

/** The form's fields in its order (the API's body's names), for the error lines and the focus. */
const FIELDS = ['email', 'full_name', 'phone', 'privacy_ack'] as const;

function field(form: HTMLFormElement, name: string): HTMLInputElement {
  return form.elements.namedItem(name) as HTMLInputElement;
}

/** What the form holds, as shared's `signupForm` reads it: the ticked channels in the form's order. */
function readValues(form: HTMLFormElement): FormInput<typeof signupForm> {
  return {
    email: field(form, 'email').value,
    full_name: field(form, 'full_name').value,
    phone: field(form, 'phone').value,
    privacy_ack: field(form, 'privacy_ack').checked,
    marketing_channels: MARKETING_CHANNELS.map(({ channel }) => channel).filter(
      (channel) => form.querySelector<HTMLInputElement>(`input[name="marketing_channels"][value="${channel}"]`)?.checked,
    ),
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

/** 'La tua Carta Fedeltà': the shop, the card's number, the card image with its QR code, the wallet buttons and the PNG download. */
export async function showCard(root: ParentNode, card: SignedUpCard, config: PageConfig): Promise<void> {
  const brandName = config.brandName || DEFAULT_BRAND_NAME;
  root.querySelector('[data-card-business]')!.textContent = card.business_name;
  root.querySelector('[data-card-collects]')!.textContent = collectedWord(card);
  const numberLine = root.querySelector<HTMLElement>('[data-card-number-line]');
  if (numberLine && card.card_number) {
    numberLine.querySelector('[data-card-number]')!.textContent = card.card_number;
    numberLine.hidden = false;
  }
  // The wallet buttons the answer links, each only when it does.
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
  const image = {
    brandName,
    businessName: card.business_name,
    qrText: addPointsLink(config.dashboardBaseUrl || window.location.origin, card.id, card.user_id),
    stamps: cardStamps(card),
    // Decision 042 (amended): the shop's colour, as on its wallet pass (an older API sends none: the blue card).
    brandColor: card.brand_color,
  };
  const printDownload = root.querySelector<HTMLButtonElement>('[data-card-print-download]');
  printDownload?.addEventListener('click', () => void downloadPrintCard(root, printDownload, image));
  showView(root, 'card');
  try {
    await drawLoyaltyCard(canvas, image);
    download.disabled = false;
    if (printDownload) printDownload.disabled = false;
  } catch {
    root.querySelector<HTMLElement>('[data-card-draw-error]')!.hidden = false;
  }
}

/**
 * The card drawn again at a credit card's size at 300 dpi (never the screen's canvas enlarged) and saved as a PNG
 * that carries its resolution; a failure is said under the buttons, the screen image stays downloadable.
 */
async function downloadPrintCard(root: ParentNode, button: HTMLButtonElement, image: Parameters<typeof drawLoyaltyCard>[1]) {
  if (button.getAttribute('aria-busy') === 'true') return;
  const error = root.querySelector<HTMLElement>('[data-card-print-error]');
  if (error) error.hidden = true;
  button.setAttribute('aria-busy', 'true');
  try {
    const canvas = document.createElement('canvas');
    await drawLoyaltyCard(canvas, image, PRINT_CARD_SIZE);
    await downloadCanvasPngAtDpi(canvas, loyaltyCardPrintFileName(image.brandName), PRINT_DPI);
  } catch {
    if (error) error.hidden = false;
  } finally {
    button.removeAttribute('aria-busy');
  }
}

export function bindSignupForm(form: HTMLFormElement, businessId: string, config: Promise<PageConfig>, root: ParentNode = document) {
  const submit = form.querySelector<HTMLButtonElement>('[data-signup-submit]')!;
  const message = form.querySelector<HTMLElement>('[data-signup-message]')!;

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (form.getAttribute('aria-busy') === 'true') return;
    const verdict = checkForm(signupForm, readValues(form));
    showFieldErrors(form, FIELDS, verdict.ok ? {} : verdict.errors);
    showMessage(message, '');
    if (!verdict.ok) return;
    setBusy(form, submit, true);
    void (async () => {
      let answer: CardSignupResponse | null = null;
      let failure: string = MESSAGES.userCreateError;
      const settings = await config;
      try {
        const { response, body } = await postJson(settings.apiBaseUrl, 'users/loyalty-cards/create', signupRequest(verdict.values, businessId));
        // The answer's Italian `error` (429 included), else the screen's default.
        if (response.ok && body && typeof body === 'object') answer = body as CardSignupResponse;
        else failure = errorMessage({ data: body }, MESSAGES.userCreateError);
      } catch {
        // no answer (network, timeout): the screen's default message
      }
      setBusy(form, submit, false);
      if (answer) {
        if (isResent(answer)) showResent(root, answer);
        else await showCard(root, answer, settings);
        return;
      }
      // A number the server could not read is shown under the phone field.
      if (failure === FORM_MESSAGES.phoneInvalid) showFieldErrors(form, FIELDS, { phone: failure });
      else showMessage(message, failure);
    })();
  });
}

/**
 * The page's entry, once per markup. A signed-in visitor goes to /dashboard; without
 * `business_id`, or when the shop's lookup answers an empty list or fails, the visitor goes to /login.
 * Otherwise the form works, and the shop's name is written if the server could not (its lookup failed or
 * timed out).
 */
export function start(root: Document = document, location: Location = window.location, pageConfig?: Promise<PageConfig>) {
  if (!claimPage(root, 'signup')) return;
  if (storage()?.getItem(TOKEN_STORAGE_KEY)) {
    location.replace('/dashboard');
    return;
  }
  const businessId = new URLSearchParams(location.search).get('business_id')?.trim() ?? '';
  if (!businessId) {
    location.replace('/login');
    return;
  }
  const config = pageConfig ?? loadConfig();
  void config.then((c) => applyConfig(root, c));
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
      const name = root.querySelector<HTMLElement>('[data-business-name]');
      if (name && !name.textContent) name.textContent = business.name;
    });
  const form = root.querySelector<HTMLFormElement>('form[data-signup-form]');
  if (form) bindSignupForm(form, businessId, config, root);
}
