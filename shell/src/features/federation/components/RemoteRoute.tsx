/**
 * Renders one exposed route module of a remote, fetched when the route is first visited: React's `lazy`
 * and `Suspense` for the loading, `react-error-boundary` for failures. Loading failures and render errors
 * are contained in this area: Italian message and 'Riprova' (docs/decisions/030-react-startup-tools.md).
 */
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { ErrorState, Spinner, useConnectionState, type RemoteName, type RemoteRouteModule } from '@loyalty/shared';
import { RemoteUnavailableError, loadRemoteRoute, resetRemote } from '../model/remotes';

export const REMOTE_ERROR_MESSAGE = 'Questa sezione non è al momento disponibile. Le altre parti della dashboard funzionano normalmente.';
/** A section that failed while the API could not be reached: the banner says why; the section comes back with it. */
export const REMOTE_OFFLINE_MESSAGE = 'Questa sezione si aprirà appena il server torna disponibile.';
export const REMOTE_INCOMPATIBLE_MESSAGE =
  'Questa sezione è stata pubblicata per una versione incompatibile della piattaforma e non può essere aperta. Avvisa il supporto tecnico.';

/** Modules already loaded, and loads under way, by `remote/module`. */
const loaded = new Map<string, RemoteRouteModule>();
const loading = new Map<string, Promise<RemoteRouteModule>>();

/**
 * Starts loading a route's module before its area renders (App: the first page's, while the session is
 * checked). Kept by hand for a measured reason (decision 030): React shows a Suspense boundary's content at
 * the earliest 300 ms after its fallback appeared (FALLBACK_THROTTLE_MS in react-dom 19), so a first page
 * whose module is already in must not suspend at all; `screenOf` below resolves it synchronously.
 */
export function prepareRemoteRoute(remote: RemoteName, module: string): void {
  const key = `${remote}/${module}`;
  if (loaded.has(key) || loading.has(key)) return;
  const pending = loadRemoteRoute(remote, module).then(
    (mod) => {
      loaded.set(key, mod);
      loading.delete(key);
      return mod;
    },
    (error: unknown) => {
      loading.delete(key);
      throw error;
    },
  );
  pending.catch(() => undefined); // reported by the area that renders it
  loading.set(key, pending);
}

/**
 * One lazy component per route module. Once resolved, `lazy` renders it synchronously: a screen already
 * loaded shows at once on a revisit, without a spinner; a module loaded before its first render (above)
 * is handed to `lazy` as a thenable that resolves at once, so it does not suspend either. A failed load
 * leaves the maps, so the next visit (or 'Riprova') asks again instead of replaying React's cached rejection.
 */
const screens = new Map<string, ComponentType>();

function forget(key: string): void {
  screens.delete(key);
  loaded.delete(key);
}

function screenOf(remote: RemoteName, module: string): ComponentType {
  const key = `${remote}/${module}`;
  let screen = screens.get(key);
  if (!screen) {
    screen = lazy((): Promise<RemoteRouteModule> => {
      const mod = loaded.get(key);
      // React's lazy only calls `then`; one that calls back at once leaves the lazy resolved before it could suspend.
      if (mod) return { then: (resolve: (m: RemoteRouteModule) => void) => resolve(mod) } as unknown as Promise<RemoteRouteModule>;
      prepareRemoteRoute(remote, module);
      return loading.get(key)!.catch((error: unknown) => {
        forget(key);
        throw error;
      });
    });
    screens.set(key, screen);
  }
  return screen;
}

function Area({ remote, busy, children }: { remote: RemoteName; busy: boolean; children: ReactNode }) {
  return (
    <section data-remote={remote} aria-busy={busy}>
      {children}
    </section>
  );
}

/**
 * A section that failed. While the API cannot be reached (the app's banner says so) its failure says nothing
 * about the section's code, so it does not claim the rest works: it waits, and opens again by itself when the
 * connection is back. Only a failure while the API answers is the section's own («non è al momento disponibile»).
 */
function FailedArea({ onRetry }: { onRetry: () => void }) {
  const connection = useConnectionState();
  const [offline, setOffline] = useState(connection !== 'ok');
  useEffect(() => {
    if (connection !== 'ok') setOffline(true);
    else if (offline) onRetry();
  }, [connection, offline, onRetry]);
  if (offline || connection !== 'ok') return <ErrorState message={REMOTE_OFFLINE_MESSAGE} onRetry={onRetry} />;
  return <ErrorState message={REMOTE_ERROR_MESSAGE} onRetry={onRetry} />;
}

interface RemoteRouteProps {
  remote: RemoteName;
  module: string;
}

/**
 * The router reuses one element instance when the path changes; the key gives each route module its own
 * boundaries, so a cached screen is never shown under another path, not even for one frame. The keyed
 * Suspense boundary is new on every route change, so React shows its spinner at once even though the
 * router navigates in a transition (a transition only holds back boundaries already on screen).
 */
export function RemoteRoute({ remote, module }: RemoteRouteProps) {
  return <RemoteRouteArea key={`${remote}/${module}`} remote={remote} module={module} />;
}

function RemoteRouteArea({ remote, module }: RemoteRouteProps) {
  // 'Riprova' renders this area again, so it takes the new lazy component: the boundary's own reset would
  // render the children it already has, the failed one among them.
  const [, setAttempt] = useState(0);
  const Screen = screenOf(remote, module);
  return (
    <ErrorBoundary
      fallbackRender={({ error, resetErrorBoundary }: FallbackProps) => (
        <Area remote={remote} busy={false}>
          {error instanceof RemoteUnavailableError && error.incompatible ? (
            <ErrorState message={REMOTE_INCOMPATIBLE_MESSAGE} />
          ) : (
            <FailedArea onRetry={resetErrorBoundary} />
          )}
        </Area>
      )}
      onError={(error, info) => console.error(`[remote] ${remote}/${module}:`, error, info.componentStack)}
      onReset={() => {
        // 'Riprova': forget the module (a render error too) and the remote's entry, then load both again.
        forget(`${remote}/${module}`);
        resetRemote(remote);
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense
        fallback={
          <Area remote={remote} busy>
            <Spinner label="Caricamento della sezione…" />
          </Area>
        }
      >
        <Area remote={remote} busy={false}>
          <Screen />
        </Area>
      </Suspense>
    </ErrorBoundary>
  );
}
