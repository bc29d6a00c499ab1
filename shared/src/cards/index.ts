export * from './cardLayout';
export { fitText, ELLIPSIS } from './fitText';
export { addPointsLink, loyaltyCardFileName } from './links';
export { renderQrCode } from './qrCode';
export { drawLoyaltyCard, downloadCanvasPng, type LoyaltyCardImage } from './drawLoyaltyCard';
