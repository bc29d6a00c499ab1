import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { Notifications } from '../notifications/Notifications';
import { createAppStore, type AppStore, type RootState } from '../store/createAppStore';
import { theme } from '../ui/theme';

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  preloadedState?: Partial<RootState>;
  /** A ready store; when given, preloadedState is ignored. */
  store?: AppStore;
  /** Initial location of the MemoryRouter. */
  route?: string;
  /** Renders <Notifications /> next to the UI, as the shell does (default true). */
  withNotifications?: boolean;
  /** Passed to userEvent.setup, e.g. { advanceTimers: jest.advanceTimersByTime } with fake timers. */
  userEventOptions?: Parameters<typeof userEvent.setup>[0];
}

/** Renders with the real store, router and theme every screen runs with in the shell. */
export function renderWithProviders(
  ui: ReactElement,
  {
    preloadedState,
    store = createAppStore(preloadedState),
    route = '/',
    withNotifications = true,
    userEventOptions,
    ...renderOptions
  }: RenderWithProvidersOptions = {},
) {
  function Providers({ children }: { children: ReactNode }) {
    return (
      <Provider store={store}>
        <ThemeProvider theme={theme}>
          <MemoryRouter initialEntries={[route]}>
            {children}
            {withNotifications && <Notifications />}
          </MemoryRouter>
        </ThemeProvider>
      </Provider>
    );
  }
  return {
    store,
    user: userEvent.setup(userEventOptions),
    ...render(ui, { wrapper: Providers, ...renderOptions }),
  };
}
