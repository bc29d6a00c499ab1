import type { InjectOptions } from 'fastify';
import type { App } from '../../src/app';

/** Routes whose answer is a stream that stays open while the session holds (decision 078). */
export const STREAMING_ROUTES = new Set(['GET /api/auth/session-events']);

/**
 * Injects a streaming route: a refusal is read whole (it ends); an open stream is closed once its status and
 * headers are in, and read as an empty body.
 */
export async function injectStream(app: App, options: InjectOptions) {
  const response = await app.inject({ ...options, payloadAsStream: true } as InjectOptions);
  const stream = response.stream();
  let raw = Buffer.alloc(0);
  if (response.statusCode >= 400) for await (const chunk of stream) raw = Buffer.concat([raw, chunk as Buffer]);
  else stream.destroy();
  return Object.assign(response, { rawPayload: raw, body: raw.toString('utf8'), json: <T = unknown>() => JSON.parse(raw.toString('utf8')) as T });
}
