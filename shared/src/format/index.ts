export { formatPoints, formatPointsChange, formatAveragePoints, formatCount, formatEuro, type CountNoun } from './numbers';
export { formatDate, formatDateTime, NOT_AVAILABLE } from './dates';
export { formatPhone, looksLikePhone, PHONE_INVALID } from './phone';
