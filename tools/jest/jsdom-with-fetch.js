'use strict';
/**
 * jsdom test environment with Node's fetch stack.
 *
 * jsdom has no fetch/Request/Response, and RTK Query needs them. Copying Node's (undici) globals
 * in lets every frontend test talk to a real local HTTP server instead of mocking fetch.
 * AbortController/AbortSignal must come from the same realm as Request: undici rejects a jsdom
 * signal ("Expected signal to be an instance of AbortSignal").
 * FormData, Blob, File, URL and Event stay jsdom's so DOM code (forms, instanceof checks) keeps working.
 */
const { TestEnvironment: JsdomEnvironment } = require('jest-environment-jsdom');

const NODE_GLOBALS = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'AbortController',
  'AbortSignal',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextEncoderStream',
  'TextDecoderStream',
  'CompressionStream',
  'DecompressionStream',
];

class JsdomWithFetchEnvironment extends JsdomEnvironment {
  constructor(config, context) {
    super(config, context);
    const target = this.global;
    for (const name of NODE_GLOBALS) {
      if (globalThis[name] !== undefined) target[name] = globalThis[name];
    }

    // A browser resolves '/api/…' against the page address; Node's fetch refuses relative URLs.
    // Resolving against jsdom's location keeps code that uses relative URLs testable as-is.
    const NodeRequest = globalThis.Request;
    const resolve = (input) =>
      input instanceof NodeRequest ? input : new URL(String(input), target.location.href).href;
    target.Request = new Proxy(NodeRequest, {
      construct(RequestClass, [input, init]) {
        return new RequestClass(resolve(input), init);
      },
    });
    // A kept-alive connection the server has just closed for idleness (Fastify closes one after 72 s, and undici
    // gives up on it only 1 s before, by a timer a loaded test worker can run late) fails with «other side closed»
    // before the server has read a byte of the request: sent once more on a new connection, as a browser does.
    // A CI run lost a suite's log-in to it (PlatformMessagingTab, 2026-12-01). Any other failure is the test's.
    target.fetch = async (input, init) => {
      const request = resolve(input);
      const spare = request instanceof NodeRequest ? request.clone() : request;
      try {
        return await globalThis.fetch(request, init);
      } catch (error) {
        if (!(error instanceof TypeError) || error.cause?.code !== 'UND_ERR_SOCKET' || init?.signal?.aborted) throw error;
        return globalThis.fetch(spare, init);
      }
    };
  }
}

module.exports = JsdomWithFetchEnvironment;
