/**
 * The messaging plugin: decorates `app.messaging` (secrets, repository, driver resolution, the job
 * worker, the scheduler of recurring tasks) and `app.rewards` (issue 20: the rewards sweep), and runs the
 * worker and the scheduler from `onReady` until `preClose`, so they stop before the database closes.
 */
import fp from 'fastify-plugin';
import { resolveMessagingConfig, type MessagingConfig } from './config';
import { createSmtpDriver, createTwilioDriver, missingSettings, outboxDriver } from './drivers';
import { createMessagingRepository, type MessagingRepository } from './repository';
import { createSecretBox, type SecretBox } from './secrets';
import type { DeliveryMode } from './messages';
import type { Channel, MessageDriver } from './types';
import { createJobWorker, type JobWorker } from './worker';
import { createScheduler, type Scheduler } from './scheduler';
import { createRewardsSweep, type SweepResult } from '../services/rewards-sweep';

export interface Messaging {
  config: MessagingConfig;
  secrets: SecretBox;
  repo: MessagingRepository;
  worker: JobWorker;
  /** Recurring tasks (`scheduled_tasks`): the rewards sweep. */
  scheduler: Scheduler;
  /** The driver that sends `channel` for the business: its settings' driver, else the configured default. */
  driverFor(businessId: string, channel: Channel): Promise<MessageDriver>;
  /** 'test' when the business's driver is the outbox (nothing leaves the machine), else 'live'. */
  modeFor(businessId: string): Promise<{ driver: string; mode: DeliveryMode }>;
}

export interface Rewards {
  /** Issue 20: expiry rows, expiry reminders and birthday gifts due at `now` (tests pass their own clock). */
  sweep(now: Date): Promise<SweepResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    messaging: Messaging;
    rewards: Rewards;
  }
}

/** How long a claimed scheduled task is held (how often it is looked for: `SCHEDULER_POLL_INTERVAL_MS`). */
const SCHEDULER_LEASE_MS = 15 * 60_000;

export interface MessagingPluginOptions {
  /** Replaces every driver (tests: a fake that never touches the network). */
  driver?: MessageDriver;
  /** The Twilio SDK's HTTP layer (tests: a `RequestClient` pointed at a local stand-in of Twilio's API). */
  twilioHttpClient?: unknown;
}

export default fp<MessagingPluginOptions>(
  async (app, options) => {
    const config = resolveMessagingConfig(app.config.messaging);
    if (!app.config.messaging?.secretsKey) app.log.warn('no secrets key configured: messaging secrets saved now will not decrypt after a restart');
    const secrets = createSecretBox(config.secretsKey);
    const repo = createMessagingRepository(app.db);

    async function modeFor(businessId: string): Promise<{ driver: string; mode: DeliveryMode }> {
      const driver = options.driver?.name ?? (await repo.findSettings(businessId))?.driver ?? config.driver;
      return { driver, mode: driver === 'outbox' ? 'test' : 'live' };
    }

    async function driverFor(businessId: string, channel: Channel): Promise<MessageDriver> {
      if (options.driver) return options.driver;
      const settings = await repo.findSettings(businessId);
      if ((settings?.driver ?? config.driver) === 'outbox') return outboxDriver;
      if (channel === 'email') {
        if (!config.smtpUrl) throw missingSettings('smtpNotConfigured');
        if (!settings?.email_sender) throw missingSettings('emailSenderMissing');
        return createSmtpDriver(config.smtpUrl, settings.email_sender);
      }
      if (!settings?.account_sid || !settings.auth_token_encrypted || !(settings.phone_number || settings.messaging_service_sid)) {
        throw missingSettings('twilioNotConfigured');
      }
      let authToken: string;
      try {
        authToken = secrets.decrypt(settings.auth_token_encrypted, businessId);
      } catch {
        throw missingSettings('tokenUnreadable');
      }
      return createTwilioDriver({
        accountSid: settings.account_sid,
        authToken,
        phoneNumber: settings.phone_number,
        messagingServiceSid: settings.messaging_service_sid,
        statusCallback: config.publicUrl ? `${config.publicUrl}/api/twilio/status/${encodeURIComponent(businessId)}` : null,
      }, { httpClient: options.twilioHttpClient });
    }

    const worker = createJobWorker({
      repo,
      config: config.worker,
      log: app.log.child({ component: 'messaging-worker' }),
      driverFor: (job) => driverFor(job.business_id, job.channel),
    });

    const sweeper = createRewardsSweep(app.db, app.log.child({ component: 'rewards-sweep' }));
    const rewards: Rewards = {
      async sweep(now) {
        const result = await sweeper.sweep(now);
        if (result.reminders > 0 || result.birthdays > 0) worker.wake();
        return result;
      },
    };
    const scheduler = createScheduler({
      db: app.db,
      log: app.log.child({ component: 'scheduler' }),
      tasks: { 'rewards-sweep': () => rewards.sweep(app.clock()) },
      pollIntervalMs: config.worker.schedulerPollIntervalMs,
      leaseMs: SCHEDULER_LEASE_MS,
    });

    app.decorate('messaging', { config, secrets, repo, worker, scheduler, driverFor, modeFor });
    app.decorate('rewards', rewards);
    if (config.worker.enabled) {
      app.addHook('onReady', async () => {
        worker.start();
        scheduler.start();
      });
    }
    app.addHook('preClose', async () => {
      await scheduler.stop();
      await worker.stop();
    });
  },
  { name: 'messaging', dependencies: ['db'] },
);
