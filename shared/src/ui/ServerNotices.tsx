import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import styled from 'styled-components';
import {
  CONNECTION_MESSAGES,
  STALLED_AFTER_MS,
  getConnectionState,
  oldestAttemptStart,
  retryStalled,
  subscribeAttempts,
  subscribeConnection,
} from '../api/connection';
import { MESSAGES } from '../messages';
import { Button } from './Button';

const Notice = styled.div<{ $tone: 'warning' | 'danger' }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => theme.space.sm} 0;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme, $tone }) => ($tone === 'danger' ? theme.colors.danger : theme.colors.text)};
  background: ${({ theme, $tone }) => ($tone === 'danger' ? theme.colors.dangerSurface : theme.colors.warningSurface)};
  border: 1px solid ${({ theme, $tone }) => ($tone === 'danger' ? theme.colors.danger : theme.colors.warning)};
  p { margin: 0; flex: 1 1 12rem; }
`;

/** Whether some request that may be sent again has waited STALLED_AFTER_MS or more (the screen's loading state). */
export function useStalledRequests(): boolean {
  const oldest = useSyncExternalStore(subscribeAttempts, oldestAttemptStart, oldestAttemptStart);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (oldest === null) return;
    const wait = oldest + STALLED_AFTER_MS - Date.now();
    if (wait <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), wait);
    return () => clearTimeout(timer);
  }, [oldest]);
  return oldest !== null && Math.max(now, Date.now()) - oldest >= STALLED_AFTER_MS;
}

/**
 * Whether a submission the user waits for (`pending`) has had no answer for STALLED_AFTER_MS; `retry` sends
 * the late requests again (connection.ts) and starts counting anew.
 */
export function useStalled(pending: boolean): { stalled: boolean; retry: () => void } {
  const [since, setSince] = useState<number | null>(null);
  const [stalled, setStalled] = useState(false);
  useEffect(() => {
    if (!pending) {
      setSince(null);
      setStalled(false);
      return;
    }
    setSince((current) => current ?? Date.now());
  }, [pending]);
  useEffect(() => {
    if (since === null) return;
    const timer = setTimeout(() => setStalled(true), Math.max(0, since + STALLED_AFTER_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [since]);
  return {
    stalled: pending && stalled,
    retry: () => {
      retryStalled();
      setStalled(false);
      setSince(Date.now());
    },
  };
}

/** «Il server non risponde. Riprova tra poco.» and «Riprova», where the user waits. */
export function StalledNotice({ onRetry }: { onRetry: () => void }) {
  return (
    <Notice role="alert" $tone="warning" data-notice="stalled">
      <p>{CONNECTION_MESSAGES.stalled}</p>
      <Button type="button" variant="secondary" onClick={onRetry}>
        {MESSAGES.retry}
      </Button>
    </Notice>
  );
}

/**
 * The spinners on screen, in the order they appeared: a screen whose parts load side by side (a catalogue, its
 * settings, its promotions) says it once, under the first, not once per part.
 */
const spinners: string[] = [];
const spinnerListeners = new Set<() => void>();
const firstSpinner = () => spinners[0] ?? null;
function subscribeSpinners(listener: () => void) {
  spinnerListeners.add(listener);
  return () => spinnerListeners.delete(listener);
}
function setSpinners(change: () => void) {
  change();
  for (const listener of [...spinnerListeners]) listener();
}

/** A screen's loading state: its spinner, then, once a request waited too long, the notice (the Spinner's own). */
export function StalledRequestsNotice() {
  const id = useId();
  useEffect(() => {
    setSpinners(() => spinners.push(id));
    return () => setSpinners(() => spinners.splice(spinners.indexOf(id), 1));
  }, [id]);
  const first = useSyncExternalStore(subscribeSpinners, firstSpinner, firstSpinner) === id;
  const stalled = useStalledRequests();
  return stalled && first ? <StalledNotice onRetry={() => retryStalled()} /> : null;
}

/**
 * A change whose answer never came: not saved, as far as this page knows, with «Invia di nuovo» (the same
 * submission, with its idempotency key: the server counts it once). `message` says more when the caller knows it.
 */
export function UnsavedChangeNotice({ onResend, busy, message = CONNECTION_MESSAGES.unsaved }: { onResend: () => void; busy?: boolean; message?: string }) {
  return (
    <Notice role="alert" $tone="danger" data-notice="unsaved">
      <p>{message}</p>
      <Button type="button" variant="secondary" onClick={onResend} loading={busy}>
        {CONNECTION_MESSAGES.resend}
      </Button>
    </Notice>
  );
}

/** The link to the API as the watcher last saw it (connection.ts). */
export function useConnectionState() {
  return useSyncExternalStore(subscribeConnection, getConnectionState, getConnectionState);
}
