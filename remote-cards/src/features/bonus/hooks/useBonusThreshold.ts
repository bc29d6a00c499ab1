/**
 * The bonus threshold of the business, kept on the server (docs/decisions/021-bonus-on-the-server.md).
 * Saving never sends silently: the server first says how many bonus WhatsApp messages the new threshold
 * would send; with any, the person confirms that number, and the server refuses (409) a save whose number
 * changed meanwhile — then the new number is asked for.
 */
import { useRef, useState, type FormEvent } from 'react';
import { DEFAULT_BONUS_THRESHOLD, MESSAGES, errorMessage, statusOf, useNotify, type Business } from '@loyalty/shared';
import { useLazyGetBonusPreviewQuery, useSaveBonusThresholdMutation } from '../api';
import { FORM_RULES_UNAVAILABLE, onDemand, useOnDemand } from '../../../shared/onDemand';
import { savedMessage } from '../model/bonusMessages';

/** The threshold's rule (shared's form rules, with zod), loaded when the form is first shown (decision 107). */
const thresholdRules = onDemand(() => import('../model/bonusThreshold'));

export interface PendingThreshold {
  threshold: number;
  /** The messages the server said this threshold sends now. */
  messages: number;
}

const isConflict = (error: unknown) => statusOf(error) === 409;

/** Mount it again (a `key`) for another business or another saved threshold: the input starts from it. */
export function useBonusThreshold(business: Pick<Business, 'id' | 'bonus_threshold'>) {
  const notify = useNotify();
  const saved = business.bonus_threshold ?? DEFAULT_BONUS_THRESHOLD;
  // Checked as it is typed: the field says at once when the text is not a threshold. One field, its value in state
  // and the shared rule (decision 101: the cards screen loads no form library, as the counter page, decision 097).
  const [text, setText] = useState(String(saved));
  const input = useRef<HTMLInputElement>(null);
  // Until the rule is in (a moment after the form is first shown) nothing is judged as typed: no message, and
  // «Salva soglia» is on for any text other than the saved value; a save waits for the rule, and a rule that cannot
  // load says so in the field (FORM_RULES_UNAVAILABLE) instead of leaving the button off without a word.
  const rules = useOnDemand(thresholdRules, true);
  const checked = rules?.thresholdFormSchema.safeParse({ threshold: text });
  const [rulesFailed, setRulesFailed] = useState(false);
  const [pending, setPending] = useState<PendingThreshold | null>(null);
  const [getPreview, preview] = useLazyGetBonusPreviewQuery();
  const [save, saving] = useSaveBonusThresholdMutation();
  const typed = rules ? rules.parseThreshold(text) : null;
  const changed = rules ? typed !== null && typed !== saved : text.trim() !== String(saved);

  /** Saves when nothing would be sent, else asks. Returns when the question is up or the save is done. */
  async function saveOrAsk(threshold: number) {
    const { messages } = await getPreview({ businessId: business.id, threshold }).unwrap();
    if (messages > 0) {
      setPending({ threshold, messages });
      return;
    }
    const result = await save({ businessId: business.id, threshold }).unwrap();
    setPending(null);
    notify.success(savedMessage(result));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    let rule = rules;
    if (!rule) {
      try {
        rule = await thresholdRules.load();
        setRulesFailed(false);
      } catch {
        setRulesFailed(true);
        input.current?.focus();
        return;
      }
    }
    const judged = rule.thresholdFormSchema.safeParse({ threshold: text });
    if (!judged.success) {
      input.current?.focus();
      return;
    }
    const { threshold } = judged.data;
    if (threshold === saved) return;
    try {
      await saveOrAsk(threshold);
    } catch (error) {
      notify.error(errorMessage(error, MESSAGES.settingsSaveError));
    }
  }

  async function confirm() {
    if (!pending) return;
    try {
      const result = await save({ businessId: business.id, threshold: pending.threshold, confirmMessages: pending.messages }).unwrap();
      setPending(null);
      notify.success(savedMessage(result));
    } catch (error) {
      if (!isConflict(error)) {
        setPending(null);
        notify.error(errorMessage(error, MESSAGES.settingsSaveError));
        return;
      }
      // Cards changed since the question: ask again with the server's new number.
      try {
        await saveOrAsk(pending.threshold);
      } catch (again) {
        setPending(null);
        notify.error(errorMessage(again, MESSAGES.settingsSaveError));
      }
    }
  }

  function cancel() {
    setPending(null);
    setText(String(saved));
  }

  return {
    /** The threshold field, its message while the text is not a valid threshold. */
    field: { name: 'threshold', value: text, ref: input, onChange: (event: { target: { value: string } }) => setText(event.target.value) },
    error: checked && !checked.success ? checked.error.issues[0]?.message : rulesFailed && !rules ? FORM_RULES_UNAVAILABLE : undefined,
    saved,
    changed,
    busy: preview.isFetching || saving.isLoading,
    pending,
    submit,
    confirm,
    cancel,
  };
}
