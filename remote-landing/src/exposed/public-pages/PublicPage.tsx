/**
 * A public page where no server composes it — a document opened at its path under `npm run dev` (the shell's
 * route renders the landing's federated module) or the landing alone (src/bootstrap.tsx): the same markup as
 * the HTML rendered at build time, driven by the same script once mounted. Each page's behaviour lives in
 * its script only (docs/decisions/063-public-pages-written-once.md).
 */
import { useEffect, type ComponentType } from 'react';

/** `start` binds the page's markup in `document`, once (a second mount binds nothing: page.ts `claimPage`). */
export function publicPage(Markup: ComponentType, start: (root: Document) => unknown): ComponentType {
  function PublicPage() {
    useEffect(() => {
      void start(document);
    }, []);
    return <Markup />;
  }
  PublicPage.displayName = `PublicPage(${Markup.displayName ?? Markup.name})`;
  return PublicPage;
}
