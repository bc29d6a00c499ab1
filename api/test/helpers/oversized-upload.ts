/**
 * Sends bodies larger than the server takes the way browsers and scripts do: each on a connection of its own,
 * 64 KiB at a time as fast as the socket takes them, with its length declared or chunked, writing on whatever the
 * server answers meanwhile. The clients run in a worker thread (their own event loop, as a client elsewhere has):
 * in the server's own thread a client reads the answer in the same turn the server writes it, and never meets the
 * reset a real client meets. Answers what each client finally saw: the status and body of the answer, or the
 * error of a connection reset or closed before the answer could be read.
 */
import { Worker } from 'node:worker_threads';

export interface OversizedUpload {
  url: string;
  bytes: number;
  headers: Record<string, string>;
  /** No Content-Length: the body goes chunked, its size known to the server only as it arrives. */
  chunked: boolean;
  /** 'fetch': Node's fetch (undici, a keep-alive client) streams the body instead of node:http; chunked then always. */
  client?: 'http' | 'fetch';
}

export type UploadOutcome = { status: number; body: string } | { error: string };

/** The worker's code (plain JavaScript: a worker thread does not go through Jest's TypeScript transform). */
const WORKER_SOURCE = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');

async function uploadWithFetch({ url, bytes, headers }) {
  const chunk = new Uint8Array(64 * 1024).fill(97);
  let sent = 0;
  const body = new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const piece = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
      sent += piece.length;
      controller.enqueue(piece);
    },
  });
  try {
    const response = await fetch(url, { method: 'POST', headers, body, duplex: 'half', signal: AbortSignal.timeout(60000) });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    return { error: (error.cause && (error.cause.code || error.cause.message)) || error.message };
  }
}

function upload({ url, bytes, headers, chunked, client }) {
  if (client === 'fetch') return uploadWithFetch({ url, bytes, headers });
  return new Promise((resolve) => {
    let settled = false;
    let request;
    const settle = (outcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
      request.destroy(); // the outcome is known: nothing more to send
    };
    request = http.request(url, { method: 'POST', agent: false, headers: chunked ? headers : { ...headers, 'content-length': String(bytes) } }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => settle({ status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', (error) => settle({ error: error.code || error.message }));
    });
    request.on('error', (error) => settle({ error: error.code || error.message }));
    request.setTimeout(60000, () => request.destroy(Object.assign(new Error('no answer within 60 s'), { code: 'TIMEOUT' })));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const write = () => {
      while (sent < bytes && !request.destroyed) {
        const piece = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        sent += piece.length;
        if (!request.write(piece)) {
          request.once('drain', write);
          return;
        }
      }
      if (!request.destroyed) request.end();
    };
    write();
  });
}

Promise.all(workerData.uploads.map(upload)).then((outcomes) => parentPort.postMessage(outcomes));
`;

/** Sends `uploads` all at once; answers their outcomes in the same order. */
export async function uploadOversized(uploads: OversizedUpload[]): Promise<UploadOutcome[]> {
  for (const { bytes } of uploads) if (!Number.isSafeInteger(bytes) || bytes <= 0) throw new Error(`an upload's size must be a whole number of bytes, not ${bytes}`);
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { uploads } });
  try {
    return await new Promise<UploadOutcome[]>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the uploads' worker exited (${code}) before reporting`)));
    });
  } finally {
    await worker.terminate();
  }
}
