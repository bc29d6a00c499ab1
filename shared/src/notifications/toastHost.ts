import { useSyncExternalStore } from 'react';

/**
 * Where the toasts are drawn. A modal `<dialog>` (ui/Modal.tsx) sits in the browser's top layer, above any
 * z-index, and makes everything outside it inert: toasts drawn in the page would be hidden under its backdrop,
 * unclickable and left out of the accessibility tree, so an error told while a dialog is open would never be
 * seen or heard. While a modal is open, the toasts are drawn inside the newest one instead (still fixed to the
 * viewport's corner), and back in the page when it closes.
 */
const hosts: HTMLElement[] = [];
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

/** Called by a modal dialog when it opens; the returned function, when it closes. */
export function addToastHost(element: HTMLElement): () => void {
  hosts.push(element);
  changed();
  return () => {
    const index = hosts.lastIndexOf(element);
    if (index >= 0) hosts.splice(index, 1);
    changed();
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const newestHost = () => hosts[hosts.length - 1] ?? null;

/** The open modal dialog the toasts belong in, or null: the page. */
export function useToastHost(): HTMLElement | null {
  return useSyncExternalStore(subscribe, newestHost, () => null);
}
