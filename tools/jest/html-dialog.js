'use strict';
/**
 * jsdom 26 has HTMLDialogElement but no showModal(), show() or close() (jsdom/jsdom#3294), and shared's Modal
 * is a native <dialog> (docs/decisions/035-apps-shaped-alike.md). These follow the HTML standard's steps the
 * tests rely on: showModal() sets `open` and makes the dialog the top modal; Escape on the top modal fires a
 * cancelable `cancel` on it and closes it unless cancelled; close() removes `open`, gives focus back to what
 * had it before showModal() (as Chromium does) and fires `close`. The top layer, the inert page and ::backdrop
 * are not emulated: the Playwright journeys run the real element in Chromium. Written by hand (~40 lines):
 * dialog-polyfill, the one package for it, targets browsers and has had no release since 2021.
 */
const proto = typeof window !== 'undefined' && window.HTMLDialogElement ? window.HTMLDialogElement.prototype : null;

if (proto && typeof proto.showModal !== 'function') {
  /** Open modal dialogs, the top one last. */
  const modals = [];
  const focusedBefore = new WeakMap();
  const topModal = () => {
    for (let i = modals.length - 1; i >= 0; i--) if (modals[i].isConnected && modals[i].open) return modals[i];
    return null;
  };

  proto.show = function show() {
    if (!this.open) this.setAttribute('open', '');
  };
  proto.showModal = function showModal() {
    if (this.open) throw new DOMException('The dialog is already open.', 'InvalidStateError');
    if (!this.isConnected) throw new DOMException('The dialog is not connected.', 'InvalidStateError');
    focusedBefore.set(this, this.ownerDocument.activeElement);
    this.setAttribute('open', '');
    modals.push(this);
  };
  proto.close = function close(returnValue) {
    if (!this.open) return;
    this.removeAttribute('open');
    const index = modals.indexOf(this);
    if (index >= 0) modals.splice(index, 1);
    if (returnValue !== undefined) this.returnValue = String(returnValue);
    const before = focusedBefore.get(this);
    focusedBefore.delete(this);
    if (before && before.isConnected && typeof before.focus === 'function') before.focus();
    this.dispatchEvent(new window.Event('close'));
  };

  window.document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const dialog = topModal();
    if (dialog && dialog.dispatchEvent(new window.Event('cancel', { cancelable: true }))) dialog.close();
  });
}
