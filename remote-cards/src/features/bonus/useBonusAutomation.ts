/**
 * SPEC §4 "Bonus automation": every card at or above the threshold whose whole thresholds reached
 * exceed `bonusTriggered[cardId]` gets the WhatsApp bonus message, then the new count is stored.
 *
 * Never twice (docs/decisions/010-cards-bonus-automation.md): runs are serialised across the tabs of
 * this browser with a Web Lock and re-read the stored counts once they hold it; each send carries an
 * Idempotency-Key naming the threshold and the count, so a send repeated after a reload (or from
 * another browser) is dropped by the server.
 */
import { useEffect, useRef } from 'react';
import { MESSAGES, errorMessage, useAppDispatch, useNotify, type Business, type CardPage } from '@loyalty/shared';
import { cardsApi } from '../cards/api';
import { bonusIdempotencyKey, dueBonuses } from './bonusCounts';
import { readBonusTriggered, recordBonusTriggered } from './bonusStorage';

/** The largest page the API serves. */
const CANDIDATE_PAGE = 500;

type AppDispatch = ReturnType<typeof useAppDispatch>;

/** Runs `task` holding the named Web Lock (one tab at a time), or directly where Web Locks are missing. */
export function withBrowserLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks?.request ? (locks.request(name, task) as Promise<T>) : task();
}

/** Runs of this tab, one after the other (a list refresh may arrive while a run is sending). */
let tabQueue: Promise<unknown> = Promise.resolve();

async function candidateCards(dispatch: AppDispatch, businessId: string, threshold: number) {
  const cards: { id: string; points: number }[] = [];
  let offset: number | null = 0;
  while (offset !== null) {
    const request = dispatch(
      cardsApi.endpoints.getCardsPage.initiate(
        { businessId, offset, limit: CANDIDATE_PAGE, minPoints: threshold },
        { subscribe: false, forceRefetch: true },
      ),
    );
    const page: CardPage = await request.unwrap();
    cards.push(...page.items.map(({ id, points }) => ({ id, points })));
    offset = page.nextOffset;
  }
  return cards;
}

export interface BonusRunResult {
  sent: number;
  /** Cards due but not sent because the business has WhatsApp off. */
  skipped: number;
}

export async function runBonusAutomation(
  dispatch: AppDispatch,
  business: Pick<Business, 'id' | 'whatsapp_enabled'>,
  threshold: number,
): Promise<BonusRunResult> {
  const due = dueBonuses(await candidateCards(dispatch, business.id, threshold), threshold, readBonusTriggered());
  if (due.length === 0) return { sent: 0, skipped: 0 };
  if (business.whatsapp_enabled !== 1) return { sent: 0, skipped: due.length };

  return withBrowserLock(`loyalty-bonus:${business.id}`, async () => {
    let sent = 0;
    for (const { cardId, count } of due) {
      // Another tab may have sent it while this one waited for the lock.
      if ((readBonusTriggered()[cardId] ?? 0) >= count) continue;
      await dispatch(
        cardsApi.endpoints.sendCardWhatsapp.initiate({ cardId, message: '', idempotencyKey: bonusIdempotencyKey(threshold, count) }),
      ).unwrap();
      recordBonusTriggered(cardId, count);
      sent++;
    }
    return { sent, skipped: 0 };
  });
}

/**
 * Runs the automation for the current business when it is opened, when the threshold settles and
 * whenever the card list is reloaded (`listVersion`, e.g. after points were added).
 */
export function useBonusAutomation(business: Business | null, threshold: number | null, listVersion: number | undefined) {
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const warned = useRef(new Set<string>());
  const businessId = business?.id;
  const whatsappEnabled = business?.whatsapp_enabled;

  useEffect(() => {
    if (!businessId || threshold === null || whatsappEnabled === undefined || listVersion === undefined) return;
    const target = { id: businessId, whatsapp_enabled: whatsappEnabled };
    tabQueue = tabQueue
      .then(() => runBonusAutomation(dispatch, target, threshold))
      .then(({ sent, skipped }) => {
        if (sent > 0) notify.success(MESSAGES.whatsappSent);
        const warning = `${businessId}:${threshold}`;
        if (skipped > 0 && !warned.current.has(warning)) {
          warned.current.add(warning);
          notify.error(MESSAGES.whatsappNotEnabled);
        }
      })
      .catch((error: unknown) => notify.error(errorMessage(error, MESSAGES.whatsappError)));
  }, [dispatch, notify, businessId, whatsappEnabled, threshold, listVersion]);
}
