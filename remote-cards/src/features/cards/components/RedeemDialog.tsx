import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Button, ButtonLink, Modal, QueryState, StalledNotice, UnsavedChangeNotice, errorMessage, isAdmin, useAuth } from '@loyalty/shared';
import { formatAmount, missingText, type LoyaltyMode } from '../../../shared/loyaltyMode';
import type { CardRewards, RedeemableReward } from '../api';
import { useGetCardRewardsQuery } from '../dialogApi';
import { useRedemption } from '../hooks/useRedemption';

export const CARD_REWARDS_LOAD_ERROR = 'Errore durante il caricamento dei premi';

/** The card the dialog redeems on: its id and whose it is. */
export interface RedeemTarget {
  id: string;
  customer_name: string;
}

const Balance = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
  strong { color: ${({ theme }) => theme.colors.primary}; }
`;

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li<{ $affordable: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme, $affordable }) => ($affordable ? theme.colors.text : theme.colors.textMuted)};
  .what { flex: 1 1 12rem; }
  .what strong { display: block; }
  .what span { font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.textMuted}; }
  .missing { font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const Confirm = styled.div`
  margin-top: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  p { margin: 0 0 ${({ theme }) => theme.space.sm}; }
  div { display: flex; justify-content: flex-end; gap: ${({ theme }) => theme.space.sm}; }
`;

const Outcome = styled.p<{ $error?: boolean }>`
  margin: ${({ theme }) => theme.space.md} 0 0;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.success)};
  background: ${({ theme, $error }) => ($error ? theme.colors.dangerSurface : theme.colors.successSurface)};
`;

function RewardItem({ reward, mode, balance, onChoose }: { reward: RedeemableReward; mode: LoyaltyMode; balance: number; onChoose: () => void }) {
  return (
    <Item $affordable={reward.affordable} aria-label={reward.name}>
      <div className="what">
        <strong>{reward.name}</strong>
        {reward.description && <span>{reward.description}</span>}
      </div>
      <span>{formatAmount(reward.cost, mode)}</span>
      {reward.affordable ? (
        <Button onClick={onChoose} aria-label={`Riscatta ${reward.name}`}>
          Riscatta
        </Button>
      ) : (
        <span className="missing">{missingText(reward.cost - balance, mode)}</span>
      )}
    </Item>
  );
}

function CardRewardsList({ cardId, onRedeemed }: { cardId: string; onRedeemed?: (balance: number) => void }) {
  const query = useGetCardRewardsQuery(cardId);
  const manager = isAdmin(useAuth().user);
  const redemption = useRedemption(cardId, onRedeemed);
  const { chosen, outcome } = redemption;
  // The question and its «Conferma riscatto» go once answered: the keyboard and the screen reader go to the answer,
  // inside the dialog, instead of being left on the page behind it.
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);
  // The question appears under the list: the keyboard and the screen reader go to its «Conferma riscatto». Focused
  // here rather than with `autoFocus`, which Preact (decision 108) only writes as an attribute.
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (chosen) confirmRef.current?.focus();
  }, [chosen]);
  return (
    <>
      <QueryState
        query={query}
        loadingLabel="Caricamento dei premi…"
        errorMessage={(error) => errorMessage(error, CARD_REWARDS_LOAD_ERROR)}
        isEmpty={(answer: CardRewards) => answer.rewards.length === 0}
        empty={
          // Staff cannot open the rewards page: they are told who can, not sent to a refusal.
          manager
            ? {
                message: 'Nessun premio riscattabile oggi',
                description: 'Qui compaiono i premi attivi, nelle loro date di validità e ancora disponibili. Crea o riattiva i premi nella pagina Premi.',
                action: <ButtonLink to="/dashboard/rewards">Vai ai Premi</ButtonLink>,
              }
            : {
                message: 'Nessun premio riscattabile oggi',
                description: 'Qui compaiono i premi attivi, nelle loro date di validità e ancora disponibili. Chiedi al titolare del negozio di crearli o riattivarli.',
              }
        }
      >
        {({ balance, loyalty_mode: mode, rewards }) => (
          <>
            <Balance>
              Saldo della carta: <strong>{formatAmount(balance, mode)}</strong>
            </Balance>
            <List aria-label="Premi">
              {rewards.map((reward) => (
                <RewardItem key={reward.id} reward={reward} mode={mode} balance={balance} onChoose={() => redemption.choose(reward)} />
              ))}
            </List>
            {chosen && (
              <Confirm>
                <p>
                  Riscattare «{chosen.name}» per {formatAmount(chosen.cost, mode)}? Il saldo passerà a {formatAmount(balance - chosen.cost, mode)}.
                </p>
                <div>
                  <Button variant="secondary" onClick={redemption.cancel}>
                    Annulla
                  </Button>
                  <Button ref={confirmRef} onClick={() => void redemption.confirm(mode)} loading={redemption.busy}>
                    Conferma riscatto
                  </Button>
                </div>
              </Confirm>
            )}
            {redemption.stalled && <StalledNotice onRetry={redemption.retry} />}
          </>
        )}
      </QueryState>
      {outcome?.kind === 'success' && (
        <Outcome role="status" ref={outcomeRef} tabIndex={-1}>
          {outcome.message}
        </Outcome>
      )}
      {outcome?.kind === 'error' &&
        (redemption.unsaved ? (
          <UnsavedChangeNotice message={outcome.message} onResend={redemption.resend} busy={redemption.busy} />
        ) : (
          <Outcome role="alert" $error ref={outcomeRef} tabIndex={-1}>
            {outcome.message}
          </Outcome>
        ))}
    </>
  );
}

/**
 * 'Riscatta premio', from a card's row and from the page its QR opens: the rewards the card can
 * redeem today, the affordable ones with a button, the others with what is missing. `onRedeemed` gets the
 * server's new balance, for the page behind to show.
 */
export function RedeemDialog({ card, onClose, onRedeemed }: { card: RedeemTarget | null; onClose: () => void; onRedeemed?: (balance: number) => void }) {
  return (
    <Modal open={card !== null} onClose={onClose} title={card ? `Riscatta premio – ${card.customer_name}` : ''}>
      {card && <CardRewardsList key={card.id} cardId={card.id} onRedeemed={onRedeemed} />}
    </Modal>
  );
}
