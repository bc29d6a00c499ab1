import type { Feature } from '../feature';
import customerRoutes from './routes';

/** The customer's own page: magic link, customer session, cards, consents, copy, erasure (decision 048). */
export default {
  routes: [['/customer', customerRoutes]],
} satisfies Feature;
