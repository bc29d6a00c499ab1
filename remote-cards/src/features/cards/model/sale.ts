/**
 * The counter's sale (docs/decisions/075-points-from-the-sale.md): the amount as typed in Italy (the key of one
 * submission: shared's useChange). How money reads on screen is `money.ts`'s.
 */
export { canonicalAmount, parseEuroAmount } from '@loyalty/shared/forms';

/**
 * From this amount on (1.000 €) the counter asks «Importo alto» before the sale is sent: «2350» typed for «23,50», or
 * «1.000» read the Italian way, would otherwise credit thousands of points in one tap. It only asks — the API's own
 * limit stays 100.000 € — so a shop where such sales are usual pays one tap more on them.
 */
export const LARGE_SALE_CENTS = 100_000;
