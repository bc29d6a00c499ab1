/**
 * Build time only, in Node (run by tools/src/prerender.ts through tsx): renders the public pages to HTML
 * strings with their critical CSS, from the same components the React app uses. What the components read
 * at run time is given here: a router at the page's path, the default theme and the run-time configuration
 * the build was given (brand, support contacts; the page's script corrects them from /runtime-config.json).
 */
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
// Node only: the same react-router module @loyalty/shared resolves here, so there is one router context.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { StaticRouter } from 'react-router';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { GlobalStyle, setRuntimeConfig, theme, type RuntimeConfig } from '@loyalty/shared';
import { StaticLoginPage } from './StaticLoginPage';
import { StaticMyCardPage } from './StaticMyCardPage';
import { StaticSignupPage } from './StaticSignupPage';

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

export type PublicPageName = 'login' | 'signup' | 'myCard';

export function renderPublicPages(config: Partial<RuntimeConfig>): Record<PublicPageName, RenderedPage> {
  setRuntimeConfig(config);
  return {
    login: render('/login', <StaticLoginPage />),
    signup: render('/loyalty-cards/create', <StaticSignupPage />),
    myCard: render('/my-card', <StaticMyCardPage />),
  };
}
