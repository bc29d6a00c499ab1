/**
 * `app.wallet`: the Apple Wallet pass of a card, its download link, and the push worker that tells
 * registered devices a pass changed (decision 040); the Google Wallet save link of a card and the worker that
 * keeps its object at Google current (decision 041). Without configuration `app.wallet.apple` / `.google` is
 * null: no link in the card answer, and the Apple wallet routes answer 404.
 *
 * The pushes are rows of `wallet_push_jobs`, enqueued by a trigger whenever a card's balance or name changes
 * (migration 014), claimed with FOR UPDATE SKIP LOCKED and a lease like messaging_jobs, retried with every
 * queue's backoff and attempts; their loop is registered with the jobs plugin (plugins/jobs.ts), which runs it
 * from `onReady` to `preClose` when the workers are enabled. The Google syncs are rows of `wallet_google_jobs`
 * (migration 016), run the same way.
 */
import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { PollingLoop } from '../../lib/leased-queue';
import { applePassFiles } from './apple-pass';
import { createApnsClient, type ApnsClient } from './apns';
import type { AppleWalletConfig, GoogleWalletConfig } from '../../config/wallet';
import { createGoogleApi, loyaltyClass, loyaltyObject, saveLink } from './google';
import { createGoogleWalletRepository, type GoogleWalletRepository } from './google-repository';
import { prepareLogo } from './images';
import { createPassSigner, type PassSigner } from './pass-signer';
import { createWalletRepository, type PassContent, type WalletRepository } from './repository';

/** A job table's polling loop (lib/leased-queue.ts): start, wake, stop, drain (tests, scripts). */
export type PushWorker = Pick<PollingLoop, 'start' | 'wake' | 'stop' | 'drain'>;

export interface AppleWallet {
  config: AppleWalletConfig;
  repo: WalletRepository;
  pushes: PushWorker;
  /** The card's download link (its pass is made on first call); null when the card does not exist. */
  linkFor(cardId: string): Promise<string | null>;
  /** The signed .pkpass of a pass's content (signed off the event loop, or from memory: features/wallet/pass-signer.ts). */
  build(content: PassContent): Promise<Buffer>;
  /** The pass signer's line (GET /api/metrics). */
  signer: Pick<PassSigner, 'waiting'>;
}

/** Google Wallet (src/features/wallet/google*.ts, decisions 041, 044): the card's "Salva in Google Wallet" link and the syncs. */
export interface GoogleWallet {
  config: GoogleWalletConfig;
  repo: GoogleWalletRepository;
  /** The worker that brings the objects at Google up to date (class ensured, object inserted or updated). */
  syncs: PushWorker;
  /**
   * The card's short save link, `<public URL>/api/wallet/google/save/<token>` (the object is made on first call);
   * null when the card does not exist.
   */
  linkFor(cardId: string): Promise<string | null>;
  /** Google's save URL (a JWT signed now, with the card's current content) of a short link's token; null when no card has it. */
  saveUrlOf(token: string): Promise<string | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    wallet: { apple: AppleWallet | null; google: GoogleWallet | null };
  }
}

/** A card's links of the configured wallets, each present only when it exists. */
export type CardWalletLinks = { apple?: string; google?: string };

/**
 * A card's links of the configured wallets (its Apple pass and Google object are made on first call): the
 * signup answer, the customer page, the wallet-links message. Null when no wallet is configured, or the card
 * does not exist.
 */
export async function cardWalletLinks(wallet: FastifyInstance['wallet'], cardId: string): Promise<CardWalletLinks | null> {
  const apple = wallet.apple ? await wallet.apple.linkFor(cardId) : null;
  const google = wallet.google ? await wallet.google.linkFor(cardId) : null;
  return apple || google ? { ...(apple ? { apple } : {}), ...(google ? { google } : {}) } : null;
}

/** The names of the wallets' queues in `app.jobs` (and their log lines). */
const WALLET_PUSH_QUEUE = 'wallet-push';
const WALLET_GOOGLE_QUEUE = 'wallet-google';

export interface WalletPluginOptions {
  /** A CA to trust for APNs besides the system's (tests: the dev CA of a local stand-in). */
  apnsCa?: string;
}

export default fp<WalletPluginOptions>(
  async (app, options) => {
    const publicOrigin = (app.config.messaging?.publicUrl ?? app.config.dashboardBaseUrl).replace(/\/+$/, '');
    const worker = app.jobs.config;
    const apple = app.config.wallet?.apple ? appleWallet(app.config.wallet.apple) : null;
    const google = app.config.wallet?.google ? googleWallet(app.config.wallet.google) : null;
    app.decorate('wallet', { apple, google });

    function appleWallet(config: AppleWalletConfig): AppleWallet {
      const repo = createWalletRepository(app.db);
      // The push loop's own statements go through the background connections (`Db.background`).
      const jobs = createWalletRepository(app.db.background);
      const log = app.log.child({ component: WALLET_PUSH_QUEUE });
      const apns: ApnsClient = createApnsClient({
        origin: config.apnsOrigin,
        cert: config.cert,
        key: config.key,
        passphrase: config.keyPassphrase,
        topic: config.passTypeId,
        ca: options.apnsCa,
      });

      async function batch(): Promise<number> {
        const claimed = await jobs.claim(worker.concurrency, worker.leaseMs, `${process.pid}:${crypto.randomUUID()}`);
        await Promise.all(
          claimed.map(async (job) => {
            const outcome = await apns.push(job.push_token);
            if (outcome.ok) {
              if (await jobs.complete(job)) app.jobs.finished('wallet-push', 'sent');
              return;
            }
            const retryIn = app.jobs.retryIn(job.attempts, outcome.permanent);
            log.warn({ jobId: job.id, attempts: job.attempts, status: outcome.status, retryIn }, 'wallet push failed');
            app.jobs.finished('wallet-push', await jobs.fail(job, outcome.reason.slice(0, 1000), retryIn));
            if (outcome.status === 410) await jobs.forgetDevice(job.serial_number, job.device_library_id);
          }),
        );
        return claimed.length;
      }

      const webServiceURL = `${publicOrigin}/api/wallet/apple`;
      // An http public address, allowed in development only (config/wallet.ts, checkWalletPublicUrl): said at start.
      if (app.config.wallet?.publicUrlWarning) app.log.warn(app.config.wallet.publicUrlWarning);
      const signer = createPassSigner(config);
      app.addHook('onClose', () => signer.close());
      return {
        config,
        repo,
        signer,
        pushes: app.jobs.queue(WALLET_PUSH_QUEUE, { batch, onStop: () => apns.close(), figures: 'wallet-push' }),
        async linkFor(cardId) {
          const pass = await repo.ensurePass(cardId);
          return pass ? `${publicOrigin}/api/wallet/apple/pass/${pass.download_token}.pkpass` : null;
        },
        build: (content) => signer.sign(applePassFiles(content, { config, webServiceURL, dashboardBaseUrl: app.config.dashboardBaseUrl })),
      };
    }

    function googleWallet(config: GoogleWalletConfig): GoogleWallet {
      // The class's logo (GET /api/wallet/logo/…) shares one drawn ring: drawn now, not by the first request.
      prepareLogo();
      const repo = createGoogleWalletRepository(app.db, config.issuerId);
      // The sync loop's own statements go through the background connections (`Db.background`).
      const jobs = createGoogleWalletRepository(app.db.background, config.issuerId);
      const log = app.log.child({ component: WALLET_GOOGLE_QUEUE });
      const api = createGoogleApi(config);
      const dashboardBaseUrl = app.config.dashboardBaseUrl;

      /** Class ensured and object inserted the first time, the object updated afterwards. */
      async function sync(objectId: string) {
        const content = await jobs.content('object_id', objectId);
        if (!content) return { ok: true } as const; // the card is gone (its object row with it)
        if (!content.inserted) {
          const ensured = await api.ensureClass(loyaltyClass(config.issuerId, content, publicOrigin));
          if (!ensured.ok) return ensured;
        }
        const outcome = await api.putObject(loyaltyObject(config.issuerId, content, dashboardBaseUrl), content.inserted);
        if (outcome.ok) await jobs.synced(objectId);
        return outcome;
      }

      async function batch(): Promise<number> {
        const claimed = await jobs.claim(worker.concurrency, worker.leaseMs, `${process.pid}:${crypto.randomUUID()}`);
        await Promise.all(
          claimed.map(async (job) => {
            const outcome = await sync(job.object_id);
            if (outcome.ok) {
              if (await jobs.complete(job)) app.jobs.finished('wallet-google', 'sent');
              return;
            }
            const retryIn = app.jobs.retryIn(job.attempts, outcome.permanent);
            // The reason is Google's short error text: no key, no token.
            log.warn({ jobId: job.id, attempts: job.attempts, status: outcome.status, reason: outcome.reason, retryIn }, 'Google Wallet sync failed');
            app.jobs.finished('wallet-google', await jobs.fail(job, outcome.reason.slice(0, 1000), retryIn));
          }),
        );
        return claimed.length;
      }

      const syncs = app.jobs.queue(WALLET_GOOGLE_QUEUE, { batch, figures: 'wallet-google' });
      return {
        config,
        repo,
        syncs,
        async linkFor(cardId) {
          const ensured = await repo.ensureObject(cardId);
          if (!ensured) return null;
          if (ensured.made) syncs.wake();
          return `${publicOrigin}/api/wallet/google/save/${ensured.record.save_token}`;
        },
        async saveUrlOf(token) {
          const content = await repo.content('save_token', token);
          return content ? saveLink(config, content, { publicUrl: publicOrigin, dashboardBaseUrl }) : null;
        },
      };
    }
  },
  { name: 'wallet', dependencies: ['db', 'jobs'] },
);
