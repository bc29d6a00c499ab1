import fc from 'fast-check';
import { z } from 'zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { compileSerializer } from '../src/serialization';
import { cardDetailSchema, cardPageSchema, cardStatsSchema, ledgerEntrySchema, loyaltyCardSchema, pointsResultSchema, toLoyaltyCardResponse } from '../src/features/cards/schemas';
import { userSchema } from '../src/features/users/schemas';
import { errorSchema } from '../src/schemas/common';

/** What the routes answered before: the zod serializer of fastify-type-provider-zod. */
const zodJson = (schema: z.ZodType, data: unknown) => (serializerCompiler({ schema, method: 'GET', url: '/x' } as never) as (d: unknown) => string)(data);

const timestamp = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString());
const day = fc.date({ min: new Date('1920-01-01T00:00:00Z'), max: new Date('2020-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const text = fc.string({ unit: 'binary', maxLength: 30 });
const points = fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.double({ min: 0, max: 1e6, noNaN: true }).map((n) => Math.round(n * 100) / 100));

const cardRecord = fc.record({
  id: fc.uuid(),
  business_id: text,
  user_id: fc.option(fc.uuid()),
  card_number: text,
  customer_name: text,
  customer_phone: fc.option(text),
  email: fc.option(text),
  birth_date: fc.option(day),
  points,
  created_at: timestamp,
  bonus_due: fc.boolean(),
  last_bonus_at: fc.option(timestamp),
  marketing_channels: fc.subarray(['whatsapp' as const, 'sms' as const, 'email' as const]),
  marketing_consent: fc.boolean(),
});

describe('fast serialisation of the hot routes', () => {
  it('writes a page of cards exactly as the zod serializer did, dropping unknown keys', () => {
    const serialize = compileSerializer(z.union([z.array(loyaltyCardSchema), cardPageSchema]));
    fc.assert(
      fc.property(fc.array(fc.tuple(cardRecord, fc.option(fc.record({ points, first: timestamp }), { nil: undefined })), { maxLength: 5 }), fc.nat(), fc.option(fc.nat()), (cards, total, nextOffset) => {
        const items = cards.map(([c, expiring]) => ({ ...toLoyaltyCardResponse(c, expiring), privacy_ack: true }));
        const page = { items, total, nextOffset };
        expect(serialize(page)).toBe(zodJson(cardPageSchema, page));
        expect(serialize(items)).toBe(zodJson(z.array(loyaltyCardSchema), items));
      }),
    );
  });

  it('writes the other hot answers exactly as the zod serializer did', () => {
    const ledger = fc.record({
      id: fc.nat(),
      card_id: fc.uuid(),
      points,
      kind: fc.constantFrom('credit' as const, 'redemption' as const, 'expiry' as const, 'birthday' as const, 'adjustment' as const),
      reward_id: fc.option(fc.uuid()),
      reward_name: fc.option(text),
      description: text, amount_cents: fc.option(fc.integer({ min: 1, max: 10_000_000 })), author_id: fc.option(fc.uuid()), author_name: fc.option(text), created_at: timestamp });
    const user = fc.record({
      id: fc.uuid(),
      email: text,
      full_name: text,
      role: fc.constantFrom('client' as const, 'admin' as const, 'super_admin' as const),
      phone: fc.option(text),
      created_at: timestamp,
      business_id: fc.option(text),
      password_hash: text,
    });
    const month = fc.record({ month: fc.constantFrom('2026-06', '2026-11'), new_cards: fc.nat(), points, redeemed_rewards: fc.nat() });
    const stats = fc.record({
      total_cards: fc.nat(),
      total_points: points,
      active_cards: fc.nat(),
      average_points: points,
      buckets: fc.record({ zero: fc.nat(), from1to50: fc.nat(), from51to100: fc.nat(), over100: fc.nat() }),
      months: fc.array(month, { minLength: 6, maxLength: 6 }),
      points_outstanding: points,
      expiring_points_30d: points,
      loyalty_mode: fc.constantFrom('points' as const, 'stamps' as const),
    });
    const cases: [z.ZodType, fc.Arbitrary<unknown>][] = [
      [userSchema, user],
      [cardStatsSchema, stats],
      [ledgerEntrySchema, ledger],
      [z.array(ledgerEntrySchema), fc.array(ledger, { maxLength: 4 })],
      [pointsResultSchema, fc.record({ message: text, card_id: fc.uuid(), points, entry: ledger })],
      [cardDetailSchema, cardRecord.chain((c) => fc.record({ business_name: text }).map((b) => ({ ...toLoyaltyCardResponse(c), ...b })))],
      [errorSchema, fc.record({ error: text })],
    ];
    for (const [schema, arbitrary] of cases) {
      const serialize = compileSerializer(schema);
      fc.assert(fc.property(arbitrary, (value) => expect(serialize(value)).toBe(zodJson(schema, value))));
    }
  });
});
