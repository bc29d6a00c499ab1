export { remoteMeta } from '../shared/remoteMeta';
export { LoyaltyCardsScreen as default } from '../features/cards/components/LoyaltyCardsScreen';
