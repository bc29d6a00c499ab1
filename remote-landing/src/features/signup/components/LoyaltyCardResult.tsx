/**
 * The answer to a signup: 'La tua Carta Fedeltà', the card image with its QR code, the wallet buttons,
 * the PNG downloads (the screen's image and one at print quality) and the link to the customer's page. In the page from the start, hidden: the page's
 * script fills the shop's name, the card's number and the wallet links, draws the canvas and shows it.
 */
import styled from 'styled-components';
import { Button, CARD_HEIGHT, CARD_WIDTH } from '@loyalty/shared';
import { CardNumber } from './CardNumber';
import { MyCardLink } from './MyCardLink';
import { WalletLinksTemplate } from './WalletButtons';

export const Result = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  h1:focus { outline: none; }
  p { margin: 0; text-align: center; }
`;

/** The card keeps its 400×250 drawing and scales down on narrow phones. */
export const CardCanvas = styled.canvas`
  width: 100%;
  max-width: ${CARD_WIDTH}px;
  height: auto;
  aspect-ratio: ${CARD_WIDTH} / ${CARD_HEIGHT};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.overlay};
`;

/** Shown when the print-quality image could not be made (the screen image is still there to download). */
export const CARD_PRINT_ERROR = "Impossibile creare la carta in alta risoluzione in questo browser. Riprova o scarica l'immagine PNG.";

const Downloads = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
`;

export const DrawError = styled.p`
  color: ${({ theme }) => theme.colors.danger};
`;

export function LoyaltyCardResult() {
  return (
    // A plain wrapper carries `hidden`: the result's own styles set `display: flex`.
    <div hidden data-signup-view="card">
      <Result>
        <h1 tabIndex={-1}>La tua Carta Fedeltà</h1>
        <p>
          Mostra il codice QR in cassa da <strong data-card-business /> per accumulare <span data-card-collects>punti</span>.
          <span hidden data-card-number-line>
            {' '}
            Numero carta: <CardNumber data-card-number />.
          </span>
        </p>
        <CardCanvas width={CARD_WIDTH} height={CARD_HEIGHT} role="img" aria-label="Carta fedeltà" data-card-canvas />
        <DrawError role="alert" hidden data-card-draw-error>
          Non è stato possibile disegnare la carta in questo browser.
        </DrawError>
        {/* Under the card image, each shown by the script only when the answer links it. */}
        <WalletLinksTemplate />
        <Downloads>
          <Button type="button" disabled data-card-download>
            Scarica la carta (PNG)
          </Button>
          {/* The same card drawn again at a credit card's real size, 300 dpi, for a print shop. */}
          <Button type="button" variant="secondary" disabled data-card-print-download>
            Scarica in alta risoluzione (300 dpi)
          </Button>
        </Downloads>
        <DrawError role="alert" hidden data-card-print-error>
          {CARD_PRINT_ERROR}
        </DrawError>
        <MyCardLink view="card" />
      </Result>
    </div>
  );
}
