import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import {
  Button,
  CARD_HEIGHT,
  CARD_WIDTH,
  addPointsLink,
  downloadCanvasPng,
  drawLoyaltyCard,
  getRuntimeConfig,
  loyaltyCardFileName,
} from '@loyalty/shared';
import { cardImageLabel, cardStamps, collectedWord, type SignedUpCard } from '../api';
import { MyCardLink } from './MyCardLink';
import { CardNumber } from './CardNumber';
import { WalletButtons } from './WalletButtons';

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

export const DrawError = styled.p`
  color: ${({ theme }) => theme.colors.danger};
`;

/**
 * SPEC §2: 'La tua Carta Fedeltà', the card image with its QR code, the wallet buttons (issue 21), the PNG
 * download and the link to the customer's page (issue 22).
 */
export function LoyaltyCardResult({ card }: { card: SignedUpCard }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [drawing, setDrawing] = useState<'pending' | 'done' | 'failed'>('pending');
  const { brandName, dashboardBaseUrl } = getRuntimeConfig();

  useEffect(() => {
    // The form was replaced by the result: tell screen-reader and keyboard users where they are.
    headingRef.current?.focus();
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let current = true;
    drawLoyaltyCard(canvas, {
      brandName,
      businessName: card.business_name,
      qrText: addPointsLink(dashboardBaseUrl, card.id, card.user_id),
      stamps: cardStamps(card),
      // Decision 042 (amended): the shop's colour, as on its wallet pass (an older API sends none: the blue card).
      brandColor: card.brand_color,
    }).then(
      () => current && setDrawing('done'),
      () => current && setDrawing('failed'),
    );
    return () => {
      current = false;
    };
  }, [brandName, dashboardBaseUrl, card]);

  return (
    <Result>
      <h1 ref={headingRef} tabIndex={-1}>
        La tua Carta Fedeltà
      </h1>
      <p>
        Mostra il codice QR in cassa da <strong>{card.business_name}</strong> per accumulare {collectedWord(card)}.
        {card.card_number && <> Numero carta: <CardNumber>{card.card_number}</CardNumber>.</>}
      </p>
      <CardCanvas
        ref={canvasRef}
        width={CARD_WIDTH}
        height={CARD_HEIGHT}
        role="img"
        aria-label={cardImageLabel(brandName, card)}
      />
      {drawing === 'failed' && (
        <DrawError role="alert">Non è stato possibile disegnare la carta in questo browser.</DrawError>
      )}
      {/* Issue 21: under the card image, each only when the API gave its link. */}
      <WalletButtons card={card} />
      <Button
        disabled={drawing !== 'done'}
        onClick={() => canvasRef.current && downloadCanvasPng(canvasRef.current, loyaltyCardFileName(brandName))}
      >
        Scarica la carta (PNG)
      </Button>
      {/* Issue 22: the customer's page. */}
      <MyCardLink view="card" />
    </Result>
  );
}
