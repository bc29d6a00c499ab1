import fp from 'fastify-plugin';
import type { Feature, FeatureOptions } from '../feature';
import messagingPlugin from './plugin';
import messagingRoutes from './sending-routes';
import platformRoutes from './platform-routes';
import { createMessagingSettingsRepository } from './settings-repository';
import twilioRoutes from './twilio-routes';
import unsubscribeRoutes from './unsubscribe';

/**
 * Messaging: a business's settings (Twilio, e-mail sender), the drivers, the one way into the job queue
 * (enqueue.ts) and its worker, sending (campaign send, send-whatsapp, deliveries, outbox), Twilio's webhooks.
 */
export default {
  repositories: (db) => ({ messagingSettings: createMessagingSettingsRepository(db) }),
  plugin: fp<FeatureOptions>(async (app, options) => {
    await app.register(messagingPlugin, { driver: options.messagingDriver, twilioHttpClient: options.twilioHttpClient });
  }),
  routes: [
    ['/twilio', twilioRoutes],
    // Public: the one-click opt-out of marketing e-mail (decision 074).
    ['/unsubscribe', unsubscribeRoutes],
    // Sending: full paths, across resources.
    ['', messagingRoutes],
    // The platform's messaging account and the monthly usage (decision 086): full paths.
    ['', platformRoutes],
  ],
} satisfies Feature;
