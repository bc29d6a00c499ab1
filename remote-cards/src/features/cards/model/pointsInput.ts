/** A points amount typed by a person: '12,5' or '12.5' → 12.5; anything else → null. One rule, in shared's form rules. */
export { parsePointsInput } from '@loyalty/shared/forms';
