/**
 * A body refused before it was read (too large: 413; of a type no route takes: 415) is read to its end, and
 * thrown away, before the refusal is sent (decision 061). Fastify answers such a request at once and closes the
 * connection; a client still sending its 20 MB then had its connection reset, often before it could read the
 * answer, and saw a network error instead of the Italian message. Reading is bounded: past REFUSED_BODY_LIMITS
 * (bytes read or time spent) the answer is sent and the connection closed as before, and a body declared larger
 * than the byte bound is not read at all. The API and the /api proxy in front of it (tools/src/static-server.ts)
 * both use it.
 */
import type { IncomingMessage } from 'node:http';

export interface RefusedBodyLimits {
  maxBytes: number;
  maxMs: number;
}

export const REFUSED_BODY_LIMITS: RefusedBodyLimits = {
  /** Bytes read from a refused body at most (a 20 MB file many times over; a body beyond is cut off). */
  maxBytes: 64 * 1024 * 1024,
  /** Time spent reading it at most, milliseconds (a slow sender is cut off after it). */
  maxMs: 15_000,
};

/** Whether the rest of this request's body should be read before its refusal is sent. */
export function shouldDrain(request: IncomingMessage, statusCode: number, closing: boolean, limits: RefusedBodyLimits = REFUSED_BODY_LIMITS): boolean {
  if (!closing || statusCode < 400 || statusCode >= 500) return false;
  if (request.complete || request.readableEnded || request.destroyed) return false;
  const declared = Number(request.headers['content-length']);
  return !(declared > limits.maxBytes);
}

/**
 * Reads and discards the rest of `request`'s body; resolves once it has ended (true) or a limit was reached or the
 * connection closed (false).
 */
export function drainBody(request: IncomingMessage, limits: RefusedBodyLimits = REFUSED_BODY_LIMITS): Promise<boolean> {
  return new Promise((resolve) => {
    let received = 0;
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onClose);
      request.off('close', onClose);
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limits.maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(request.complete);
    const timer = setTimeout(() => finish(false), limits.maxMs);
    request.on('data', onData);
    request.once('end', onEnd);
    request.once('error', onClose);
    request.once('close', onClose);
    request.resume();
  });
}
