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
    target.fetch = (input, init) => globalThis.fetch(resolve(input), init);
  }
}

module.exports = JsdomWithFetchEnvironment;
