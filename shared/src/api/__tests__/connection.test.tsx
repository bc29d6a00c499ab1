import { setImmediate as ioSetImmediate } from 'node:timers';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { createAppStore, type AppStore } from '../../store/createAppStore';
import { ADMIN_USER as admin } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { startTestApiServer, type RecordedRequest, type TestApiServer } from '../../testing/testApiServer';
import { ConnectionBanner } from '../../ui/ConnectionBanner';
import { Spinner } from '../../ui/Spinner';
import { api } from '../apiSlice';
import { baseQuery } from '../baseQuery';
import { CONNECTION_MESSAGES, STALLED_AFTER_MS, getConnectionState, markConnectionOk, reportUnreachable, retryStalled } from '../connection';
import { useChange } from '../useChange';

const ioTurn = () => new Promise((resolve) => ioSetImmediate(resolve));

function callBaseQuery(store: AppStore, args: Parameters<typeof baseQuery>[0], endpoint = 'updatePoints') {
  const controller = new AbortController();
  const queryApi: BaseQueryApi = { signal: controller.signal, abort: () => controller.abort(), dispatch: store.dispatch, getState: store.getState, extra: undefined, endpoint, type: 'mutation' };
  return baseQuery(args, queryApi, {});
}

let server: TestApiServer;
beforeEach(async () => {
  server = await startTestApiServer({ 'GET /auth/me': { body: admin } });
});
afterEach(async () => {
  jest.useRealTimers();
  markConnectionOk();
  await server.close();
});

describe('«Riprova» on a request without an answer', () => {
  it('sends a late change again with the same Idempotency-Key, and answers with the second attempt', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrivals = 0;
    server.use({
      'POST /loyalty-cards/c1/points': () => {
        arrivals += 1;
        return arrivals === 1 ? { body: { points: 5 }, holdUntil: held } : { body: { points: 5 } };
      },
    });
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    const store = createAppStore();
    const pending = callBaseQuery(store, { url: '/loyalty-cards/c1/points', method: 'POST', headers: { 'Idempotency-Key': 'points-abc12345' }, body: { points: 5 } });
    while (arrivals < 1) await ioTurn();
    // Not yet late: nothing is sent again.
    jest.advanceTimersByTime(STALLED_AFTER_MS - 1);
    expect(retryStalled()).toBe(0);
    jest.advanceTimersByTime(1);
    expect(retryStalled()).toBe(1);
    const result = await pending;
    release();
    expect(result.data).toEqual({ points: 5 });
    const sent = server.requests.filter((r: RecordedRequest) => r.path === '/loyalty-cards/c1/points');
    expect(sent.map((r) => r.headers['idempotency-key'])).toEqual(['points-abc12345', 'points-abc12345']);
  });

  it('never sends again a change without a key (it could count twice)', async () => {
    let release!: () => void;
    server.use({ 'POST /campaigns': () => ({ body: {}, holdUntil: new Promise<void>((resolve) => (release = resolve)) }) });
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    const pending = callBaseQuery(createAppStore(), { url: '/campaigns', method: 'POST', body: {} }, 'createCampaign');
    while (server.requests.length < 1) await ioTurn();
    jest.advanceTimersByTime(STALLED_AFTER_MS);
    expect(retryStalled()).toBe(0);
    release();
    await pending;
    expect(server.requests.filter((r) => r.path === '/campaigns')).toHaveLength(1);
  });

  it('shows «Il server non risponde. Riprova tra poco.» once under a screen’s spinners after 8 s, with a focusable «Riprova»', async () => {
    let release!: () => void;
    server.use({ 'GET /business': () => ({ body: [], holdUntil: new Promise<void>((resolve) => (release = resolve)) }) });
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    const store = createAppStore();
    // Two parts of one screen loading side by side: the screen says it once.
    renderWithProviders(
      <>
        <Spinner label="Caricamento dei negozi…" />
        <Spinner label="Caricamento dei premi…" />
      </>,
      { store },
    );
    const pending = callBaseQuery(store, '/business', 'getBusinesses');
    while (server.requests.length < 1) await ioTurn();
    act(() => jest.advanceTimersByTime(STALLED_AFTER_MS - 1));
    expect(screen.queryByText(CONNECTION_MESSAGES.stalled)).toBeNull();
    act(() => jest.advanceTimersByTime(1));
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent(CONNECTION_MESSAGES.stalled);
    const retry = screen.getByRole('button', { name: 'Riprova' });
    retry.focus();
    expect(retry).toHaveFocus();
    // «Riprova» sends the read again; the new attempt is not late, so the notice goes.
    act(() => retry.click());
    expect(screen.queryByText(CONNECTION_MESSAGES.stalled)).toBeNull();
    while (server.requests.length < 2) await ioTurn();
    release();
    await pending;
    expect(server.requests.filter((r) => r.path === '/business')).toHaveLength(2);
  });
});

describe('useChange: a change never lost without a word', () => {
  it('keeps the key of a change whose answer was lost, sends it again with it, and draws a new one after', async () => {
    const keys: string[] = [];
    let answer: 'lost' | 'ok' | 'refused' = 'lost';
    const send = async (key: string) => {
      keys.push(key);
      if (answer === 'lost') throw { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };
      if (answer === 'refused') throw { status: 400, data: { error: 'Punti insufficienti' } };
      return 'salvato';
    };
    const { result } = renderHook(() => useChange<string>('points'));
    await act(() => result.current.submit('5|Spesa', send));
    expect(result.current.unsaved).toBe(true);
    // The same change again (typed again, or «Invia di nuovo») carries the same key.
    await act(() => result.current.submit('5|Spesa', send));
    answer = 'ok';
    const outcomes: unknown[] = [];
    await act(async () => void (await result.current.resend().then((o) => outcomes.push(o))));
    expect(outcomes).toEqual([{ ok: true, result: 'salvato' }]);
    expect(result.current.unsaved).toBe(false);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^points-[0-9a-f]{32}$/);
    // Confirmed: the next change is another submission; a refusal (4xx, nothing written) ends it too.
    answer = 'refused';
    await act(() => result.current.submit('5|Spesa', send));
    expect(result.current.unsaved).toBe(false);
    await act(() => result.current.submit('5|Spesa', send));
    expect(new Set(keys).size).toBe(3);
  });

  it('treats a proxy’s 5xx as a lost answer and another change as another key', async () => {
    const keys: string[] = [];
    const send = async (key: string) => {
      keys.push(key);
      throw { status: 502, data: null };
    };
    const { result } = renderHook(() => useChange<string>('sale'));
    await act(() => result.current.submit('23,50|false', send));
    expect(result.current.unsaved).toBe(true);
    await act(() => result.current.submit('12,00|false', send));
    expect(keys[0]).not.toBe(keys[1]);
  });
});

describe('the banner of a lost connection', () => {
  it('appears once /api/health fails, and goes by itself when it answers, loading again what failed meanwhile', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    let healthy = false;
    let businessAnswers = 0;
    server.use({
      'GET /health': () => (healthy ? { body: { status: 'ok' } } : { status: 502, body: { error: 'Bad Gateway' } }),
      'GET /business': () => {
        businessAnswers += 1;
        return healthy ? { body: [] } : { status: 502, body: { error: 'Bad Gateway' } };
      },
    });
    const store = createAppStore({ session: { user: admin, loading: false, checked: true } });
    renderWithProviders(<ConnectionBanner />, { store });
    const banner = screen.getByRole('status');
    expect(banner).toBeEmptyDOMElement();

    // A read meets the proxy's 502: the health check fails too, so the banner says the connection is lost.
    await act(async () => void (await store.dispatch(api.endpoints.getBusinesses.initiate(undefined))));
    expect(getConnectionState()).not.toBe('ok');
    await waitFor(() => expect(banner).toHaveTextContent(CONNECTION_MESSAGES.lost));
    expect(banner).toHaveAttribute('aria-live', 'polite');

    // Back: the next health check (1 s later) clears it, and the failed read is loaded again without «Riprova».
    healthy = true;
    await waitFor(() => expect(banner).toBeEmptyDOMElement(), { timeout: 4000 });
    await waitFor(() => expect(api.endpoints.getBusinesses.select(undefined)(store.getState()).status).toBe('fulfilled'));
    expect(businessAnswers).toBe(2);
  });

  it('stays quiet when one request failed but the API is healthy', async () => {
    server.use({ 'GET /health': { body: { status: 'ok' } } });
    renderWithProviders(<ConnectionBanner />);
    act(() => reportUnreachable());
    await waitFor(() => expect(getConnectionState()).toBe('ok'));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
