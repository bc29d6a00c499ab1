import { useState } from 'react';
import styled from 'styled-components';
import { Button, ButtonRow, FormAlert, errorMessage, formatCount, useAppDispatch } from '@loyalty/shared';
import { formatAmount } from '../../../shared/loyaltyMode';
import { rewardsApi, useGetFractionalCardsQuery, useRoundBalanceMutation } from '../api';
import { ROUNDING_DESCRIPTION, newRoundingKey, roundingChange, type RoundingDirection } from '../model/rounding';

export const ROUNDING_ERROR = 'Arrotondamento non riuscito';
const CARDS = { one: 'carta', other: 'carte' };

const Status = styled.p`
  margin: 0;
`;

const Box = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.warningSurface};
  border-radius: ${({ theme }) => theme.radii.md};
  h3 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.md}; }
  p, ul { margin: 0; }
  ul { padding-left: 1.25rem; }
  ${ButtonRow} { justify-content: flex-start; flex-wrap: wrap; }
`;

/**
 * Shown while the form says «Timbri» and the saved program counts points: the cards whose balance has decimals
 * (name and balance, the first FRACTIONAL_PAGE), and «Arrotonda per difetto» / «per eccesso», which round every
 * one of them (page after page, until none is left) with a ledger row each, so the switch can be saved.
 */
export function FractionalBalances({ businessId }: { businessId: string }) {
  const dispatch = useAppDispatch();
  const query = useGetFractionalCardsQuery(businessId);
  const [roundBalance] = useRoundBalanceMutation();
  const [busy, setBusy] = useState<RoundingDirection | null>(null);
  const [outcome, setOutcome] = useState<{ kind: 'done' | 'error'; text: string } | null>(null);

  const round = async (direction: RoundingDirection) => {
    setBusy(direction);
    setOutcome(null);
    let rounded = 0;
    try {
      // Each round trip takes the cards still with decimals: the ones just rounded have left the filter.
      for (;;) {
        const page = await dispatch(rewardsApi.endpoints.getFractionalCards.initiate(businessId, { forceRefetch: true, subscribe: false })).unwrap();
        if (page.items.length === 0) break;
        const before = rounded;
        for (const card of page.items) {
          const change = roundingChange(card.points, direction);
          if (change === 0) continue;
          await roundBalance({ cardId: card.id, change, description: ROUNDING_DESCRIPTION, key: newRoundingKey() }).unwrap();
          rounded += 1;
        }
        // A page with nothing to round would come back the same: stop rather than ask for it forever.
        if (rounded === before) throw new Error(ROUNDING_ERROR);
      }
      setOutcome({ kind: 'done', text: `Saldi arrotondati: ${formatCount(rounded, CARDS)}. Ora puoi salvare il programma con i timbri.` });
    } catch (error) {
      const done = rounded > 0 ? ` (${formatCount(rounded, CARDS)} già arrotondate)` : '';
      setOutcome({ kind: 'error', text: `${errorMessage(error, ROUNDING_ERROR)}${done}` });
    } finally {
      setBusy(null);
      void query.refetch();
    }
  };

  const page = query.data;
  const cards = page?.items ?? [];
  return (
    <div>
      {cards.length > 0 && page && (
        <Box role="group" aria-labelledby="saldi-decimali">
          <h3 id="saldi-decimali">Saldi con decimali</h3>
          <p>
            Con i timbri i saldi sono numeri interi: {page.total === 1 ? '1 carta ha' : `${formatCount(page.total, CARDS)} hanno`} un saldo con decimali.
            Arrotondali prima di salvare: ogni carta riceve un movimento «{ROUNDING_DESCRIPTION}».
          </p>
          <ul aria-label="Carte con saldo decimale">
            {cards.map((card) => (
              <li key={card.id}>
                {card.customer_name} (N. {card.card_number}): {formatAmount(card.points, 'points')}
              </li>
            ))}
          </ul>
          {page.total > cards.length && <p>…e altre {formatCount(page.total - cards.length, CARDS)}.</p>}
          <ButtonRow>
            <Button variant="secondary" loading={busy === 'down'} disabled={busy !== null} onClick={() => void round('down')}>
              Arrotonda per difetto
            </Button>
            <Button variant="secondary" loading={busy === 'up'} disabled={busy !== null} onClick={() => void round('up')}>
              Arrotonda per eccesso
            </Button>
          </ButtonRow>
        </Box>
      )}
      {/* Always there, so a screen reader hears the outcome; an error is an alert of its own. */}
      <Status role="status">{outcome?.kind === 'done' ? outcome.text : ''}</Status>
      {outcome?.kind === 'error' && <FormAlert role="alert">{outcome.text}</FormAlert>}
    </div>
  );
}
