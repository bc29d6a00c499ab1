import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import type { AppStore } from '../store/createAppStore';
import { GlobalStyle } from '../ui/GlobalStyle';
import { theme } from '../ui/theme';

/** Mounts an app the one way the shell and every standalone remote do: the store, the theme, the global styles, the router. */
export function renderApp(rootElement: HTMLElement, store: AppStore, app: ReactNode): void {
  createRoot(rootElement).render(
    <StrictMode>
      <Provider store={store}>
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          <BrowserRouter>{app}</BrowserRouter>
        </ThemeProvider>
      </Provider>
    </StrictMode>,
  );
}
