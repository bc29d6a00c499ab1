/**
 * Build time only, in Node (run by tools/src/prerender.ts through tsx): renders the public pages' markup to
 * HTML strings with their critical CSS. What the components read at run time is given here: a router at the
 * page's path, the default theme and the run-time configuration the build was given (brand, support
 * contacts; the page's script corrects them from /runtime-config.json).
 */
import type { ComponentType, ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
// Node only: the same react-router module @loyalty/shared resolves here, so there is one router context.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { StaticRouter } from 'react-router';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { GlobalStyle, setRuntimeConfig, theme, type RuntimeConfig } from '@loyalty/shared';
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

export interface RenderedPage {
  /** The page's markup, for inside <div id="root">. */
  html: string;
  /** The <style data-styled> element(s) with every rule the markup uses. */
  styles: string;
}

function render(path: string, page: ReactElement): RenderedPage {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <StaticRouter location={path}>
          <ThemeProvider theme={theme}>
            <GlobalStyle />
            {page}
          </ThemeProvider>
        </StaticRouter>,
      ),
    );
    return { html, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}

/** One page's markup as seen at `path`, with the run-time configuration `config`; a name without markup stops the build. */
export function renderPublicPage(name: string, path: string, config: Partial<RuntimeConfig> = {}): RenderedPage {
  if (!(name in MARKUP)) throw new Error(`no markup for the public page "${name}" in remote-landing/src/exposed/public-pages/render.tsx`);
  setRuntimeConfig(config);
  const Markup = MARKUP[name as PublicPageName];
  return render(path, <Markup />);
}
