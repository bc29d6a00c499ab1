import { useEffect } from 'react';
import styled from 'styled-components';
import { api } from '../api/apiSlice';
import { apiUrl } from '../api/baseQuery';
import { CONNECTION_MESSAGES, getConnectionState, markConnectionLost, markConnectionOk } from '../api/connection';
import { useAppStore } from '../store/hooks';
import { useConnectionState } from './ServerNotices';

/** The health check's waits while the API cannot be reached: quick at first, then every 15 s. */
export const HEALTH_BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 15_000] as const;
/** A health check without an answer by then counts as failed. */
const HEALTH_TIMEOUT_MS = 5_000;

const Bar = styled.div`
  &:not(:empty) {
    position: sticky;
    top: 0;
    z-index: 50;
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.warningSurface};
    border-bottom: 2px solid ${({ theme }) => theme.colors.warning};
    text-align: center;
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
`;

async function apiIsHealthy(): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), HEALTH_TIMEOUT_MS);
  try {
    const response = await fetch(apiUrl('/health'), { signal: controller.signal, cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

type QueryEntry = { status?: string; endpointName?: string; originalArgs?: unknown } | undefined;
type Initiate = (arg: unknown, options: { subscribe: boolean; forceRefetch: boolean }) => unknown;

/**
 * While a request has met an unreachable API (connection.ts), asks `/api/health` with growing waits
 * (HEALTH_BACKOFF_MS) until it answers: a failed check marks the connection lost (the banner), an answer marks it
 * back and loads again every query that failed meanwhile, so the screens recover without «Riprova».
 */
export function useConnectionWatch(): void {
  // One watch per outage: 'checking' then 'lost' goes on with the same loop.
  const watching = useConnectionState() !== 'ok';
  const store = useAppStore();
  useEffect(() => {
    if (!watching) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    const check = async () => {
      const healthy = await apiIsHealthy();
      if (cancelled) return;
      if (!healthy) {
        markConnectionLost();
        timer = setTimeout(() => void check(), HEALTH_BACKOFF_MS[Math.min(attempt++, HEALTH_BACKOFF_MS.length - 1)]);
        return;
      }
      const wasLost = getConnectionState() === 'lost';
      markConnectionOk();
      if (!wasLost) return;
      const queries = store.getState().api.queries as Record<string, QueryEntry>;
      const endpoints = api.endpoints as unknown as Record<string, { initiate: Initiate } | undefined>;
      for (const query of Object.values(queries)) {
        const initiate = query?.status === 'rejected' && query.endpointName ? endpoints[query.endpointName]?.initiate : undefined;
        if (initiate) store.dispatch(initiate(query!.originalArgs, { subscribe: false, forceRefetch: true }) as never);
      }
    };
    void check();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [watching, store]);
}

/**
 * The app's banner of a lost connection: «Connessione al server persa. Riprovo appena torna disponibile.» on
 * every screen while the API cannot be reached, gone by itself once it answers. The live region is always
 * there (empty), so screen readers announce the message when it appears.
 */
export function ConnectionBanner() {
  useConnectionWatch();
  const state = useConnectionState();
  return (
    <Bar role="status" aria-live="polite" data-connection={state}>
      {state === 'lost' ? CONNECTION_MESSAGES.lost : null}
    </Bar>
  );
}
