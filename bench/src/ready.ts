/**
 * When a page's content is on screen, read in the page every frame. Playwright's `waitFor` polls at 0, 20, 50, 100,
 * 100, then every 500 ms: past ~0.8 s a readiness read that way lands on a 500 ms grid (seen on a fast host:
 * federated /dashboard 1 099–1 153 or 1 496–1 572 ms and nothing between, against the monolith's 910–1 081 ms, a
 * ×1.46 that was the grid's). Here the check runs in the page at every animation frame (`polling: 'raf'`), and the
 * page's own clock is read at the frame that found it.
 */
import type { Page } from '@playwright/test';

/** The frame the content was found at: the page's `performance.now()` and its `timeOrigin` (epoch ms). */
export interface SeenAt {
  /** Milliseconds since the navigation began (the clock of LCP and long tasks). */
  pageMs: number;
  /** The same moment in epoch milliseconds (the host's clock, as Node's `Date.now()`). */
  epochMs: number;
}

/** Content the bench waits for, described for the page (it runs there, so it carries no closure). */
export type Wanted =
  /** A visible `<dd>` of the `<dl>` in `main` whose terms include one matching `term` (the overview's tiles). */
  | { kind: 'tile'; term: string }
  /** A visible form control labelled exactly `label` (the login's «Email»). */
  | { kind: 'labelled'; label: string }
  /** A visible button whose accessible label (aria-label, else its text) matches `name` (a card row's «Aggiorna …»). */
  | { kind: 'button'; name: string };

/** Waits for `wanted` on screen, checked every frame in the page; resolves with when it was first seen there. */
export async function seenAt(page: Page, wanted: Wanted, timeout = 60_000): Promise<SeenAt> {
  // Passed as a function (a string would be eval'd in the page, which its Content-Security-Policy refuses), with no
  // named inner functions: tsx (esbuild's keepNames) would wrap those in a `__name` helper the page does not have.
  const handle = await page.waitForFunction(
    (want: Wanted) => {
      let found: Element | null | undefined;
      if (want.kind === 'tile') {
        const term = new RegExp(want.term, 'i');
        const list = Array.from(document.querySelectorAll('main dl')).find((dl) => Array.from(dl.querySelectorAll('dt')).some((dt) => term.test((dt.textContent ?? '').trim())));
        found = list?.querySelector('dd');
      } else if (want.kind === 'labelled') {
        const label = Array.from(document.querySelectorAll('label')).find((l) => (l.textContent ?? '').trim().replace(/\s*\*$/, '') === want.label);
        found = label?.control;
      } else {
        const name = new RegExp(want.name);
        found = Array.from(document.querySelectorAll('button')).find((b) => name.test((b.getAttribute('aria-label') ?? b.textContent ?? '').trim()) && b.getClientRects().length > 0);
      }
      if (!found || found.getClientRects().length === 0 || getComputedStyle(found).visibility === 'hidden') return false;
      const now = performance.now();
      return { pageMs: now, epochMs: performance.timeOrigin + now };
    },
    wanted,
    { polling: 'raf', timeout },
  );
  return (await handle.jsonValue()) as SeenAt;
}
