/**
 * The proxy's faults (failing manifest, slow script, garbage script) for three of the remotes; the other two and
 * the throwing components are in delivery-faults-more.spec.ts, on a composition of their own, so the two halves
 * run on two workers (src/delivery-faults.ts says what each journey proves).
 */
import { proxyFaultJourneys } from '../src/delivery-faults';
import { deliveryComposition } from '../src/delivery';
import { OWN_COMPOSITIONS } from '../src/own-composition';

const composition = deliveryComposition('delivery-faults', OWN_COMPOSITIONS.deliveryFaults);

proxyFaultJourneys(composition, ['landing', 'cards', 'campaigns']);
