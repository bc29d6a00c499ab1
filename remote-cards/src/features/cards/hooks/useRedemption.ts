import { useState } from 'react';
import { errorMessage } from '@loyalty/shared';
import { formatAmount, type LoyaltyMode } from '../../../shared/loyaltyMode';
import { useRedeemRewardMutation, type RedeemableReward } from '../api';

export const REDEEM_ERROR = 'Errore durante il riscatto del premio';

export type RedemptionOutcome = { kind: 'success'; message: string } | { kind: 'error'; message: string };

/** 'Premio riscattato: «Caffè omaggio». Nuovo saldo: 20 punti' — the API's words, the reward and the balance. */
export function redeemedMessage(apiMessage: string, rewardName: string, balance: number, mode: LoyaltyMode): string {
  return `${apiMessage}: «${rewardName}». Nuovo saldo: ${formatAmount(balance, mode)}`;
}

/**
 * Redeeming at the counter: a reward is chosen, then confirmed (a redemption takes the points away at once);
 * the server checks the balance in the same statement that takes them, so its refusal is shown as it says it.
 * What happened is said in the dialog itself (a toast raised under a modal is drawn inside it anyway).
 */
export function useRedemption(cardId: string, onRedeemed?: (balance: number) => void) {
  const [redeem, { isLoading }] = useRedeemRewardMutation();
  const [chosen, setChosen] = useState<RedeemableReward | null>(null);
  const [outcome, setOutcome] = useState<RedemptionOutcome | null>(null);

  function choose(reward: RedeemableReward) {
    setOutcome(null);
    setChosen(reward);
  }

  async function confirm(mode: LoyaltyMode) {
    if (!chosen || isLoading) return;
    try {
      const result = await redeem({ cardId, rewardId: chosen.id }).unwrap();
      setOutcome({ kind: 'success', message: redeemedMessage(result.message, chosen.name, result.points, mode) });
      onRedeemed?.(result.points);
    } catch (error) {
      setOutcome({ kind: 'error', message: errorMessage(error, REDEEM_ERROR) });
    } finally {
      setChosen(null);
    }
  }

  return { chosen, choose, cancel: () => setChosen(null), confirm, busy: isLoading, outcome };
}
