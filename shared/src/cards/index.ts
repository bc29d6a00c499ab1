export * from './cardLayout';
export { fitText, ELLIPSIS } from './fitText';
export { wrapText } from './wrapText';
export { addPointsLink, loyaltyCardFileName, loyaltyCardPrintFileName } from './links';
export { renderQrCode } from './qrCode';
export { STAMPS_MAX_CIRCLES, stampsDescription, stampsRow, type CardStamps } from './stampsRow';
export {
  drawLoyaltyCard,
  downloadBlob,
  downloadCanvasPng,
  downloadCanvasPngAtDpi,
  PRINT_CARD_SIZE,
  PRINT_DPI,
  SCREEN_CARD_SIZE,
  type CardImageSize,
  type LoyaltyCardImage,
} from './drawLoyaltyCard';
export { cardColors, contrastRatio, DEFAULT_CARD_COLORS, parseHexColor, relativeLuminance, type CardColors } from './cardColors';
