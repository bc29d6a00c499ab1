import { DEFAULT_BONUS_THRESHOLD } from '@loyalty/shared';
import { BonusThresholdForm } from '../features/bonus/components/BonusThresholdForm';
import { LoyaltyCardsScreen } from '../features/cards/components/LoyaltyCardsScreen';

export { remoteMeta } from '../shared/remoteMeta';

/** The card list with the bonus threshold in its toolbar: two features, put together here rather than one inside the other. */
export default function LoyaltyCards() {
  return (
    <LoyaltyCardsScreen
      bonusSettings={(business) => <BonusThresholdForm key={`${business.id}:${business.bonus_threshold ?? DEFAULT_BONUS_THRESHOLD}`} business={business} />}
    />
  );
}
