export * from './cardLayout';
export { fitText, ELLIPSIS } from './fitText';
export { addPointsLink, loyaltyCardFileName } from './links';
export { renderQrCode } from './qrCode';
export { STAMPS_MAX_CIRCLES, stampsDescription, stampsRow, type CardStamps } from './stampsRow';
// 2.12.0: a file handed to the browser's "save" through a link, for the cards' exports and the card image.
export { downloadUrl } from './download';
export { drawLoyaltyCard, downloadCanvasPng, type CardImageSize, type LoyaltyCardImage } from './drawLoyaltyCard';
export { cardColors, contrastRatio, DEFAULT_CARD_COLORS, parseHexColor, relativeLuminance, type CardColors } from './cardColors';
