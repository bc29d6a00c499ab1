import fp from 'fastify-plugin';
import type { Feature, FeatureOptions } from '../feature';
import walletLinkRoutes from './links-routes';
import walletPlugin from './plugin';
import walletRoutes from './routes';

/** Apple Wallet and Google Wallet: a card's passes and save links, their pushes and syncs, sending the links. */
export default {
  plugin: fp<FeatureOptions>(async (app, options) => {
    await app.register(walletPlugin, { apnsCa: options.walletApnsCa });
  }),
  routes: [
    // Sending a card's wallet links (the wallet's own routes are under /wallet).
    ['/loyalty-cards', walletLinkRoutes],
    // The wallets' status (admins), the pass download and Apple's PassKit web service (public, token-guarded).
    ['/wallet', walletRoutes],
  ],
} satisfies Feature;
