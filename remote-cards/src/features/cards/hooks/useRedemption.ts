import { useRef, useState } from 'react';
import { errorMessage } from '@loyalty/shared';
import { newIdempotencyKey } from '../../../shared/idempotencyKey';
import { formatAmount, type LoyaltyMode } from '../../../shared/loyaltyMode';
import { useRedeemRewardMutation, type RedeemableReward } from '../api';

export const REDEEM_ERROR = 'Errore durante il riscatto del premio. Riprova: lo stesso riscatto non verrà registrato due volte.';

/** `HttpError`-like answer of RTK Query: its status, when it has one ('FETCH_ERROR', 'TIMEOUT_ERROR' are strings). */
const statusOf = (error: unknown) => (typeof error === 'object' && error !== null && 'status' in error ? (error as { status: unknown }).status : undefined);

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
 * again is the same submission and the server redeems it once; a success or a refusal (4xx: nothing written) ends
 * the submission, and another reward is another submission.
 */
export function useRedemption(cardId: string, onRedeemed?: (balance: number) => void) {
  const [redeem, { isLoading }] = useRedeemRewardMutation();
  const [chosen, setChosen] = useState<RedeemableReward | null>(null);
  const [outcome, setOutcome] = useState<RedemptionOutcome | null>(null);
  const pending = useRef<{ rewardId: string; key: string } | null>(null);

  function choose(reward: RedeemableReward) {
    setOutcome(null);
    setChosen(reward);
  }

  async function confirm(mode: LoyaltyMode) {
    if (!chosen || isLoading) return;
    if (pending.current?.rewardId !== chosen.id) pending.current = { rewardId: chosen.id, key: newIdempotencyKey('redeem') };
    try {
      const result = await redeem({ cardId, rewardId: chosen.id, key: pending.current.key }).unwrap();
      pending.current = null;
      setOutcome({ kind: 'success', message: redeemedMessage(result.message, chosen.name, result.points, mode) });
      onRedeemed?.(result.points);
    } catch (error) {
      const status = statusOf(error);
      if (typeof status === 'number' && status < 500) pending.current = null;
      setOutcome({ kind: 'error', message: errorMessage(error, REDEEM_ERROR) });
    } finally {
      setChosen(null);
    }
  }

  return { chosen, choose, cancel: () => setChosen(null), confirm, busy: isLoading, outcome };
}
