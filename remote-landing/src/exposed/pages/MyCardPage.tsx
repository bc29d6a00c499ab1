/**
 * `/my-card` where the shell's server does not compose the prerendered page (a document opened at /my-card
 * under `npm run dev`): the same markup as the prerendered page (StaticMyCardPage.tsx), driven by the same
 * script once mounted (docs/decisions/049-customer-page.md). Public: a customer has no dashboard session.
 */
import { useEffect } from 'react';
import { MyCardMarkup } from '../prerender/StaticMyCardPage';
import { start } from '../page-scripts/my-card';

export function MyCardPage() {
  useEffect(() => {
    void start(document);
  }, []);
  return <MyCardMarkup />;
}
