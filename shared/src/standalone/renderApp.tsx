import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import type { AppStore } from '../store/createAppStore';
import { GlobalStyle } from '../ui/GlobalStyle';
import { theme } from '../ui/theme';

/**
 * Mounts an app the one way the shell and every standalone remote do: the store, the theme, the global styles, the router.
 * The first tree is rendered in a transition (decision 102): React draws it in slices of a few milliseconds and lets
 * the browser run between them (the page's HTML frame stays painted meanwhile), where a plain `render` draws it in one
 * task that blocks a phone's main thread.
 */
export function renderApp(rootElement: HTMLElement, store: AppStore, app: ReactNode): void {
  const root = createRoot(rootElement);
  startTransition(() => root.render(
    <StrictMode>
      <Provider store={store}>
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          <BrowserRouter>{app}</BrowserRouter>
        </ThemeProvider>
      </Provider>
    </StrictMode>,
  ));
}
