/**
 * Build time only, in Node (run by tools/src/prerender.ts through tsx): renders the public pages' markup to
 * HTML strings with their critical CSS. What the components read at run time is given here: a router at the
 * page's path, the default theme and the run-time configuration the build was given (brand, support
 * contacts; the page's script corrects them from /runtime-config.json).
 */
import type { ComponentType } from 'react';
import { setRuntimeConfig, type RuntimeConfig } from '@loyalty/shared';
import { renderToHtml, type RenderedPage } from '@loyalty/shared/prerender';
import { LoginMarkup } from './login/LoginMarkup';
import { MyCardMarkup } from './my-card/MyCardMarkup';
import { SignupMarkup } from './signup/SignupMarkup';

/**
 * Each public page's markup, by the name the build's page registry gives it (tools/src/public-pages.ts: its
 * address, output file and script).
 */
const MARKUP = {
  login: LoginMarkup,
  signup: SignupMarkup,
  myCard: MyCardMarkup,
} satisfies Record<string, ComponentType>;

export type PublicPageName = keyof typeof MARKUP;

export type { RenderedPage };

/** One page's markup as seen at `path`, with the run-time configuration `config`; a name without markup stops the build. */
export function renderPublicPage(name: string, path: string, config: Partial<RuntimeConfig> = {}): RenderedPage {
  if (!(name in MARKUP)) throw new Error(`no markup for the public page "${name}" in remote-landing/src/exposed/public-pages/render.tsx`);
  setRuntimeConfig(config);
  const Markup = MARKUP[name as PublicPageName];
  return renderToHtml(path, <Markup />);
}
