import type { Feature } from '../feature';
import { createExportsRepository } from './exports-repository';

/** The cards' CSV import and the CSV exports of the cards and the ledger; their routes are the cards feature's. */
export default {
  repositories: (db) => ({ exports: createExportsRepository(db) }),
} satisfies Feature;
