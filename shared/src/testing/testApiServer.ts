import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setRuntimeConfig } from '../config/runtimeConfig';

export interface RecordedRequest {
  method: string;
  /** Path and query below '/api', e.g. '/auth/me?x=1'; the full path for requests outside '/api'. */
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface TestApiReply {
  status?: number;
  body?: unknown;
  /** Keeps the response pending until this promise settles (to observe loading states or timeouts). */
  holdUntil?: Promise<unknown>;
}

/** Key: 'METHOD /path' (query string excluded). Value: a reply or a function computing one. */
export type TestApiRoutes = Record<
  string,
  TestApiReply | ((request: RecordedRequest) => TestApiReply | Promise<TestApiReply>)
>;

export interface TestApiServer {
  /** e.g. 'http://127.0.0.1:41234/api' */
  apiBaseUrl: string;
  requests: RecordedRequest[];
  /** Replaces or adds routes for the rest of the test. */
  use: (routes: TestApiRoutes) => void;
  close: () => Promise<void>;
}

const API_PREFIX = '/api';

/**
 * A real HTTP API on 127.0.0.1 for tests: no fetch mocking, the app's base query runs as in the
 * browser. Points the run-time configuration at itself; unknown routes answer 404 with an Italian error.
 */
export async function startTestApiServer(initialRoutes: TestApiRoutes = {}): Promise<TestApiServer> {
  let routes: TestApiRoutes = { ...initialRoutes };
  const requests: RecordedRequest[] = [];

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://test.invalid');
    const underApi = url.pathname.startsWith(`${API_PREFIX}/`);
    // Requests that miss the prefix keep their full path, so a test sees the mistake.
    const routePath = underApi ? url.pathname.slice(API_PREFIX.length) : url.pathname;
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: keep the raw text.
    }
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: routePath + url.search,
      headers: req.headers,
      body,
    };
    requests.push(recorded);

    const route = underApi ? routes[`${recorded.method} ${routePath}`] : undefined;
    const reply: TestApiReply =
      typeof route === 'function'
        ? await route(recorded)
        : (route ?? { status: 404, body: { error: 'Risorsa non trovata' } });
    if (reply.holdUntil) await reply.holdUntil.catch(() => undefined);
    if (res.destroyed) return;
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
    res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const apiBaseUrl = `http://127.0.0.1:${port}${API_PREFIX}`;
  setRuntimeConfig({ apiBaseUrl });

  return {
    apiBaseUrl,
    requests,
    use: (more) => {
      routes = { ...routes, ...more };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
