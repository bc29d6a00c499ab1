import type { Feature } from '../feature';
import { createConsentsRepository } from './repository';

/** The ledger of marketing consents (given, changed, withdrawn by STOP, lapsed), which several features write. */
export default {
  repositories: (db) => ({ consents: createConsentsRepository(db) }),
} satisfies Feature;
