/**
 * The tests' API (api/test/serve-for-tests.ts) leaves idle kept-alive connections for the clients to close: it
 * sends no `Keep-Alive: timeout=…`, so undici keeps its own short timeout and never reuses a connection the server is
 * closing (a CI run lost a log-in to «fetch failed: other side closed» when the server closed them after 72 s).
 */
import { API } from '@loyalty/shared/testing';

it('answers on a kept-alive connection without a timeout of its own', async () => {
  const response = await fetch(`${API}/api/health`);
  expect(response.status).toBe(200);
  expect(response.headers.get('connection')).toBe('keep-alive');
  expect(response.headers.get('keep-alive')).toBeNull();
});
