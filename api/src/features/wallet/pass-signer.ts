/**
 * Decision 059: Apple Wallet passes are signed and zipped off the event loop. passkit-generator signs with
 * node-forge (RSA in JavaScript): 30–70 ms per pass on this project's machines, during which an instance
 * answered nothing else, and the pass download and PassKit's "latest pass" are public routes. Here the work goes
 * to one worker thread (`piscina`, running features/wallet/pass-signer.worker.js) with a bounded line; a pass already signed for
 * the same content is answered from memory, and concurrent requests for it share one signing.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import Piscina from 'piscina';
import { HttpError } from '../../errors';
import { MESSAGES } from '../../messages';
import type { AppleWalletConfig } from '../../config/wallet';

export interface PassSigner {
  /** The .pkpass of `files` (pass.json and images): from memory when the same files were signed lately. 503 when the line is full. */
  sign(files: Record<string, Buffer>): Promise<Buffer>;
  /** Ends the worker thread (the app's close). */
  close(): Promise<void>;
  /** Passes waiting for the worker thread now (GET /api/metrics). */
  readonly waiting: number;
}

export interface PassSignerOptions {
  /** Passes waiting for the worker; past it the request is answered 503 at once. */
  maxWaiting: number;
  /** Bytes of signed passes kept (a pass is a few kilobytes). */
  cacheBytes: number;
}

export const PASS_SIGNER_DEFAULTS: PassSignerOptions = { maxWaiting: 64, cacheBytes: 16 * 1024 * 1024 };

export function createPassSigner(config: AppleWalletConfig, options: PassSignerOptions = PASS_SIGNER_DEFAULTS): PassSigner {
  const pool = new Piscina({
    filename: path.join(__dirname, 'pass-signer.worker.js'),
    // One thread: the other core stays with the event loop. Started at the first pass, ended after a quiet minute.
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    workerData: { wwdr: config.wwdr, signerCert: config.cert, signerKey: config.key, signerKeyPassphrase: config.keyPassphrase },
  });
  const signed = new LRUCache<string, Buffer, Record<string, Buffer>>({
    maxSize: options.cacheBytes,
    sizeCalculation: (pass) => pass.length,
    fetchMethod: async (_key, _stale, { context }) => {
      if (pool.queueSize >= options.maxWaiting) throw new HttpError(503, MESSAGES.busy);
      const pass: Uint8Array = await pool.run({ files: context });
      return Buffer.from(pass.buffer, pass.byteOffset, pass.byteLength);
    },
  });
  const keyOf = (files: Record<string, Buffer>) => {
    const hash = crypto.createHash('sha256');
    for (const name of Object.keys(files).sort()) hash.update(name).update('\0').update(files[name]).update('\0');
    return hash.digest('base64url');
  };
  return {
    async sign(files) {
      const pass = await signed.fetch(keyOf(files), { context: files });
      if (!pass) throw new Error('the pass could not be signed');
      return pass;
    },
    close: () => pool.destroy(),
    get waiting() {
      return pool.queueSize;
    },
  };
}
