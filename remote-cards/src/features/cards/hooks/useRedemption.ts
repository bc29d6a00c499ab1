import { useState } from 'react';
import { errorMessage, useChange } from '@loyalty/shared';
import { formatAmount, type LoyaltyMode } from '../../../shared/loyaltyMode';
import type { RedeemableReward, Redemption } from '../api';
import { useRedeemRewardMutation } from '../dialogApi';

export const REDEEM_ERROR = 'Errore durante il riscatto del premio. Riprova: lo stesso riscatto non verrà registrato due volte.';

export type RedemptionOutcome = { kind: 'success'; message: string } | { kind: 'error'; message: string };

/** 'Premio riscattato: «Caffè omaggio». Nuovo saldo: 20 punti' — the API's words, the reward and the balance. */
export function redeemedMessage(apiMessage: string, rewardName: string, balance: number, mode: LoyaltyMode): string {
  return `${apiMessage}: «${rewardName}». Nuovo saldo: ${formatAmount(balance, mode)}`;
}

/**
 * Redeeming at the counter: a reward is chosen, then confirmed (a redemption takes the points away at once);
 * the server checks the balance in the same statement that takes them, so its refusal is shown as it says it.
 * What happened is said in the dialog itself (a toast raised under a modal is drawn inside it anyway).
 *
 * Each submission carries its own idempotency key (decision 083). When its answer is lost (no answer, a timeout,
 * a 5xx from a proxy: the server may have redeemed) the key is kept for that reward, so confirming the same reward
 * again, or «Invia di nuovo», is the same submission and the server redeems it once; a success or a refusal (4xx:
 * nothing written) ends the submission, and another reward is another submission (shared's useChange).
 */
export function useRedemption(cardId: string, onRedeemed?: (balance: number) => void) {
  const [redeem] = useRedeemRewardMutation();
  const change = useChange<Redemption>('redeem');
  const [chosen, setChosen] = useState<RedeemableReward | null>(null);
  const [outcome, setOutcome] = useState<RedemptionOutcome | null>(null);

  function choose(reward: RedeemableReward) {
    setOutcome(null);
    setChosen(reward);
  }

  async function confirm(mode: LoyaltyMode) {
    if (!chosen || change.busy) return;
    const reward = chosen;
    await change.submit(reward.id, (key) => redeem({ cardId, rewardId: reward.id, key }).unwrap(), (result) => {
      if (result.ok) {
        setOutcome({ kind: 'success', message: redeemedMessage(result.result.message, reward.name, result.result.points, mode) });
        onRedeemed?.(result.result.points);
      } else setOutcome({ kind: 'error', message: errorMessage(result.error, REDEEM_ERROR) });
    });
    setChosen(null);
  }

  return {
    chosen,
    choose,
    cancel: () => setChosen(null),
    confirm,
    busy: change.busy,
    outcome,
    /** The lost answer's redemption, sent again with its key («Invia di nuovo»). */
    unsaved: change.unsaved,
    resend: () => void change.resend(),
    stalled: change.stalled,
    retry: change.retry,
  };
}
