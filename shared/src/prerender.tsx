/**
 * Build time only, in Node: a page's markup as an HTML string with its critical CSS (styled-components' server
 * style sheet), inside what the components read at run time — a router at the page's path, the default theme, the
 * global style and, for the dashboard's frame, a store. The landing's public pages and the shell's frame are both
 * rendered here (tools/src/prerender.ts: `prerenderLanding`, `prerenderShellFrames`).
 */
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
// Node only: the same react-router module the package's entry resolves here, so there is one router context.
import { StaticRouter } from 'react-router';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { GlobalStyle, theme } from './ui';
import type { AppStore } from './store/createAppStore';

export interface RenderedPage {
  /** The page's markup, for inside <div id="root">. */
  html: string;
  /** The <style data-styled> element(s) with every rule the markup uses. */
  styles: string;
}

export function renderToHtml(path: string, page: ReactElement, options: { store?: AppStore } = {}): RenderedPage {
  const sheet = new ServerStyleSheet();
  try {
    const themed = (
      <StaticRouter location={path}>
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          {page}
        </ThemeProvider>
      </StaticRouter>
    );
    const html = renderToString(sheet.collectStyles(options.store ? <Provider store={options.store}>{themed}</Provider> : themed));
    return { html, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}
