/** The loyalty-card image and its QR code: sizes every drawing of a card shares. */
export const CARD_WIDTH = 400;
export const CARD_HEIGHT = 250;
/** The business name is cut with an ellipsis beyond this width. */
export const CARD_NAME_MAX_WIDTH = 150;
export const CARD_QR_SIZE = 120;

/** qrcode options: error correction M (the library default), quiet zone of 4 modules. */
export const QR_ERROR_CORRECTION = 'M';
export const QR_MARGIN = 4;
