/**
 * The messaging plugin: decorates `app.messaging` (secrets, repository, driver resolution, the job worker) and
 * registers the worker's queue with the jobs plugin (plugins/jobs.ts), which runs it from `onReady` until
 * `preClose`, so it stops before the database closes.
 */
import fp from 'fastify-plugin';
import { resolveMessagingConfig, type MessagingConfig } from '../../config/messaging';
import { CREDENTIAL_MESSAGES, createCredentials, type Credentials } from './credentials';
import { createSmtpDriver, createTwilioDriver, missingSettings, outboxDriver } from './drivers';
import { createLocalMailboxDriver } from './local-mailbox';
import { createMessagingRepository, type MessagingRepository, type StoredSettings } from './repository';
import { createSecretBox, type SecretBox } from './secrets';
import type { DeliveryMode } from './messages';
import { CHANNELS, MessagingError, type Channel, type MessageDriver, type OutgoingMessage } from './types';
import {
  alphanumericSenderId,
  createPlatformAccountRepository,
  PLATFORM_SECRET_SCOPE,
  platformServes,
  platformSmtpTransport,
  type PlatformAccountRepository,
} from './platform-account';
import { createJobWorker, MESSAGING_QUEUE, type JobWorker } from './worker';
import { isAutomationMarketing, parseSender, renderEmail, serviceSubject } from './email';
import { MESSAGING_MESSAGES } from './messages';
import { smartEncodeSms } from './sms';
import { unsubscribeKey, unsubscribeToken, unsubscribeUrl as unsubscribeUrlOf } from './unsubscribe';
import type { JobRecord } from './repository';
import { audienceOf } from './campaign-audience';

/** The row of `scheduled_tasks` (migration 036) that starts scheduled campaigns. */
export const CAMPAIGN_SCHEDULES_TASK = 'campaign-schedules';

export interface Messaging {
  config: MessagingConfig;
  secrets: SecretBox;
  repo: MessagingRepository;
  /** The polling loop of `messaging_jobs` (registered with `app.jobs` as MESSAGING_QUEUE). */
  worker: JobWorker;
  /** The driver that sends `channel` for the business: its settings' driver, else the configured default. */
  driverFor(businessId: string, channel: Channel): Promise<MessageDriver>;
  /**
   * 'test' when the business's messages on `channel` (on every channel, without one) only get recorded (nothing
   * leaves the machine), else 'live' — through its own provider or the platform's account (decision 086).
   */
  modeFor(businessId: string, channel?: Channel): Promise<{ driver: string; mode: DeliveryMode }>;
  /** The platform's messaging account (decision 086). */
  platformAccounts: PlatformAccountRepository;
  /** The issuers of the credentials messages carry (decision 058): a feature registers its kind. */
  credentials: Credentials;
  /**
   * Whether the business can deliver a credential on the channel now: a driver that really sends (never the
   * outbox, whose log a shop reads, except into the try-out mailbox) with its settings complete.
   */
  deliversCredentials(businessId: string, channel: Channel): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    messaging: Messaging;
  }
}

export interface MessagingPluginOptions {
  /** Replaces every driver (tests: a fake that never touches the network). */
  driver?: MessageDriver;
  /** The Twilio SDK's HTTP layer (tests: a `RequestClient` pointed at a local stand-in of Twilio's API). */
  twilioHttpClient?: unknown;
}

export default fp<MessagingPluginOptions>(
  async (app, options) => {
    const config = resolveMessagingConfig(app.config.messaging);
    // The deployment's quiet-hours switch, where the database's functions read it (migration 040, decision 082).
    await app.db.query('UPDATE platform_settings SET quiet_hours = $1 WHERE quiet_hours <> $1', [config.quietHours]);
    if (!config.quietHours) app.log.warn('QUIET_HOURS=false: marketing and automatic messages leave at any hour (demo and tests only)');
    if (!app.config.messaging?.secretsKey) app.log.warn('no secrets key configured: messaging secrets saved now will not decrypt after a restart');
    const secrets = createSecretBox(config.secretsKey);
    const repo = createMessagingRepository(app.db);
    // The worker uses the background connections (`Db.background`): a flood of requests cannot keep it from
    // claiming its jobs.
    const workerRepo = createMessagingRepository(app.db.background);

    const platformAccounts = createPlatformAccountRepository(app.db);
    const workerPlatformAccounts = createPlatformAccountRepository(app.db.background);

    /**
     * Who sends `channel` for the business (decision 086), in this order: a shop the super admin put in test mode
     * ('outbox' in its settings) records only; a shop with its own provider for the channel (Twilio credentials and a
     * sender; for e-mail its sender address on the deployment's SMTP_URL) uses it — in test mode while its driver,
     * or MESSAGING_DRIVER, is the outbox; else the platform's account when it serves the channel; else test mode
     * when the driver is the outbox, and otherwise the shop's settings are missing.
     */
    /** A shop's own Twilio account: credentials and a sender (a number or a messaging service). */
    const hasOwnTwilio = (settings: StoredSettings | null | undefined): settings is StoredSettings & { account_sid: string; auth_token_encrypted: string } =>
      Boolean(settings?.account_sid && settings.auth_token_encrypted && (settings.phone_number || settings.messaging_service_sid));

    async function route(businessId: string, channel: Channel, settingsFrom: MessagingRepository, accounts: PlatformAccountRepository) {
      const settings = await settingsFrom.findSettings(businessId);
      const driver = settings?.driver ?? config.driver;
      if (settings?.driver === 'outbox') return { kind: 'outbox' as const, settings };
      const own =
        channel === 'email'
          ? Boolean(config.smtpUrl && settings?.email_sender)
          : hasOwnTwilio(settings);
      if (own) return { kind: driver === 'outbox' ? ('outbox' as const) : ('shop' as const), settings };
      const platform = await accounts.find();
      if (platformServes(platform, channel)) return { kind: 'platform' as const, settings, platform };
      return { kind: driver === 'outbox' ? ('outbox' as const) : ('shop' as const), settings };
    }

    async function modeFor(businessId: string, channel?: Channel): Promise<{ driver: string; mode: DeliveryMode }> {
      if (options.driver) return { driver: options.driver.name, mode: options.driver.name === 'outbox' ? 'test' : 'live' };
      const live = [];
      for (const c of channel ? [channel] : CHANNELS) {
        const { kind, settings } = await route(businessId, c, repo, platformAccounts);
        if (kind !== 'outbox') live.push(kind === 'platform' ? (c === 'email' ? 'smtp' : 'twilio') : (settings?.driver ?? config.driver));
      }
      return live.length > 0 ? { driver: live[0], mode: 'live' } : { driver: 'outbox', mode: 'test' };
    }

    /** A stored secret in clear, or the settings error that says it cannot be read (the key changed since it was saved). */
    function decryptOr(encrypted: string, scope: string, unreadable: Parameters<typeof missingSettings>[0]): string {
      try {
        return secrets.decrypt(encrypted, scope);
      } catch {
        throw missingSettings(unreadable);
      }
    }

    async function driverFor(
      businessId: string,
      channel: Channel,
      settingsFrom: MessagingRepository = repo,
      accounts: PlatformAccountRepository = platformAccounts,
    ): Promise<MessageDriver> {
      if (options.driver) return options.driver;
      const routed = await route(businessId, channel, settingsFrom, accounts);
      if (routed.kind === 'outbox') return outboxDriver;
      const statusCallback = config.publicUrl ? `${config.publicUrl}/api/twilio/status/${encodeURIComponent(businessId)}` : null;
      if (routed.kind === 'platform') {
        const platform = routed.platform;
        if (channel === 'email') {
          let transport;
          try {
            transport = await platformSmtpTransport(platform, secrets, dkim);
          } catch {
            throw missingSettings('platformSecretUnreadable');
          }
          return createSmtpDriver(transport, platform.email_from!, null, 'platform');
        }
        const authToken = decryptOr(platform.twilio_auth_token_encrypted!, PLATFORM_SECRET_SCOPE.twilio, 'platformSecretUnreadable');
        // An SMS carries the shop's name as its sender when the super admin turned that on (and the name gives one).
        const shopName = channel === 'sms' && platform.sms_shop_name_sender ? (await app.repos.businesses.findById(businessId))?.name : undefined;
        const sender = channel === 'whatsapp' ? platform.twilio_whatsapp_from : ((shopName && alphanumericSenderId(shopName)) ?? platform.twilio_sms_from);
        if (!sender) throw missingSettings('twilioNotConfigured');
        return createTwilioDriver(
          { accountSid: platform.twilio_account_sid!, authToken, phoneNumber: sender, messagingServiceSid: null, statusCallback },
          { httpClient: options.twilioHttpClient, account: 'platform' },
        );
      }
      const settings = routed.settings;
      if (channel === 'email') {
        if (!config.smtpUrl) throw missingSettings('smtpNotConfigured');
        if (!settings?.email_sender) throw missingSettings('emailSenderMissing');
        return createSmtpDriver(config.smtpUrl, settings.email_sender, dkim);
      }
      if (!hasOwnTwilio(settings)) throw missingSettings('twilioNotConfigured');
      const authToken = decryptOr(settings.auth_token_encrypted, businessId, 'tokenUnreadable');
      return createTwilioDriver({
        accountSid: settings.account_sid,
        authToken,
        phoneNumber: settings.phone_number,
        messagingServiceSid: settings.messaging_service_sid,
        statusCallback,
      }, { httpClient: options.twilioHttpClient });
    }

    const localMailbox = app.config.localMailbox ? createLocalMailboxDriver(app.config.localMailbox) : null;
    if (localMailbox) app.log.info({ file: app.config.localMailbox }, 'local try-out: access links a shop in test mode would send are written to the try-out mailbox');

    /** A credential's driver: never the outbox (a shop reads its log); on a local try-out, the try-out mailbox instead. */
    async function credentialDriverFor(...where: Parameters<typeof driverFor>): Promise<MessageDriver> {
      const driver = await driverFor(...where);
      if (driver !== outboxDriver) return driver;
      if (localMailbox) return localMailbox;
      throw new MessagingError(CREDENTIAL_MESSAGES.testMode, true);
    }

    async function deliversCredentials(businessId: string, channel: Channel): Promise<boolean> {
      try {
        await credentialDriverFor(businessId, channel);
        return true;
      } catch (error) {
        if (error instanceof MessagingError) return false;
        throw error;
      }
    }

    const unsubscribe = unsubscribeKey(config.secretsKey);
    const dkim = config.dkim;

    /** What the driver gets for a job: see `WorkerDeps.compose`. The outbox records the job's text as it is. */
    async function compose(job: JobRecord, body: string, driver: MessageDriver): Promise<OutgoingMessage> {
      const message: OutgoingMessage = { businessId: job.business_id, channel: job.channel, recipient: job.recipient, body };
      if (driver === outboxDriver) return message;
      if (job.channel === 'sms') return { ...message, body: smartEncodeSms(body) };
      if (job.channel !== 'email') return message;
      const context = await workerRepo.emailContext(job.business_id, job.campaign_id);
      if (!context) throw new MessagingError(MESSAGING_MESSAGES.emailSenderMissing, true);
      // A campaign's e-mail is marketing: it carries the one-click opt-out of its card (RFC 8058), which needs PUBLIC_URL.
      const marketing = job.campaign_id !== null || isAutomationMarketing(job.idempotency_key);
      let unsubscribeUrl: string | null = null;
      if (marketing && job.card_id) {
        if (!config.publicUrl) throw missingSettings('publicUrlForUnsubscribe');
        unsubscribeUrl = unsubscribeUrlOf(config.publicUrl, unsubscribeToken(unsubscribe, job.card_id));
      }
      const subject = job.campaign_id !== null ? (context.campaign_subject ?? context.campaign_name ?? context.shop_name) : serviceSubject(job.idempotency_key, context.shop_name);
      const sender = context.email_sender ? parseSender(context.email_sender) : null;
      return {
        ...message,
        email: {
          subject,
          fromName: sender?.name ?? context.shop_name,
          replyTo: context.shop_email,
          unsubscribeUrl,
          ...renderEmail({ shopName: context.shop_name, brandColor: context.brand_color, body, unsubscribeUrl }),
        },
      };
    }

    const credentials = createCredentials();
    const worker = createJobWorker({
      repo: workerRepo,
      config: app.jobs.config,
      log: app.log.child({ component: MESSAGING_QUEUE }),
      driverFor: (job) =>
        job.credential
          ? credentialDriverFor(job.business_id, job.channel, workerRepo, workerPlatformAccounts)
          : driverFor(job.business_id, job.channel, workerRepo, workerPlatformAccounts),
      credentials,
      compose,
      queue: (handler) => app.jobs.queue(MESSAGING_QUEUE, { ...handler, figures: 'messaging' }),
      finished: (outcome) => app.jobs.finished('messaging', outcome),
    });

    app.decorate('messaging', { config, secrets, repo, worker, driverFor, modeFor, platformAccounts, credentials, deliversCredentials });

    // Scheduled campaigns (migration 036): each due one is sent as «Invia ora» would, due at its scheduled time
    // (so the quiet hours hold one scheduled for 21:00 until the window opens).
    app.jobs.schedule(CAMPAIGN_SCHEDULES_TASK, async () => {
      const background = createMessagingRepository(app.db.background);
      let started = 0;
      for (const campaign of await background.claimDueSchedules(app.clock())) {
        const counts = await background.enqueueCampaign({
          businessId: campaign.business_id,
          campaignId: campaign.id,
          channel: campaign.channel,
          body: campaign.message,
          at: new Date(campaign.at),
          ...audienceOf(campaign, campaign.channel),
        });
        app.log.info({ campaignId: campaign.id, ...counts }, 'scheduled campaign enqueued');
        if (counts.queued > 0) worker.wake();
        started += 1;
      }
      return { started };
    });
  },
  { name: 'messaging', dependencies: ['db', 'jobs'] },
);
