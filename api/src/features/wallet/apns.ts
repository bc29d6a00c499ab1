/**
 * APNs for Wallet passes. HTTP/2 (node:http2) to the configured host, the pass certificate as the
 * TLS client certificate (certificate-based APNs, which Wallet passes require), topic = pass type id, and an
 * empty JSON payload: the device then asks the web service what changed.
 */
import http2 from 'node:http2';

export interface ApnsClientOptions {
  origin: string;
  cert: string;
  key: string;
  passphrase?: string;
  topic: string;
  /** Extra CA to trust (tests: the dev CA that signed the local stand-in of APNs). */
  ca?: string;
  timeoutMs?: number;
}

export type PushOutcome = { ok: true } | { ok: false; status: number | null; reason: string; permanent: boolean };

export interface ApnsClient {
  push(deviceToken: string): Promise<PushOutcome>;
  close(): void;
}

/** One HTTP/2 session, opened on the first push and opened again when it closes or fails. */
export function createApnsClient(options: ApnsClientOptions): ApnsClient {
  let session: http2.ClientHttp2Session | null = null;

  function connect(): http2.ClientHttp2Session {
    if (session && !session.closed && !session.destroyed) return session;
    const opened = http2.connect(options.origin, {
      cert: options.cert,
      key: options.key,
      passphrase: options.passphrase,
      ...(options.ca ? { ca: options.ca } : {}),
    });
    opened.on('error', () => opened.destroy());
    opened.on('close', () => {
      if (session === opened) session = null;
    });
    opened.unref();
    session = opened;
    return opened;
  }

  return {
    push(deviceToken) {
      return new Promise<PushOutcome>((resolve) => {
        let client: http2.ClientHttp2Session;
        try {
          client = connect();
        } catch (error) {
          resolve({ ok: false, status: null, reason: (error as Error).message, permanent: false });
          return;
        }
        const request = client.request({
          ':method': 'POST',
          ':path': `/3/device/${encodeURIComponent(deviceToken)}`,
          'apns-topic': options.topic,
          'content-type': 'application/json',
        });
        request.setTimeout(options.timeoutMs ?? 10_000, () => request.close(http2.constants.NGHTTP2_CANCEL));
        let status: number | null = null;
        let body = '';
        request.setEncoding('utf8');
        request.on('response', (headers) => {
          status = Number(headers[':status']);
        });
        request.on('data', (chunk: string) => {
          body += chunk;
        });
        request.on('end', () => {
          if (status === 200) return resolve({ ok: true });
          let reason = body;
          try {
            reason = (JSON.parse(body) as { reason?: string }).reason ?? body;
          } catch {
            // not JSON: keep the text
          }
          // 400 BadDeviceToken and 410 Unregistered: that device will never take this push.
          const permanent = status === 410 || (status === 400 && /DeviceToken|TopicDisallowed/.test(reason));
          resolve({ ok: false, status, reason: `APNs ${status ?? '?'}: ${reason || 'no reason'}`, permanent });
        });
        request.on('error', (error) => resolve({ ok: false, status, reason: error.message, permanent: false }));
        request.end('{}');
      });
    },
    close() {
      session?.close();
      session = null;
    },
  };
}
