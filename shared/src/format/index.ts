export { formatDecimal, formatPoints, formatPointsChange, formatAveragePoints, formatCount, formatEuro, type CountNoun } from './numbers';
export { formatDate, formatDateTime, formatMonth, formatMonthShort, NOT_AVAILABLE } from './dates';
export { formatPhone, looksLikePhone, PHONE_INVALID } from './phone';
