/**
 * Issue 21: `app.wallet`: the Apple Wallet pass of a card, its download link, and the push worker that tells
 * registered devices a pass changed (decision 040). Without configuration `app.wallet.apple` is null: no
 * link in the card answer, and the wallet routes answer 404.
 *
 * The pushes are rows of `wallet_push_jobs`, enqueued by a trigger whenever a card's balance or name changes
 * (migration 014), claimed with FOR UPDATE SKIP LOCKED and a lease like messaging_jobs, retried with the
 * messaging worker's backoff and attempts, and run from `onReady` to `preClose` when the worker is enabled.
 */
import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import { resolveMessagingConfig } from '../messaging/config';
import { retryDelayMs } from '../messaging/worker';
import { buildApplePass } from './apple-pass';
import { createApnsClient, type ApnsClient } from './apns';
import type { AppleWalletConfig } from './config';
import { createWalletRepository, type PassContent, type WalletRepository } from './repository';

export interface PushWorker {
  start(): void;
  wake(): void;
  stop(): Promise<void>;
  /** Sends every due push now (tests, scripts); resolves with how many were handled. */
  drain(): Promise<number>;
}

export interface AppleWallet {
  config: AppleWalletConfig;
  repo: WalletRepository;
  pushes: PushWorker;
  /** The card's download link (its pass is made on first call); null when the card does not exist. */
  linkFor(cardId: string): Promise<string | null>;
  /** The signed .pkpass of a pass's content. */
  build(content: PassContent): Buffer;
}

declare module 'fastify' {
  interface FastifyInstance {
    wallet: { apple: AppleWallet | null };
  }
}

export interface WalletPluginOptions {
  /** A CA to trust for APNs besides the system's (tests: the dev CA of a local stand-in). */
  apnsCa?: string;
}

export default fp<WalletPluginOptions>(
  async (app, options) => {
    const config = app.config.wallet?.apple ?? null;
    if (!config) {
      app.decorate('wallet', { apple: null });
      return;
    }
    const publicOrigin = (app.config.messaging?.publicUrl ?? app.config.dashboardBaseUrl).replace(/\/+$/, '');
    const repo = createWalletRepository(app.db);
    const worker = resolveMessagingConfig(app.config.messaging).worker;
    const log = app.log.child({ component: 'wallet-push' });
    const apns: ApnsClient = createApnsClient({
      origin: config.apnsOrigin,
      cert: config.cert,
      key: config.key,
      passphrase: config.keyPassphrase,
      topic: config.passTypeId,
      ca: options.apnsCa,
    });

    async function batch(): Promise<number> {
      const jobs = await repo.claim(worker.concurrency, worker.leaseMs, `${process.pid}:${crypto.randomUUID()}`);
      await Promise.all(
        jobs.map(async (job) => {
          const outcome = await apns.push(job.push_token);
          if (outcome.ok) {
            await repo.complete(job);
            return;
          }
          const retryIn = outcome.permanent || job.attempts >= worker.maxAttempts ? null : retryDelayMs(worker, job.attempts);
          log.warn({ jobId: job.id, attempts: job.attempts, status: outcome.status, retryIn }, 'wallet push failed');
          await repo.fail(job, outcome.reason.slice(0, 1000), retryIn);
          if (outcome.status === 410) await repo.forgetDevice(job.serial_number, job.device_library_id);
        }),
      );
      return jobs.length;
    }

    let running = false;
    let timer: NodeJS.Timeout | null = null;
    let loop: Promise<void> | null = null;
    const schedule = (delay: number) => {
      if (!running) return;
      timer = setTimeout(() => {
        timer = null;
        loop = (async () => {
          let handled = 0;
          try {
            handled = await batch();
          } catch (err) {
            if (running) log.error({ err }, 'wallet push worker could not claim jobs');
          }
          schedule(handled > 0 ? 0 : worker.pollIntervalMs);
        })();
      }, delay);
    };
    const pushes: PushWorker = {
      start() {
        if (running) return;
        running = true;
        schedule(0);
      },
      wake() {
        if (running && timer) {
          clearTimeout(timer);
          schedule(0);
        }
      },
      async stop() {
        running = false;
        if (timer) clearTimeout(timer);
        timer = null;
        await loop?.catch(() => undefined);
        apns.close();
      },
      async drain() {
        let total = 0;
        for (let n = await batch(); n > 0; n = await batch()) total += n;
        return total;
      },
    };

    const webServiceURL = `${publicOrigin}/api/wallet/apple`;
    app.decorate('wallet', {
      apple: {
        config,
        repo,
        pushes,
        async linkFor(cardId) {
          const pass = await repo.ensurePass(cardId);
          return pass ? `${publicOrigin}/api/wallet/apple/pass/${pass.download_token}.pkpass` : null;
        },
        build: (content) => buildApplePass(content, { config, webServiceURL, dashboardBaseUrl: app.config.dashboardBaseUrl }),
      },
    });
    if (worker.enabled) app.addHook('onReady', async () => pushes.start());
    app.addHook('preClose', async () => pushes.stop());
  },
  { name: 'wallet', dependencies: ['db'] },
);
