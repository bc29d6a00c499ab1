/**
 * The proxy's faults for the messaging and admin remotes, then a throwing component in each of the five (they wait
 * for the variants' background build); the first three remotes' proxy faults are in delivery-faults.spec.ts
 * (src/delivery-faults.ts says what each journey proves).
 */
import { NAMES, deliveryComposition } from '../src/delivery';
import { proxyFaultJourneys, throwingComponentJourneys } from '../src/delivery-faults';
import { OWN_COMPOSITIONS } from '../src/own-composition';

const composition = deliveryComposition('delivery-faults-more', OWN_COMPOSITIONS.deliveryFaultsMore);

proxyFaultJourneys(composition, ['messaging', 'admin']);
throwingComponentJourneys(composition, NAMES);
