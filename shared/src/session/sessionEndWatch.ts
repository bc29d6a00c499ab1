/**
 * Decision 078: while the dashboard is open, it keeps `GET /api/auth/session-events` open (a fetch stream: an
 * EventSource cannot send the bearer token). When the server says the session ended elsewhere — the user was
 * disabled, deleted, given another role or other shops, or set a new password — the page asks `/auth/me` once:
 * its 401 goes the usual way (token and session cleared, `/login`), so the page ends within a second. A stream
 * that breaks (network, an API restart) is opened again after a growing pause; one refused (401) is an ended
 * session too.
 */
import { useEffect } from 'react';
import { apiUrl } from '../api/baseQuery';
import { api } from '../api/apiSlice';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { selectCurrentUser } from './sessionSlice';
import { readToken } from './tokenStorage';

const FIRST_RETRY_MS = 1000;
/**
 * Decision 108: the stream opens this long after the user is known, not with the page's first requests: nothing on
 * the first screen waits for it, and on a phone it held one of the API origin's connections while the screen's own
 * code and data were still coming (in Lighthouse's run, a request of the cards screen's largest paint). A session
 * ended before the page opened is met by `/auth/me` itself.
 */
export const SESSION_WATCH_DELAY_MS = 2000;
const LONGEST_RETRY_MS = 30_000;

/** Reads a session-events stream until it says `ended` (true) or closes without saying it (false). */
export async function readUntilEnded(body: ReadableStream<Uint8Array>): Promise<boolean> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return false;
    buffer += decoder.decode(value, { stream: true });
    const events = buffer.split('\n\n');
    buffer = events.pop() ?? '';
    if (events.some((event) => event.split('\n').includes('event: ended'))) {
      void reader.cancel().catch(() => undefined);
      return true;
    }
  }
}

/** Mounted once by the dashboard's layout, for the signed-in user. */
export function useSessionEndWatch(): void {
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectCurrentUser)?.id ?? null;

  useEffect(() => {
    if (!userId || typeof fetch !== 'function' || typeof ReadableStream === 'undefined') return;
    const controller = new AbortController();
    // An end is checked with the token the page holds now: a 401 ends the page; after the user's own password
    // change (a new token) it goes on, and the loop opens a stream with the new token.
    const ended = () => dispatch(api.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: true }));
    const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

    void (async () => {
      await pause(SESSION_WATCH_DELAY_MS);
      let retry = FIRST_RETRY_MS;
      while (!controller.signal.aborted) {
        const token = readToken();
        if (!token) return;
        try {
          const response = await fetch(apiUrl('auth/session-events'), {
            headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
            signal: controller.signal,
            cache: 'no-store',
          });
          if (response.status === 401) await ended();
          else if (response.ok && response.body) {
            retry = FIRST_RETRY_MS;
            if (await readUntilEnded(response.body)) await ended();
          }
        } catch {
          if (controller.signal.aborted) return;
        }
        await pause(retry);
        retry = Math.min(retry * 2, LONGEST_RETRY_MS);
      }
    })();
    return () => controller.abort();
  }, [userId, dispatch]);
}
