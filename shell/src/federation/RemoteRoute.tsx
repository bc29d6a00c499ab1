/**
 * Renders one exposed route module of a remote, fetched when the route is first visited.
 * Loading failures and render errors are contained in this area: Italian message and 'Riprova'.
 */
import { Component, useCallback, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { ErrorState, Spinner, type RemoteName, type RemoteRouteModule } from '@loyalty/shared';
import { RemoteUnavailableError, loadRemoteRoute, resetRemote } from './remotes';

export const REMOTE_ERROR_MESSAGE = 'Questa sezione non è al momento disponibile. Le altre parti della dashboard funzionano normalmente.';
export const REMOTE_INCOMPATIBLE_MESSAGE =
  'Questa sezione è stata pubblicata per una versione incompatibile della piattaforma e non può essere aperta. Avvisa il supporto tecnico.';

const cache = new Map<string, RemoteRouteModule>();

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[remote] errore di rendering:', error, info.componentStack);
  }

  render() {
    if (this.state.failed) {
      return (
        <ErrorState
          message={REMOTE_ERROR_MESSAGE}
          onRetry={() => {
            this.setState({ failed: false });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}

type LoadState = { status: 'loading' } | { status: 'ready'; mod: RemoteRouteModule } | { status: 'failed'; incompatible: boolean };

interface RemoteRouteProps {
  remote: RemoteName;
  module: string;
}

/**
 * The router reuses one element instance when the path changes; the key gives each route module its own
 * state, so a cached screen is never shown under another path, not even for one frame.
 */
export function RemoteRoute({ remote, module }: RemoteRouteProps) {
  return <RemoteRouteArea key={`${remote}/${module}`} remote={remote} module={module} />;
}

function RemoteRouteArea({ remote, module }: RemoteRouteProps) {
  const key = `${remote}/${module}`;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>(() => {
    const cached = cache.get(key);
    return cached ? { status: 'ready', mod: cached } : { status: 'loading' };
  });

  useEffect(() => {
    if (cache.has(key) && attempt === 0) return;
    let cancelled = false;
    setState({ status: 'loading' });
    loadRemoteRoute(remote, module).then(
      (mod) => {
        cache.set(key, mod);
        if (!cancelled) setState({ status: 'ready', mod });
      },
      (err: unknown) => {
        console.error(err);
        if (!cancelled) setState({ status: 'failed', incompatible: err instanceof RemoteUnavailableError && err.incompatible });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [key, remote, module, attempt]);

  const retry = useCallback(() => {
    cache.delete(key);
    resetRemote(remote);
    setAttempt((n) => n + 1);
  }, [key, remote]);

  return (
    <section data-remote={remote} aria-busy={state.status === 'loading'}>
      {state.status === 'loading' && <Spinner label="Caricamento della sezione…" />}
      {state.status === 'failed' &&
        (state.incompatible ? (
          <ErrorState message={REMOTE_INCOMPATIBLE_MESSAGE} />
        ) : (
          <ErrorState message={REMOTE_ERROR_MESSAGE} onRetry={retry} />
        ))}
      {state.status === 'ready' && (
        <RemoteErrorBoundary key={attempt} onRetry={retry}>
          <state.mod.default />
        </RemoteErrorBoundary>
      )}
    </section>
  );
}
