import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../errors';
import { MESSAGES, URL_MESSAGES } from '../messages';
import { validationMessage } from '../validation';
import { setAllAnswerHeaders } from './security';

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
      const statusCode = error.statusCode ?? 500;
      if (statusCode >= 500 || statusCode < 400 || isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(500).send({ error: MESSAGES.internal });
      }
      return reply.code(statusCode).send({ error: clientErrorMessage(error, statusCode) });
    });

    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: MESSAGES.notFound }));
  },
  { name: 'errors' },
);
