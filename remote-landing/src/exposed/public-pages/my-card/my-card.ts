/**
 * The customer's page `/my-card`'s script, its only controller (docs/decisions/049-customer-page.md): no
 * React, no store, no federation runtime. It binds to the markup (MyCardMarkup.tsx) and talks to
 * /api/customer (decision 048):
 * - asks for a one-time link for an e-mail or phone (the API's answer read out, its Italian errors under the field);
 * - opened with `?token=`: removes the token from the address at once and exchanges it for a 30-minute customer
 *   session, kept in the tab's session storage until it expires (a reload keeps it); a 401 or the expiry goes
 *   back to the form with "La sessione è scaduta: richiedi un nuovo link."; "Esci" ends it on the server too
 *   (POST /api/customer/logout), and so does erasing the contact's last card (the answer's `session_ended`);
 * - shows each shop's card by cloning the page's `<template>`s and writing text only (never HTML from data):
 *   balance, the card image with its QR (shared's drawLoyaltyCard), wallet links, rewards, expiring points,
 *   the ledger on demand, the marketing consents with their lapse dates and renewal, erasure, and the copy of the data.
 */
import { DEFAULT_BRAND_NAME, drawLoyaltyCard, errorMessage, formatDate, REQUEST_TIMEOUT_MS, stampsDescription, type CardStamps } from '@loyalty/shared/page-script';
import {
  balanceText,
  channelsToOffer,
  consentLapses,
  contactText,
  expiringText,
  exportFileName,
  forgetSession,
  hasKeptSession,
  LEDGER_KINDS,
  MY_CARD_MESSAGES,
  nextRewardText,
  readSession,
  rewardText,
  saveSession,
  signedAmountText,
  type CustomerCard,
  type CustomerLedgerEntry,
  type CustomerSession,
  type MarketingChannel,
} from '../../../features/my-card/model/myCard';
import { walletButtons } from '../../../features/signup/model/walletLinks';
import { apiUrl, applyConfig, claimPage, loadConfig, postJson, type PageConfig } from '../page';

type View = 'request' | 'opening' | 'cards';
type Tone = 'info' | 'error' | 'success';

/** The tab's session storage, or null where the browser refuses it. */
function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function must<T extends Element>(root: ParentNode, selector: string): T {
  const el = root.querySelector<T>(selector);
  if (!el) throw new Error(`my-card: ${selector} missing`);
  return el;
}

function say(el: HTMLElement, text: string, tone: Tone = 'info') {
  el.dataset.tone = tone;
  el.textContent = text;
}

/** A `<template>`'s first element, cloned (React in the browser writes a template's children into the element, not its content). */
function fromTemplate<T extends Element>(root: ParentNode, name: string, selector: string): T {
  const template = must<HTMLTemplateElement>(root, `template[data-mycard-template="${name}"]`);
  const source = template.content?.querySelector(selector) ?? template.querySelector(selector);
  if (!source) throw new Error(`my-card: template ${name} has no ${selector}`);
  return source.cloneNode(true) as T;
}

const ID_REFERENCES = ['for', 'aria-labelledby', 'aria-describedby', 'aria-controls'];

/** Makes the clone's ids unique: every id (and every reference to it) ending in `-card` gets the suffix. */
function uniqueIds(clone: Element, suffix: string) {
  const rename = (id: string) => (id.endsWith('-card') ? `${id}-${suffix}` : id);
  for (const el of [clone, ...clone.querySelectorAll('*')]) {
    if (el.id) el.id = rename(el.id);
    for (const attribute of ID_REFERENCES) {
      const value = el.getAttribute(attribute);
      if (value) el.setAttribute(attribute, value.split(/\s+/).map(rename).join(' '));
    }
  }
}

class Unauthorized extends Error {}

export interface MyCardEnvironment {
  location: Pick<Location, 'search' | 'pathname' | 'hash'>;
  history: Pick<History, 'replaceState'>;
  storage: Storage | null;
  now?: () => Date;
}

export function createMyCardPage(root: Document, config: Promise<PageConfig>, env: MyCardEnvironment) {
  const now = env.now ?? (() => new Date());
  let session: CustomerSession | null = null;
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;
  let eraseTarget: { card: CustomerCard; opener: HTMLElement } | null = null;

  const views = root.querySelectorAll<HTMLElement>('[data-mycard-view]');
  const notice = must<HTMLElement>(root, '[data-mycard-notice]');
  const status = must<HTMLElement>(root, '[data-mycard-status]');
  const list = must<HTMLElement>(root, '[data-mycard-list]');
  const dialog = must<HTMLDialogElement>(root, '[data-mycard-erase-dialog]');

  function showView(name: View, focus = true) {
    for (const view of views) view.hidden = view.dataset.mycardView !== name;
    // The content was replaced: keyboard and screen-reader users start at the new view's heading.
    if (focus) root.querySelector<HTMLElement>(`[data-mycard-view="${name}"] h1`)?.focus();
  }

  /** Back to the request form, with a sentence saying why. */
  function toRequest(message: string, tone: Tone = 'error') {
    endSession();
    say(notice, message, tone);
    showView('request');
  }

  function forgetLocally() {
    session = null;
    clearTimeout(expiryTimer);
    forgetSession(env.storage);
  }

  function endSession() {
    forgetLocally();
    list.replaceChildren();
    if (dialog.open) dialog.close();
  }

  /** «Esci»: the session ends on the server too, so its token opens nothing any more; the page goes on whatever the answer. */
  function endOnServer() {
    const token = session?.token;
    if (!token) return;
    void config
      .then(({ apiBaseUrl }) =>
        fetch(apiUrl(apiBaseUrl, 'customer/logout'), { method: 'POST', headers: { authorization: `Bearer ${token}` }, keepalive: true, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }),
      )
      .catch(() => undefined);
  }

  function startSession(next: CustomerSession) {
    session = next;
    saveSession(env.storage, next);
    clearTimeout(expiryTimer);
    const left = Date.parse(next.expires_at) - now().getTime();
    expiryTimer = setTimeout(() => toRequest(MY_CARD_MESSAGES.sessionExpired), Math.max(0, Math.min(left, 2 ** 31 - 1)));
    root.querySelector('[data-mycard-contact]')!.textContent = contactText(next.contact);
  }

  /** A call of the customer session; a 401 (expired, or refused) ends the session. */
  async function customerCall(path: string, init: RequestInit = {}): Promise<Response> {
    if (!session) throw new Unauthorized();
    const { apiBaseUrl } = await config;
    const response = await fetch(apiUrl(apiBaseUrl, path), {
      ...init,
      headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), authorization: `Bearer ${session.token}` },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (response.status === 401) throw new Unauthorized();
    return response;
  }

  /** Runs a customer action; a lost session goes back to the form, any other failure says `failure` where it belongs. */
  async function guarded(action: () => Promise<void>, fail: (message: string) => void, failure: string) {
    try {
      await action();
    } catch (error) {
      if (error instanceof Unauthorized) toRequest(MY_CARD_MESSAGES.sessionExpired);
      else fail(error instanceof Error && error.message.startsWith('api:') ? error.message.slice(4) : failure);
    }
  }

  /** The answer's Italian `error` as a thrown message (caught by `guarded`). */
  async function failed(response: Response, fallback: string): Promise<never> {
    const body: unknown = await response.json().catch(() => null);
    throw new Error(`api:${errorMessage({ data: body }, fallback)}`);
  }

  // ——— Request a link ———
  const form = must<HTMLFormElement>(root, 'form[data-mycard-request-form]');
  const contact = form.elements.namedItem('contact') as HTMLInputElement;
  const contactError = must<HTMLElement>(form, '[data-field-error="contact"]');
  const requestStatus = must<HTMLElement>(form, '[data-mycard-request-status]');
  const submit = must<HTMLButtonElement>(form, '[data-mycard-request-submit]');

  const fieldError = (text: string) => {
    contactError.textContent = text;
    contactError.hidden = text === '';
    if (text) {
      contact.setAttribute('aria-invalid', 'true');
      contact.setAttribute('aria-describedby', contactError.id);
      contact.focus();
    } else {
      contact.removeAttribute('aria-invalid');
      contact.removeAttribute('aria-describedby');
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (form.getAttribute('aria-busy') === 'true') return;
    const value = contact.value.trim();
    // A new attempt: the sentence that brought the customer here (expired session, used link) has done its job.
    say(notice, '');
    say(requestStatus, '');
    if (!value) return fieldError(MY_CARD_MESSAGES.contactRequired);
    fieldError('');
    form.setAttribute('aria-busy', 'true');
    submit.disabled = true;
    void (async () => {
      try {
        const { apiBaseUrl } = await config;
        const { response, body } = await postJson(apiBaseUrl, 'customer/magic-link', { contact: value });
        if (response.ok) {
          say(requestStatus, (body as { message?: string } | null)?.message ?? '', 'success');
        } else {
          fieldError(errorMessage({ data: body }, MY_CARD_MESSAGES.requestFailed));
        }
      } catch {
        say(requestStatus, MY_CARD_MESSAGES.requestFailed, 'error');
      } finally {
        form.setAttribute('aria-busy', 'false');
        submit.disabled = false;
      }
    })();
  });

  // ——— The link: exchange the token for a session ———
  async function exchange(token: string) {
    showView('opening', false);
    try {
      const { apiBaseUrl } = await config;
      const { response, body } = await postJson(apiBaseUrl, 'customer/session', { token });
      if (!response.ok) return toRequest(errorMessage({ data: body }, MY_CARD_MESSAGES.linkFailed));
      startSession(body as CustomerSession);
      await loadCards();
    } catch {
      toRequest(MY_CARD_MESSAGES.linkFailed);
    }
  }

  // ——— The cards ———
  function showCards(sections: HTMLElement[], message: { text: string; tone: Tone } | undefined, afterErasure: boolean) {
    list.replaceChildren(...sections);
    must<HTMLElement>(root, '[data-mycard-empty]').hidden = sections.length > 0;
    must<HTMLElement>(root, '[data-mycard-empty-kind="none"]').hidden = afterErasure;
    must<HTMLElement>(root, '[data-mycard-empty-kind="erased"]').hidden = !afterErasure;
    say(status, message?.text ?? '', message?.tone);
    showView('cards');
  }

  /** Reads the cards and shows them; `afterErasure`: an empty list is the customer's own doing, said so. */
  async function loadCards(message?: { text: string; tone: Tone }, afterErasure = false) {
    await guarded(
      async () => {
        const response = await customerCall('customer/cards');
        if (!response.ok) await failed(response, MY_CARD_MESSAGES.loadFailed);
        const cards = (await response.json()) as CustomerCard[];
        const settings = await config;
        showCards(
          cards.map((card, index) => renderCard(card, index, settings)),
          message,
          afterErasure,
        );
      },
      (text) => {
        say(status, text, 'error');
        showView('cards');
      },
      MY_CARD_MESSAGES.loadFailed,
    );
  }

  function renderCard(card: CustomerCard, index: number, settings: PageConfig): HTMLElement {
    const section = fromTemplate<HTMLElement>(root, 'card', '[data-card]');
    uniqueIds(section, String(index + 1));
    section.dataset.cardId = card.id;
    const field = (name: string) => must<HTMLElement>(section, `[data-card-field="${name}"]`);
    field('business_name').textContent = card.business_name;
    field('balance').textContent = balanceText(card);
    field('card_number').textContent = card.card_number;

    // The card image, as the signup page draws it: the QR is the card's own link.
    const brandName = settings.brandName || DEFAULT_BRAND_NAME;
    const stamps: CardStamps | undefined = card.loyalty_mode === 'stamps' && card.next_reward ? { collected: card.points, cost: card.next_reward.cost } : undefined;
    const canvas = must<HTMLCanvasElement>(section, 'canvas[data-card-canvas]');
    const described = stampsDescription(stamps);
    canvas.setAttribute('aria-label', `Carta fedeltà ${brandName} di ${card.business_name} con codice QR${described ? `: ${described}` : ''}`);
    drawLoyaltyCard(canvas, { brandName, businessName: card.business_name, qrText: card.qr_link, stamps, brandColor: card.brand_color }).catch(() => {
      must<HTMLElement>(section, '[data-card-draw-error]').hidden = false;
    });

    const buttons = walletButtons({ wallet: card.wallet ?? undefined });
    for (const { wallet, href } of buttons) {
      const wrapper = must<HTMLElement>(section, `[data-wallet="${wallet}"]`);
      wrapper.querySelector('a')?.setAttribute('href', href);
      wrapper.hidden = false;
    }
    must<HTMLElement>(section, '[data-wallet-links]').hidden = buttons.length === 0;

    // Rewards: those the balance affords now, the next one and what is missing, points expiring soon.
    const rewards = must<HTMLUListElement>(section, '[data-card-rewards]');
    rewards.replaceChildren(
      ...card.rewards_available.map((reward) => {
        const item = root.createElement('li');
        item.textContent = rewardText(card, reward);
        return item;
      }),
    );
    rewards.hidden = card.rewards_available.length === 0;
    must<HTMLElement>(section, '[data-card-rewards-lead]').hidden = rewards.hidden;
    must<HTMLElement>(section, '[data-card-no-rewards]').hidden = card.rewards_available.length > 0;
    for (const [hook, text] of [
      ['[data-card-next]', nextRewardText(card)],
      ['[data-card-expiring]', expiringText(card)],
    ] as const) {
      const el = must<HTMLElement>(section, hook);
      el.textContent = text;
      el.hidden = text === '';
    }

    bindLedger(section, card);
    bindConsents(section, card);
    const erase = must<HTMLButtonElement>(section, '[data-card-erase]');
    erase.setAttribute('aria-label', `Elimina la mia carta di ${card.business_name}`);
    erase.addEventListener('click', () => openErase(card, erase));
    return section;
  }

  function bindLedger(section: HTMLElement, card: CustomerCard) {
    const toggle = must<HTMLButtonElement>(section, '[data-card-ledger-toggle]');
    const box = must<HTMLElement>(section, '[data-card-ledger]');
    const table = must<HTMLTableElement>(box, '[data-card-ledger-table]');
    const rows = must<HTMLElement>(box, '[data-card-ledger-rows]');
    const ledgerStatus = must<HTMLElement>(box, '[data-card-ledger-status]');
    let loaded = false;
    toggle.addEventListener('click', () => {
      const open = toggle.getAttribute('aria-expanded') !== 'true';
      toggle.setAttribute('aria-expanded', String(open));
      toggle.textContent = open ? 'Nascondi i movimenti' : 'Mostra i movimenti';
      box.hidden = !open;
      if (!open || loaded) return;
      say(ledgerStatus, 'Caricamento dei movimenti…');
      void guarded(
        async () => {
          const response = await customerCall(`customer/cards/${encodeURIComponent(card.id)}/ledger`);
          if (!response.ok) await failed(response, MY_CARD_MESSAGES.ledgerFailed);
          const entries = (await response.json()) as CustomerLedgerEntry[];
          rows.replaceChildren(...entries.map((entry) => ledgerRow(card, entry)));
          table.hidden = entries.length === 0;
          say(ledgerStatus, entries.length === 0 ? MY_CARD_MESSAGES.noLedger : '');
          loaded = true;
        },
        (text) => say(ledgerStatus, text, 'error'),
        MY_CARD_MESSAGES.ledgerFailed,
      );
    });
  }

  function ledgerRow(card: CustomerCard, entry: CustomerLedgerEntry): HTMLTableRowElement {
    const row = fromTemplate<HTMLTableRowElement>(root, 'ledger-row', 'tr');
    const cell = (name: string) => must<HTMLElement>(row, `[data-ledger-field="${name}"]`);
    cell('date').textContent = formatDate(entry.created_at);
    const kind = entry.kind === 'redemption' && entry.reward_name ? `${LEDGER_KINDS.redemption}: ${entry.reward_name}` : LEDGER_KINDS[entry.kind];
    cell('kind').textContent = kind;
    const description = entry.description && entry.description !== kind ? ` · ${entry.description}` : '';
    cell('description').textContent = description;
    const amount = cell('amount');
    amount.textContent = signedAmountText(card, entry.points);
    amount.dataset.sign = entry.points < 0 ? 'minus' : 'plus';
    return row;
  }

  function bindConsents(section: HTMLElement, card: CustomerCard) {
    const consents = must<HTMLFormElement>(section, 'form[data-card-consents]');
    const offered = channelsToOffer(card);
    for (const wrapper of consents.querySelectorAll<HTMLElement>('[data-channel]')) {
      const channel = wrapper.dataset.channel as MarketingChannel;
      wrapper.hidden = !offered.includes(channel);
      wrapper.querySelector<HTMLInputElement>('input')!.checked = card.consents.marketing_channels.includes(channel);
    }
    const lapses = consentLapses(card, now());
    const lapseList = must<HTMLUListElement>(consents, '[data-card-lapses]');
    lapseList.replaceChildren(
      ...lapses.map((lapse) => {
        const item = root.createElement('li');
        item.textContent = lapse.text;
        return item;
      }),
    );
    lapseList.hidden = lapses.length === 0;
    // The renewal's wrapper is hidden or shown (the button's own styles set its display).
    const renew = must<HTMLElement>(consents, '[data-card-renew]');
    renew.hidden = !lapses.some((l) => l.soon);
    const consentsStatus = must<HTMLElement>(consents, '[data-card-consents-status]');
    const buttons = consents.querySelectorAll<HTMLButtonElement>('button');
    const saveButton = must<HTMLButtonElement>(consents, '[data-card-consents-save]');

    /**
     * The pressed button is disabled while saving, and the browser drops the focus to the page (and the renewal's
     * button may go away): back on the button the customer pressed, or on the save button, unless they moved on.
     */
    const keepFocus = (pressed: Element | null) => {
      if (!consents.isConnected) return;
      const active = root.activeElement;
      const lost = !active || active === root.body || (consents.contains(active) && active.closest('[hidden]') !== null);
      if (!lost) return;
      const back = pressed instanceof HTMLElement && consents.contains(pressed) && !pressed.closest('[hidden]') ? pressed : saveButton;
      back.focus();
    };

    const save = (renewing: boolean) => {
      const pressed = root.activeElement;
      const channels = [...consents.querySelectorAll<HTMLInputElement>('input[name="marketing_channels"]')]
        .filter((box) => box.checked && !box.closest<HTMLElement>('[data-channel]')!.hidden)
        .map((box) => box.value);
      for (const button of buttons) button.disabled = true;
      say(consentsStatus, 'Salvataggio…');
      void guarded(
        async () => {
          const response = await customerCall(`customer/cards/${encodeURIComponent(card.id)}/consents`, {
            method: 'PUT',
            body: JSON.stringify({ marketing_channels: channels, renew: renewing }),
          });
          const body = (await response.json().catch(() => null)) as { message?: string } | null;
          if (!response.ok) throw new Error(`api:${errorMessage({ data: body }, MY_CARD_MESSAGES.saveFailed)}`);
          // The lapse dates change with the consent: read the card again, then say it where the customer is.
          const refreshed = await customerCall('customer/cards');
          const fresh = refreshed.ok ? ((await refreshed.json()) as CustomerCard[]).find((c) => c.id === card.id) : undefined;
          if (fresh) {
            card = fresh;
            bindLapses(fresh);
          }
          const saved = body?.message ?? 'Preferenze salvate';
          say(consentsStatus, renewing ? `${saved}. ${MY_CARD_MESSAGES.consentsRenewed}` : `${saved}.`, 'success');
        },
        (text) => say(consentsStatus, text, 'error'),
        MY_CARD_MESSAGES.saveFailed,
      ).finally(() => {
        for (const button of buttons) button.disabled = false;
        keepFocus(pressed);
      });
    };

    const bindLapses = (fresh: CustomerCard) => {
      const next = consentLapses(fresh, now());
      lapseList.replaceChildren(
        ...next.map((lapse) => {
          const item = root.createElement('li');
          item.textContent = lapse.text;
          return item;
        }),
      );
      lapseList.hidden = next.length === 0;
      renew.hidden = !next.some((l) => l.soon);
    };

    consents.addEventListener('submit', (event) => {
      event.preventDefault();
      save(false);
    });
    must<HTMLButtonElement>(renew, 'button').addEventListener('click', () => save(true));
  }

  // ——— Erasure ———
  const eraseAll = must<HTMLInputElement>(dialog, 'input[data-erase-all]');
  const eraseError = must<HTMLElement>(dialog, '[data-erase-error]');
  const eraseConfirm = must<HTMLButtonElement>(dialog, '[data-erase-confirm]');
  const eraseCancel = must<HTMLButtonElement>(dialog, '[data-erase-cancel]');

  function openErase(card: CustomerCard, opener: HTMLElement) {
    eraseTarget = { card, opener };
    must<HTMLElement>(dialog, '[data-erase-business]').textContent = card.business_name;
    eraseAll.checked = false;
    say(eraseError, '');
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    eraseCancel.focus();
  }

  function closeErase() {
    if (dialog.open && typeof dialog.close === 'function') dialog.close();
    else dialog.removeAttribute('open');
  }

  // Escape (the dialog's cancel) and Annulla: focus goes back to the button that opened it.
  dialog.addEventListener('close', () => {
    const opener = eraseTarget?.opener;
    eraseTarget = null;
    if (opener?.isConnected) opener.focus();
  });
  eraseCancel.addEventListener('click', closeErase);
  eraseConfirm.addEventListener('click', () => {
    const target = eraseTarget;
    if (!target) return;
    eraseConfirm.disabled = true;
    say(eraseError, '');
    void guarded(
      async () => {
        const response = await customerCall('customer/erase', {
          method: 'POST',
          body: JSON.stringify(eraseAll.checked ? { all: true } : { card_id: target.card.id }),
        });
        const body = (await response.json().catch(() => null)) as { message?: string; session_ended?: boolean } | null;
        if (!response.ok) throw new Error(`api:${errorMessage({ data: body }, MY_CARD_MESSAGES.eraseFailed)}`);
        eraseTarget = null;
        closeErase();
        const done = { text: body?.message ?? 'Dati eliminati.', tone: 'success' as const };
        if (!body?.session_ended) return loadCards(done, true);
        // No card is left for the contact and the API ended the session: nothing to read again, nothing to keep.
        forgetLocally();
        showCards([], done, true);
      },
      (text) => say(eraseError, text, 'error'),
      MY_CARD_MESSAGES.eraseFailed,
    ).finally(() => {
      eraseConfirm.disabled = false;
    });
  });

  // ——— Copy of the data ———
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-mycard-export]')) {
    const kind = button.dataset.mycardExport === 'csv' ? 'csv' : 'json';
    button.addEventListener('click', () => {
      button.disabled = true;
      void guarded(
        async () => {
          const response = await customerCall(`customer/export.${kind}`);
          if (!response.ok) await failed(response, MY_CARD_MESSAGES.exportFailed);
          const url = URL.createObjectURL(await response.blob());
          const link = root.createElement('a');
          link.href = url;
          link.download = exportFileName(kind, now());
          link.hidden = true;
          root.body.append(link);
          link.click();
          link.remove();
          setTimeout(() => URL.revokeObjectURL(url), 10_000);
          say(status, MY_CARD_MESSAGES.exportReady(kind === 'csv' ? 'CSV' : 'JSON'), 'success');
        },
        (text) => say(status, text, 'error'),
        MY_CARD_MESSAGES.exportFailed,
      ).finally(() => {
        button.disabled = false;
      });
    });
  }

  // ——— Leaving ———
  for (const hook of ['[data-mycard-signout]', '[data-mycard-other-contact]']) {
    root.querySelector(hook)?.addEventListener('click', () => {
      endOnServer();
      toRequest(MY_CARD_MESSAGES.signedOut, 'info');
      contact.value = '';
    });
  }

  return {
    /** Chooses the first view: a link in the address, a session kept by this tab, or the request form. */
    init(): Promise<void> {
      const params = new URLSearchParams(env.location.search);
      const token = params.get('token');
      if (token !== null) {
        // The token is a credential: out of the address (and of the history) before anything else.
        params.delete('token');
        const query = params.toString();
        env.history.replaceState(null, '', `${env.location.pathname}${query ? `?${query}` : ''}${env.location.hash}`);
        return exchange(token.trim());
      }
      const hadSession = hasKeptSession(env.storage);
      const kept = readSession(env.storage, now());
      if (kept) {
        startSession(kept);
        showView('opening', false);
        return loadCards();
      }
      // A reload after the 30 minutes (the kept session was expired, now forgotten): say why the form is back.
      if (hadSession) say(notice, MY_CARD_MESSAGES.sessionExpired, 'error');
      showView('request', false);
      return Promise.resolve();
    },
  };
}

/** The page's entry, once per markup (React may mount `./MyCardPage` twice under `npm run dev`). */
export function start(root: Document = document): Promise<void> {
  if (!claimPage(root, 'my-card')) return Promise.resolve();
  const config = loadConfig();
  void config.then((c) => applyConfig(root, c));
  return createMyCardPage(root, config, { location: window.location, history: window.history, storage: sessionStore() }).init();
}
