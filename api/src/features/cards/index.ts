import type { Feature } from '../feature';
import qrcodeRoutes from './qrcode-routes';
import { createLoyaltyCardsRepository } from './repository';
import loyaltyCardRoutes from './routes';
import { createSalesReportsRepository } from './sales-report';

/**
 * The loyalty cards: the list and its pages, points and the ledger, stats and the sales report, a card's QR, the scan that adds points.
 * The CSV import and export are served here too (their code is features/import-export).
 */
export default {
  repositories: (db) => ({ loyaltyCards: createLoyaltyCardsRepository(db), salesReports: createSalesReportsRepository(db) }),
  routes: [
    ['/loyalty-cards', loyaltyCardRoutes],
    ['/qrcode', qrcodeRoutes],
  ],
} satisfies Feature;
