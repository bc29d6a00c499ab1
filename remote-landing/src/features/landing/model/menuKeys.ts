/**
 * The mobile menu's keyboard, for the landing page's script (src/exposed/public-pages/login/login.ts): Escape
 * closes it, Tab and Shift+Tab stay inside its panel.
 */

/** What the menu's panel can focus, in order. */
const focusableIn = (panel: HTMLElement): HTMLElement[] => Array.from(panel.querySelectorAll<HTMLElement>('a[href], button'));

interface MenuKey {
  key: string;
  shiftKey: boolean;
  preventDefault(): void;
  stopPropagation(): void;
}

/** Handles one key pressed inside the open menu's panel; `close(true)` gives focus back to the toggle. */
export function handleMenuKey(event: MenuKey, panel: HTMLElement, close: (returnFocus: boolean) => void): void {
  if (event.key === 'Escape') {
    event.stopPropagation();
    close(true);
    return;
  }
  if (event.key !== 'Tab') return;
  const items = focusableIn(panel);
  const first = items[0];
  const last = items[items.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
