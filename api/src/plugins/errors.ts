import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { DatabaseBusyError } from '../db/postgres';
import { HttpError } from '../errors';
import { MESSAGES, URL_MESSAGES } from '../messages';
import { drainBody, shouldDrain } from '../refused-body';
import { validationMessage } from '../validation';
import { HELMET_HEADER_LINES, setAllAnswerHeaders } from './security';

/** Italian text for fastify's own client errors (bad JSON, body too large, …). */
function clientErrorMessage(error: FastifyError, statusCode: number): string {
  switch (statusCode) {
    case 400:
      if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return MESSAGES.missingBody;
      if (error.code === 'FST_ERR_BAD_URL') return URL_MESSAGES.invalid;
      return error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? MESSAGES.invalidJson : MESSAGES.badRequest;
    case 401:
      return MESSAGES.notAuthenticated;
    case 403:
      return MESSAGES.forbidden;
    case 404:
      return MESSAGES.notFound;
    case 413:
      return MESSAGES.payloadTooLarge;
    case 414:
      return URL_MESSAGES.tooLong;
    case 415:
      return MESSAGES.unsupportedMediaType;
    case 429:
      return MESSAGES.tooManyRequests;
    default:
      return MESSAGES.badRequest;
  }
}

/**
 * Fastify's router refuses a URL it cannot decode (`%`, `%FF`, an encoded lone surrogate: FST_ERR_BAD_URL)
 * and a path parameter over 100 characters (FST_ERR_MAX_PARAM_LENGTH, 414) before any route or error
 * handler runs, with an English body of its own unless it is given this (Fastify's `frameworkErrors`).
 */
export const frameworkErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
  const statusCode = error.statusCode ?? 500;
  setAllAnswerHeaders(request, reply, statusCode);
  void reply.code(statusCode).send({ error: statusCode >= 500 ? MESSAGES.internal : clientErrorMessage(error, statusCode) });
};

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (headers over 16 KB, a malformed request,
 * one that took too long to arrive) and hands the socket to this `clientError` handler (Fastify's
 * `clientErrorHandler`). Fastify's own writes an English JSON without any of the API's headers; this one writes
 * the answer every other error gets: `{ "error": "<Italian>" }`, helmet's headers, `Cache-Control: no-store`. No
 * request id: there is no request. The connection is closed after it, as Node does (the parser cannot go on).
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [statusCode, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, MESSAGES.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, MESSAGES.requestTimeout]
        : [400, MESSAGES.badRequest];
  this.log.debug({ code: error.code, statusCode }, 'request refused by the HTTP parser');
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ error: message });
  const headers = [
    ...HELMET_HEADER_LINES,
    ['Cache-Control', 'no-store'],
    ['Content-Type', 'application/json; charset=utf-8'],
    ['Content-Length', String(Buffer.byteLength(body))],
    ['Connection', 'close'],
  ];
  socket.end(`HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n${body}`);
}

/** Every error leaves as `{ "error": "<Italian message>" }`; 5xx are logged and never show internals. */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.validation) {
        return reply.code(400).send({ error: validationMessage(error.validation) });
      }
      if (error instanceof HttpError) {
        return reply.code(error.statusCode).send({ error: error.message });
      }
      if (error instanceof DatabaseBusyError) {
        // An overload, not a fault of the request: the caller may try again shortly.
        request.log.warn({ err: error }, 'no database connection free');
        return reply.code(503).header('retry-after', '1').send({ error: MESSAGES.busy });
      }
      const statusCode = error.statusCode ?? 500;
      if (statusCode >= 500 || statusCode < 400 || isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(500).send({ error: MESSAGES.internal });
      }
      return reply.code(statusCode).send({ error: clientErrorMessage(error, statusCode) });
    });

    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: MESSAGES.notFound }));

    // A refusal that closes the connection before the body was read (413, 415) waits for the rest of the body
    // (bounded: refused-body.ts), so the client, done sending, reads it instead of a reset connection; a body read
    // to its end leaves the connection open for the next request.
    app.addHook('onSend', async (request, reply, payload) => {
      const closing = String(reply.getHeader('connection') ?? '').toLowerCase() === 'close';
      if (shouldDrain(request.raw, reply.statusCode, closing) && (await drainBody(request.raw))) reply.removeHeader('connection');
      return payload;
    });
  },
  { name: 'errors' },
);
