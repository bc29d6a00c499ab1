/**
 * A local HTTP server that answers like Twilio's REST API, and a `twilio.RequestClient` that sends the
 * SDK's requests there: `https://<product>.twilio.com/…` becomes `http://127.0.0.1:<port>/<product>/…`.
 * Everything else (URL building, form encoding, Basic auth, the HTTP call, RestException) is the SDK's own.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';

export interface TwilioRequest {
  method: string;
  /** '/api/2010-04-01/Accounts/AC…/Messages.json' */
  path: string;
  form: Record<string, string>;
  /** The Basic auth user (the Account SID) and password (the auth token). */
  username: string;
  password: string;
}

export interface TwilioAnswer {
  status: number;
  body: object;
  /** Wait this long before answering (a provider that does not answer in time). */
  delayMs?: number;
}

type Responder = (request: TwilioRequest) => TwilioAnswer | null;

/** Twilio's success answers, shaped as its API answers them (the fields the SDK and our code read). */
export function twilioDefaults(request: TwilioRequest): TwilioAnswer {
  const sid = /\/Accounts\/(AC\w+)/.exec(request.path)?.[1] ?? '';
  if (request.method === 'POST' && request.path.endsWith('/Messages.json')) {
    return {
      status: 201,
      body: { sid: `SM${'0'.repeat(30)}${String(request.form.To.length).padStart(2, '0')}`, account_sid: sid, status: 'queued', to: request.form.To, from: request.form.From ?? null, body: request.form.Body },
    };
  }
  if (request.method === 'GET' && /\/Accounts\/AC\w+\.json$/.test(request.path)) {
    return { status: 200, body: { sid, friendly_name: 'Negozio', status: 'active', type: 'Full' } };
  }
  const service = /^\/messaging\/v1\/Services\/(MG\w+)$/.exec(request.path);
  if (request.method === 'GET' && service) return { status: 200, body: { sid: service[1], account_sid: sid, friendly_name: 'Servizio' } };
  return { status: 404, body: { code: 20404, message: 'The requested resource was not found', status: 404 } };
}

export const twilioError = (status: number, code: number | null, message: string): TwilioAnswer => ({
  status,
  body: { code, message, more_info: code ? `https://www.twilio.com/docs/errors/${code}` : null, status },
});

export interface TwilioStandIn {
  url: string;
  requests: TwilioRequest[];
  /** Answers the next requests: return null to fall back to `twilioDefaults`. */
  respond(responder: Responder | null): void;
  /** A RequestClient of the SDK pointed at this server. */
  httpClient(options?: { timeoutMs?: number }): InstanceType<typeof twilio.RequestClient>;
  close(): Promise<void>;
}

export async function startTwilioStandIn(): Promise<TwilioStandIn> {
  const requests: TwilioRequest[] = [];
  let responder: Responder | null = null;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const [username, password] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString().split(':');
      const request: TwilioRequest = { method: req.method ?? 'GET', path: (req.url ?? '').split('?')[0], form: Object.fromEntries(new URLSearchParams(raw)), username, password };
      requests.push(request);
      const answer = responder?.(request) ?? twilioDefaults(request);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  class LocalRequestClient extends twilio.RequestClient {
    request<TData>(opts: RequestClient.RequestOptions<TData>) {
      return super.request<TData>({ ...opts, uri: opts.uri.replace(/^https:\/\/([a-z]+)\.twilio\.com/, `${url}/$1`) });
    }
  }

  return {
    url,
    requests,
    respond(next) {
      responder = next;
    },
    httpClient: (options = {}) => new LocalRequestClient({ timeout: options.timeoutMs ?? 5_000 }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
