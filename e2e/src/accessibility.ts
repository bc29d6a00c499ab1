/**
 * The accessibility journeys' checks of a page, for every journey that looks at a screen at 1280 and 360 px:
 * axe-core's WCAG 2.1 A/AA rules, tables cut with no scroll box of their own, and sideways page scrolling.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Tables that are wider than their box and not inside a box that scrolls sideways and takes focus: their last
 * columns are cut off or push the page wider.
 */
export async function cutTables(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLTableElement>('[data-remote] table, [role="dialog"] table')]
      .filter((table) => table.offsetParent !== null && table.closest('[hidden], [aria-hidden="true"]') === null)
      // A table kept for screen readers only (clipped to nothing, e.g. a chart's text form) is not seen, so not seen cut.
      .filter((table) => {
        for (let box: HTMLElement | null = table; box && box !== document.body; box = box.parentElement) {
          if (getComputedStyle(box).clip === 'rect(0px, 0px, 0px, 0px)') return false;
        }
        return true;
      })
      .filter((table) => table.getBoundingClientRect().width > (table.parentElement?.clientWidth ?? Infinity) + 1)
      .filter((table) => {
        for (let box = table.parentElement; box && box !== document.body; box = box.parentElement) {
          if (['auto', 'scroll'].includes(getComputedStyle(box).overflowX) && box.tabIndex >= 0) return false;
        }
        return true;
      })
      .map((table) => `table «${table.getAttribute('aria-label') ?? table.caption?.textContent ?? table.rows[0]?.textContent?.slice(0, 40) ?? ''}» is cut: no scroll box of its own`),
  );
}

export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

export async function allViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

/**
 * How far the page scrolls sideways beyond the viewport (0 when it does not). Measured against the viewport the test
 * set, not `innerWidth`: a phone's browser (`isMobile`) widens its layout viewport to a page wider than the screen
 * and zooms out, so `innerWidth` grows with the overflow and the difference read 0 (the privacy page's table, 507 px
 * at 360, passed that way).
 */
async function sidewaysOverflow(page: Page): Promise<number> {
  const width = page.viewportSize()?.width;
  return page.evaluate((set) => Math.max(0, document.documentElement.scrollWidth - (set ?? window.innerWidth)), width);
}

/** The page scrolling sideways, as a problem to report (none when it does not). */
export async function sidewaysProblems(page: Page): Promise<string[]> {
  const overflow = await sidewaysOverflow(page);
  return overflow > 0 ? [`the page scrolls sideways by ${overflow} px`] : [];
}

/** The screen's axe violations and, when the page scrolls sideways, by how much. */
export async function screenProblems(page: Page): Promise<string[]> {
  const found = await allViolations(page);
  const cut = await cutTables(page);
  return [...found, ...cut, ...(await sidewaysProblems(page))];
}
