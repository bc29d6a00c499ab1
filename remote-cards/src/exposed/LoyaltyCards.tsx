export { remoteMeta } from '../remoteMeta';
export { LoyaltyCardsScreen as default } from '../features/loyalty-cards/LoyaltyCardsScreen';
