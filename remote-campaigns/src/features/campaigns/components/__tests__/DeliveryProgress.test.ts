import type { CampaignDeliveries } from '../../api';
import { DELIVERY_POLL_MS, HELD_POLL_MS, RECEIPT_POLL_MS, deliveryPollingInterval } from '../DeliveryProgress';

const figures = (over: Partial<CampaignDeliveries>): CampaignDeliveries => ({
  campaignId: 'c1', total: 3, queued: 0, sent: 0, delivered: 0, failed: 0, skipped: 0, awaitingReceipts: 0, failureReasons: [], heldUntil: null, ...over,
});

describe('deliveryPollingInterval', () => {
  const now = Date.parse('2030-01-15T20:00:00Z'); // 21:00 Rome

  it('asks every second while messages go out, every five while only receipts are awaited, never once nothing moves', () => {
    expect(deliveryPollingInterval(undefined, now)).toBe(0);
    expect(deliveryPollingInterval(figures({ queued: 2 }), now)).toBe(DELIVERY_POLL_MS);
    // An API older than decision 100 says nothing of a hold.
    const older = figures({ queued: 2 });
    delete older.heldUntil;
    expect(deliveryPollingInterval(older, now)).toBe(DELIVERY_POLL_MS);
    expect(deliveryPollingInterval(figures({ sent: 3, awaitingReceipts: 1 }), now)).toBe(RECEIPT_POLL_MS);
    expect(deliveryPollingInterval(figures({ sent: 3 }), now)).toBe(0);
  });

  it('asks once a minute while the sending window holds the queue for more than a minute, every second in its last minute (decision 100)', () => {
    expect(HELD_POLL_MS).toBe(60_000);
    const held = figures({ queued: 2, heldUntil: '2030-01-16T08:00:00.000Z' });
    expect(deliveryPollingInterval(held, now)).toBe(HELD_POLL_MS);
    expect(deliveryPollingInterval(held, Date.parse('2030-01-16T07:58:59Z'))).toBe(HELD_POLL_MS);
    expect(deliveryPollingInterval(held, Date.parse('2030-01-16T07:59:30Z'))).toBe(DELIVERY_POLL_MS);
    // Past the window's start (the answer not refreshed yet): every second.
    expect(deliveryPollingInterval(held, Date.parse('2030-01-16T08:00:05Z'))).toBe(DELIVERY_POLL_MS);
    // Nothing queued any more: the hold no longer matters.
    expect(deliveryPollingInterval({ ...held, queued: 0, sent: 2 }, now)).toBe(0);
  });
});
