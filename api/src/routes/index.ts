import type { FastifyPluginAsync } from 'fastify';
import authRoutes from './auth';
import businessRoutes from './business';
import campaignRoutes from './campaigns';
import customerRoutes from './customer';
import docsRoutes from './docs';
import healthRoutes from './health';
import loyaltyCardRoutes from './loyalty-cards';
import messagingRoutes from './messaging';
import qrcodeRoutes from './qrcode';
import { cardRewardRoutes, rewardRoutes } from './rewards';
import settingsRoutes from './settings';
import twilioRoutes from './twilio';
import userRoutes from './users';
import walletRoutes from './wallet';
import walletLinkRoutes from './wallet-links';

/** One module per resource; its prefix is the URL segment it serves (all under /api). */
const ROUTE_MODULES: [prefix: string, plugin: FastifyPluginAsync][] = [
  ['/auth', authRoutes],
  ['/business', businessRoutes],
  ['/loyalty-cards', loyaltyCardRoutes],
  // Issue 20: the catalogue and the program; redemption lives under the card it changes.
  ['/rewards', rewardRoutes],
  ['/loyalty-cards', cardRewardRoutes],
  // Issue 21: sending a card's wallet links (the wallet's own routes are under /wallet).
  ['/loyalty-cards', walletLinkRoutes],
  ['/campaigns', campaignRoutes],
  ['/twilio', twilioRoutes],
  // Sending (campaign send, send-whatsapp, deliveries, outbox): full paths, across resources.
  ['', messagingRoutes],
  ['/users', userRoutes],
  ['/qrcode', qrcodeRoutes],
  ['/settings', settingsRoutes],
  // Issue 21: the wallets' status (admins), the pass download and Apple's PassKit web service (public, token-guarded).
  ['/wallet', walletRoutes],
  // Issue 22: the customer's own page (magic link, customer session, cards, consents, copy, erasure; decision 048).
  ['/customer', customerRoutes],
  ['/health', healthRoutes],
  ['/docs', docsRoutes],
];

const routes: FastifyPluginAsync = async (app) => {
  for (const [prefix, plugin] of ROUTE_MODULES) await app.register(plugin, { prefix });
};

export default routes;
