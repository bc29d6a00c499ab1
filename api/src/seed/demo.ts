/**
 * Demo data for a first run: three accounts (super admin, owner, Bar Centrale's cashier), two shops, ~40 cards with a points history and three
 * campaigns. Deterministic (fixed pseudo-random seed) apart from dates, which are relative to `now`
 * so the "last 6 months" charts always have data. Bar Centrale earns «1 punto ogni 1 €» with «Doppi punti il
 * martedì», and its customers' points come from sales at the counter (amount, rule, promotion, operator), so the
 * overview's sales report has figures; Profumeria Bella keeps manual points (SPEC's 50 on the QR page).
 *
 * This module imports only text constants at run time, so scripts can read `DEMO_ACCOUNTS` cheaply.
 */
import { CONSENT_WORDING } from '../consent-wording';
import { EARNING_MESSAGES } from '../messages';
import type { Db, Transaction } from '../db';
import type { Channel } from '../features/messaging/types';

export const DEMO_ACCOUNTS = [
  { role: 'super_admin', email: 'superadmin@demo.it', password: 'SuperAdmin2026!', full_name: 'Super Admin Demo' },
  { role: 'admin', email: 'admin@demo.it', password: 'Admin2026!', full_name: 'Marco Bianchi' },
  // Bar Centrale's cashier: the staff screens (cards, QR points, sales at the counter, rewards given) without an
  // invitation, which needs the e-mail channel a super admin turns on.
  { role: 'staff', email: 'cassa@demo.it', password: 'Cassa2026!', full_name: 'Anna Verdi' },
] as const;

/** True when `email` (normalised) and `password` are a demo account's published login. */
export const isPublishedDemoLogin = (email: string, password: string) => DEMO_ACCOUNTS.some((a) => a.email === email && a.password === password);

export const DEMO_BUSINESSES = [
  {
    id: 'default-business-id',
    name: 'Bar Centrale',
    address: 'Piazza Garibaldi 12, 20121 Milano',
    phone: '+390287654321',
    email: 'info@barcentrale.example.it',
    website: 'https://barcentrale.example.it',
    flags: { whatsapp: 1, sms: 1, email: 0 },
    cardCount: 24,
  },
  {
    id: 'demo-profumeria-bella',
    name: 'Profumeria Bella',
    address: 'Via Roma 45, 10121 Torino',
    phone: '+390112345678',
    email: 'ciao@profumeriabella.example.it',
    website: 'https://profumeriabella.example.it',
    flags: { whatsapp: 1, sms: 1, email: 1 },
    cardCount: 16,
  },
] as const;

/** The business the demo staff account works at: Bar Centrale only (an invited colleague is at the shops named). */
export const DEMO_STAFF_BUSINESS = DEMO_BUSINESSES[0].id;

/** Bar Centrale's earning rule (decision 075): «1 punto ogni 1 €», rounded down, no minimum spend. */
export const DEMO_PROGRAM = { earning_rule: 'per_euro', earn_points: 1, earn_every_cents: 100, earn_rounding: 'down', min_spend_cents: null } as const;
/** Its promotion, on since the shop opened: double points on Tuesdays (Italian days). */
export const DEMO_PROMOTION = { id: 'demo-promotion-tuesday', name: 'Doppi punti il martedì', multiplier: 2, weekday: 2 } as const;

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

// Points of each demo card, in cents, covering every overview bucket (0, 1-50, 51-100, 101+, and one ≥ 1000).
const POINTS_CENTS = [
  [0, 0, 0, 500, 1200, 2550, 3800, 5000, 5500, 6400, 7200, 8850, 10000, 12000, 15000, 18000, 24000, 31000, 45000, 62000, 125000, 0, 4000, 9000],
  [0, 0, 1000, 3000, 4500, 6000, 7500, 9900, 11000, 13500, 16000, 22000, 27500, 38000, 52000, 800],
];

const FIRST_NAMES = [
  'Giulia', 'Luca', 'Francesca', 'Alessandro', 'Chiara', 'Matteo', 'Sara', 'Lorenzo', 'Martina', 'Andrea',
  'Valentina', 'Davide', 'Federica', 'Simone', 'Elena', 'Nicolò', 'Alessia', 'Gabriele', 'Giorgia', 'Riccardo',
];
const LAST_NAMES = [
  'Rossi', 'Russo', 'Ferrari', 'Esposito', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno',
  'Gallo', 'Conti', 'De Luca', 'Mancini', 'Costa', 'Giordano', 'Rizzo', 'Lombardi', 'Moretti', 'Barbieri',
];

/** mulberry32: a tiny seeded generator, so every demo database looks the same. */
function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const asciiSlug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '');

interface DemoCard {
  id: string;
  businessId: string;
  cardNumber: string;
  name: string;
  phone: string;
  email: string;
  birthDate: string | null;
  pointsCents: number;
  /** The channels the customer agreed to offers on (decision 025); [] for none. */
  marketingChannels: Channel[];
  createdAt: Date;
}

/**
 * The channel sets of the customers who agreed to offers, in turn: WhatsApp the most common, some SMS or
 * e-mail only (a realistic mix for the per-channel consent of decision 025).
 */
const CONSENT_MIXES: Channel[][] = [
  ['whatsapp', 'sms', 'email'],
  ['whatsapp'],
  ['whatsapp', 'email'],
  ['email'],
  ['whatsapp', 'sms'],
  ['sms'],
];

interface LedgerRow {
  cardId: string;
  cents: number;
  description: string;
  createdAt: Date;
  /** A sale at the counter: what the sale route writes besides points and description. */
  sale?: { amountCents: number; earning: object; key: string; balanceAfterCents?: number };
}

function buildCards(now: Date): DemoCard[] {
  const random = seededRandom(2026);
  const cards: DemoCard[] = [];
  let person = 0;
  DEMO_BUSINESSES.forEach((business, b) => {
    POINTS_CENTS[b].slice(0, business.cardCount).forEach((pointsCents, i) => {
      const first = FIRST_NAMES[person % FIRST_NAMES.length];
      // Shifted every round through the first names, so no two customers share a full name.
      const last = LAST_NAMES[(person * 7 + 3 + Math.floor(person / FIRST_NAMES.length)) % LAST_NAMES.length];
      person += 1;
      const daysAgo = 1 + random() * 178;
      const birthYear = 1955 + Math.floor(random() * 50);
      const birthDate = random() < 0.8 ? `${birthYear}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}` : null;
      cards.push({
        id: `demo-card-${b + 1}-${String(i + 1).padStart(2, '0')}`,
        businessId: business.id,
        cardNumber: `LC-${String(10_000_000 + Math.floor(random() * 89_999_999)).padStart(8, '0')}`,
        name: `${first} ${last}`,
        phone: `+393${String(20 + Math.floor(random() * 79))}${String(Math.floor(random() * 10_000_000)).padStart(7, '0')}`,
        email: `${asciiSlug(first)}.${asciiSlug(last)}${person}@example.it`,
        birthDate,
        pointsCents,
        // One draw as before (the rest of the demo stays the same); the channels follow from the card's place.
        marketingChannels: random() < 0.6 ? CONSENT_MIXES[person % CONSENT_MIXES.length] : [],
        createdAt: new Date(now.getTime() - daysAgo * DAY_MS),
      });
    });
  });
  return cards;
}

/** A plausible history whose rows add up exactly to the card's balance. */
function buildLedger(cards: DemoCard[], now: Date): LedgerRow[] {
  const random = seededRandom(7);
  const sales = saleHistory(now);
  const rows: LedgerRow[] = [];
  for (const card of cards) {
    if (card.businessId === DEMO_BUSINESSES[0].id) {
      rows.push(...sales(card));
      continue;
    }
    const span = now.getTime() - card.createdAt.getTime();
    const at = (fraction: number) => new Date(card.createdAt.getTime() + span * fraction);
    const welcome = Math.min(1000, card.pointsCents);
    if (card.pointsCents === 0) {
      rows.push({ cardId: card.id, cents: 1000, description: 'Punti di benvenuto', createdAt: at(0) });
      rows.push({ cardId: card.id, cents: -1000, description: 'Premio riscattato', createdAt: at(0.6) });
      continue;
    }
    rows.push({ cardId: card.id, cents: welcome, description: 'Punti di benvenuto', createdAt: at(0) });
    let remaining = card.pointsCents - welcome;
    const purchases = remaining === 0 ? 0 : remaining < 1000 ? 1 : 1 + Math.floor(random() * 3);
    for (let p = 1; p <= purchases; p += 1) {
      const cents = p === purchases ? remaining : Math.round((remaining * (0.3 + random() * 0.4)) / 100) * 100;
      remaining -= cents;
      rows.push({ cardId: card.id, cents, description: 'Acquisto in negozio', createdAt: at(p / (purchases + 1)) });
    }
  }
  return rows;
}

/**
 * Bar Centrale's history (decision 075, the sale path's rows): the welcome points, what is not whole points of the
 * balance as one manual purchase, then sales of the whole points from the card's first day to a quarter of an hour
 * ago, at the bar's hours (07:00-20:00 in Rome), about one a fortnight to one every other day, each with its amount
 * in euros and cents, the rule and, on Tuesdays, the promotion that doubled it. The rows add up to the balance and
 * each sale keeps the balance it left, as the route does.
 */
function saleHistory(now: Date): (card: DemoCard) => LedgerRow[] {
  const random = seededRandom(36);
  // Made here, not at import: scripts that only read DEMO_ACCOUNTS pay nothing for it.
  const romeParts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const rome = (at: Date) => {
    const parts = Object.fromEntries(romeParts.formatToParts(at).map((p) => [p.type, p.value]));
    return { tuesday: parts.weekday === 'Tue', minutes: Number(parts.hour) * 60 + Number(parts.minute) };
  };
  const rule = { kind: DEMO_PROGRAM.earning_rule, earn_points: DEMO_PROGRAM.earn_points, earn_every_cents: DEMO_PROGRAM.earn_every_cents, earn_rounding: DEMO_PROGRAM.earn_rounding, min_spend_cents: DEMO_PROGRAM.min_spend_cents };
  const promotion = { id: DEMO_PROMOTION.id, name: DEMO_PROMOTION.name };
  const latest = now.getTime() - 15 * MINUTE_MS;
  return (card) => {
    const start = card.createdAt.getTime();
    const welcome = Math.min(1000, card.pointsCents);
    const rows: LedgerRow[] = [{ cardId: card.id, cents: card.pointsCents === 0 ? 1000 : welcome, description: 'Punti di benvenuto', createdAt: card.createdAt }];
    if (card.pointsCents === 0) {
      rows.push({ cardId: card.id, cents: -1000, description: 'Premio riscattato', createdAt: new Date(start + (now.getTime() - start) * 0.6) });
      return rows;
    }
    const points = Math.floor((card.pointsCents - welcome) / 100);
    let manualCents = card.pointsCents - welcome - points * 100;
    // The instants of the visits, spread over the card's life, each moved to the bar's hours on its Italian day.
    const first = start + 10 * MINUTE_MS;
    const days = Math.max(0, (latest - first) / DAY_MS);
    const count = points === 0 || latest <= first ? 0 : Math.max(1, Math.min(Math.round(points / 12), Math.floor(days * 0.5) + 1));
    const visits: { at: number; tuesday: boolean; base: number }[] = [];
    for (let i = 0; i < count; i += 1) {
      let at = first + ((latest - first) * (i + 0.2 + 0.6 * random())) / count;
      const opening = 7 * 60 + Math.floor(random() * 13 * 60);
      const moved = at + (opening - rome(new Date(at)).minutes) * MINUTE_MS;
      if (moved >= first && moved <= latest) at = moved;
      visits.push({ at, tuesday: rome(new Date(at)).tuesday, base: 0 });
    }
    visits.sort((a, b) => a.at - b.at);
    // Whole points per visit (a Tuesday's are doubled, so even), about equal shares, adding up to `points`.
    const weights = visits.map(() => 0.5 + random());
    const total = weights.reduce((sum, w) => sum + w, 0);
    visits.forEach((v, i) => (v.base = Math.max(1, Math.round((points * weights[i]) / total / (v.tuesday ? 2 : 1)))));
    const earned = () => visits.reduce((sum, v) => sum + v.base * (v.tuesday ? 2 : 1), 0);
    while (earned() > points) {
      const largest = visits.reduce((best, v) => (v.base > best.base ? v : best), visits[0]);
      if (largest.base > 1) largest.base -= 1;
      else visits.pop();
    }
    const missing = points - earned();
    const plain = visits.find((v) => !v.tuesday);
    if (plain) plain.base += missing;
    else if (visits.length > 0) {
      visits[0].base += Math.floor(missing / 2);
      manualCents += (missing % 2) * 100;
    } else manualCents += missing * 100;
    if (manualCents > 0) rows.push({ cardId: card.id, cents: manualCents, description: 'Acquisto in negozio', createdAt: new Date(start + MINUTE_MS) });
    let balance = rows.reduce((sum, r) => sum + r.cents, 0);
    visits.forEach((v, i) => {
      const multiplier = v.tuesday ? 2 : 1;
      const earnedPoints = v.base * multiplier;
      // Rounded down, any cents under the next euro earn nothing more.
      const amountCents = v.base * DEMO_PROGRAM.earn_every_cents + Math.floor(random() * 100);
      const promotions = v.tuesday ? [promotion] : [];
      balance += earnedPoints * 100;
      rows.push({
        cardId: card.id,
        cents: earnedPoints * 100,
        description: EARNING_MESSAGES.saleDescription(amountCents, promotions.map((p) => p.name)),
        createdAt: new Date(v.at),
        sale: {
          amountCents,
          earning: { rule, base_points: v.base, points: earnedPoints, multiplier, bonus_points: 0, promotions, below_minimum: false },
          key: `demo-sale-${card.id}-${i + 1}`,
          balanceAfterCents: balance,
        },
      });
    });
    return rows;
  };
}

const iso = (d: Date) => d.toISOString();
const toPoints = (cents: number) => cents / 100;

async function insertAccounts(tx: Transaction, hashes: string[], now: Date): Promise<Map<string, string>> {
  await tx.query(
    `INSERT INTO users (email, full_name, role, password_hash, created_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[])
     ON CONFLICT (email) DO NOTHING`,
    [
      DEMO_ACCOUNTS.map((a) => a.email),
      DEMO_ACCOUNTS.map((a) => a.full_name),
      DEMO_ACCOUNTS.map((a) => a.role),
      hashes,
      DEMO_ACCOUNTS.map((_, i) => iso(new Date(now.getTime() - (200 - i) * DAY_MS))),
    ],
  );
  const { rows } = await tx.query<{ id: string; email: string }>('SELECT id, email FROM users WHERE email = ANY($1::text[])', [DEMO_ACCOUNTS.map((a) => a.email)]);
  return new Map(rows.map((r) => [r.email, r.id]));
}

/**
 * Inserts the demo data in one transaction, with one statement per table (unnest arrays: fast on PGlite).
 * Does nothing and returns false when the demo business already exists.
 */
export async function seedDemoData(db: Db, hashPassword: (password: string) => Promise<string>, now: Date = new Date()): Promise<boolean> {
  const existing = await db.query('SELECT 1 FROM businesses WHERE id = $1', [DEMO_BUSINESSES[0].id]);
  if (existing.rows.length > 0) return false;

  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  const cards = buildCards(now);
  const ledger = buildLedger(cards, now);

  await db.transaction(async (tx) => {
    const accountIds = await insertAccounts(tx, hashes, now);
    const adminId = accountIds.get('admin@demo.it')!;

    await tx.query(
      `INSERT INTO businesses (id, name, address, phone, email, website, whatsapp_enabled, sms_enabled, email_enabled, owner_id, created_at)
       SELECT id, name, address, phone, email, website, whatsapp_enabled, sms_enabled, email_enabled, $10::text, created_at
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::smallint[], $8::smallint[], $9::smallint[], $11::timestamptz[])
           AS t(id, name, address, phone, email, website, whatsapp_enabled, sms_enabled, email_enabled, created_at)`,
      [
        DEMO_BUSINESSES.map((b) => b.id),
        DEMO_BUSINESSES.map((b) => b.name),
        DEMO_BUSINESSES.map((b) => b.address),
        DEMO_BUSINESSES.map((b) => b.phone),
        DEMO_BUSINESSES.map((b) => b.email),
        DEMO_BUSINESSES.map((b) => b.website),
        DEMO_BUSINESSES.map((b) => b.flags.whatsapp),
        DEMO_BUSINESSES.map((b) => b.flags.sms),
        DEMO_BUSINESSES.map((b) => b.flags.email),
        adminId,
        DEMO_BUSINESSES.map((_, i) => iso(new Date(now.getTime() - (190 - i) * DAY_MS))),
      ],
    );
    await tx.query('UPDATE users SET business_id = $1 WHERE id = $2 AND business_id IS NULL', [DEMO_BUSINESSES[0].id, adminId]);
    // The cashier, a member of Bar Centrale as an accepted invitation makes one (features/team).
    const staffId = accountIds.get(DEMO_ACCOUNTS.find((a) => a.role === 'staff')!.email)!;
    await tx.query('UPDATE users SET business_id = $1 WHERE id = $2 AND business_id IS NULL', [DEMO_STAFF_BUSINESS, staffId]);
    await tx.query(`INSERT INTO business_members (business_id, user_id, role) VALUES ($1, $2, 'staff') ON CONFLICT DO NOTHING`, [DEMO_STAFF_BUSINESS, staffId]);

    // Every card holder is a client account, as the public signup creates them.
    const { rows: clients } = await tx.query<{ id: string; email: string }>(
      `INSERT INTO users (email, full_name, role, phone, business_id, created_at)
       SELECT email, full_name, 'client', phone, business_id, created_at
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[]) AS t(email, full_name, phone, business_id, created_at)
       RETURNING id, email`,
      [cards.map((c) => c.email), cards.map((c) => c.name), cards.map((c) => c.phone), cards.map((c) => c.businessId), cards.map((c) => iso(c.createdAt))],
    );
    const clientIds = new Map(clients.map((c) => [c.email, c.id]));

    await tx.query(
      `INSERT INTO loyalty_cards (id, business_id, user_id, card_number, customer_name, customer_phone, email, birth_date, points, privacy_ack, marketing_channels, created_at)
       SELECT id, business_id, user_id, card_number, customer_name, customer_phone, email, birth_date, points, true, string_to_array(marketing_channels, ','), created_at
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::date[], $9::numeric[], $10::text[], $11::timestamptz[])
           AS t(id, business_id, user_id, card_number, customer_name, customer_phone, email, birth_date, points, marketing_channels, created_at)`,
      [
        cards.map((c) => c.id),
        cards.map((c) => c.businessId),
        cards.map((c) => clientIds.get(c.email)!),
        cards.map((c) => c.cardNumber),
        cards.map((c) => c.name),
        cards.map((c) => c.phone),
        cards.map((c) => c.email),
        cards.map((c) => c.birthDate),
        cards.map((c) => toPoints(c.pointsCents)),
        // 'whatsapp,sms' per card ('' for none): unnest cannot take an array per row.
        cards.map((c) => c.marketingChannels.join(',')),
        cards.map((c) => iso(c.createdAt)),
      ],
    );

    // Their consents as the signup form records them (decision 047): the privacy notice and each channel, at the card's creation.
    await tx.query(
      `INSERT INTO consent_events (card_id, business_id, purpose, channel, granted, wording_version, source, occurred_at)
       SELECT c.id, c.business_id, k.purpose, k.channel, true, CASE WHEN k.channel IS NULL THEN $2 ELSE $3 END, 'signup', c.created_at
         FROM loyalty_cards c
        CROSS JOIN LATERAL (SELECT 'service' AS purpose, NULL::text AS channel, 0::bigint AS ord
                            UNION ALL SELECT 'marketing', m.channel, m.ord FROM unnest(c.marketing_channels) WITH ORDINALITY AS m(channel, ord)) k
        WHERE c.id = ANY($1::text[])
        ORDER BY c.created_at, c.id, k.ord`,
      [cards.map((c) => c.id), CONSENT_WORDING.servicePrivacy, CONSENT_WORDING.marketing],
    );

    // Bar Centrale's program and promotion, in place before its first sale (the promotion from the shop's opening).
    await tx.query(
      `WITH program AS (
         UPDATE businesses SET earning_rule = $2, earn_points = $3, earn_every_cents = $4, earn_rounding = $5 WHERE id = $1
       )
       INSERT INTO promotions (id, business_id, name, multiplier, weekdays, created_at)
       SELECT $6, $1, $7, $8, ARRAY[$9]::smallint[], created_at FROM businesses WHERE id = $1`,
      [
        DEMO_BUSINESSES[0].id,
        DEMO_PROGRAM.earning_rule,
        DEMO_PROGRAM.earn_points,
        DEMO_PROGRAM.earn_every_cents,
        DEMO_PROGRAM.earn_rounding,
        DEMO_PROMOTION.id,
        DEMO_PROMOTION.name,
        DEMO_PROMOTION.multiplier,
        DEMO_PROMOTION.weekday,
      ],
    );

    // The sales as the counter's route writes them: amount, rule and promotions, balance after, key, operator.
    await tx.query(
      `INSERT INTO points_ledger (card_id, points, description, author_id, created_at, amount_cents, earning, balance_after, idempotency_key)
       SELECT card_id, points, description, $4::text, created_at, amount_cents, earning, balance_after, idempotency_key
         FROM unnest($1::text[], $2::numeric[], $3::text[], $5::timestamptz[], $6::integer[], $7::jsonb[], $8::numeric[], $9::text[])
           AS t(card_id, points, description, created_at, amount_cents, earning, balance_after, idempotency_key)
        ORDER BY created_at`,
      [
        ledger.map((l) => l.cardId),
        ledger.map((l) => toPoints(l.cents)),
        ledger.map((l) => l.description),
        adminId,
        ledger.map((l) => iso(l.createdAt)),
        ledger.map((l) => l.sale?.amountCents ?? null),
        ledger.map((l) => (l.sale ? JSON.stringify(l.sale.earning) : null)),
        ledger.map((l) => (l.sale?.balanceAfterCents === undefined ? null : toPoints(l.sale.balanceAfterCents))),
        ledger.map((l) => l.sale?.key ?? null),
      ],
    );
    // Each card's visit days (first, the next day after it, latest), which a sale's card update keeps (decision 079).
    await tx.query(
      `WITH days AS (
         SELECT DISTINCT l.card_id, (l.created_at AT TIME ZONE 'Europe/Rome')::date AS day
           FROM points_ledger l WHERE l.card_id = ANY($1::text[]) AND l.earning IS NOT NULL
       ), ranked AS (
         SELECT card_id, day, row_number() OVER (PARTITION BY card_id ORDER BY day) AS n FROM days
       ), visits AS (
         SELECT card_id, min(day) AS first_day, min(day) FILTER (WHERE n = 2) AS return_day, max(day) AS last_day FROM ranked GROUP BY card_id
       )
       UPDATE loyalty_cards c SET first_visit_on = v.first_day, return_visit_on = v.return_day, last_visit_on = v.last_day
         FROM visits v WHERE v.card_id = c.id`,
      [cards.map((c) => c.id)],
    );

    const campaigns = buildCampaigns(cards, now);
    await tx.query(
      `INSERT INTO campaigns (business_id, name, description, status, targets, recipients, channels, created_by, created_at)
       SELECT business_id, name, description, status, targets, recipients, channels, $8::text, created_at
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::jsonb[], $6::jsonb[], $7::jsonb[], $9::timestamptz[])
           AS t(business_id, name, description, status, targets, recipients, channels, created_at)`,
      [
        campaigns.map((c) => c.businessId),
        campaigns.map((c) => c.name),
        campaigns.map((c) => c.description),
        campaigns.map((c) => c.status),
        campaigns.map((c) => JSON.stringify(c.targets.map((t) => t.id))),
        campaigns.map((c) => JSON.stringify(c.targets.map((t) => ({ customer_name: t.name, customer_phone: t.phone, email: t.email })))),
        campaigns.map((c) => JSON.stringify(c.channels)),
        adminId,
        campaigns.map((c) => iso(c.createdAt)),
      ],
    );

    await tx.query(
      `INSERT INTO messaging_settings (business_id, driver, phone_number, email_sender) VALUES ($1, 'outbox', $2, $3)`,
      [DEMO_BUSINESSES[0].id, '+390287654321', DEMO_BUSINESSES[0].email],
    );
  });
  return true;
}

function buildCampaigns(cards: DemoCard[], now: Date) {
  const ofBusiness = (id: string) => cards.filter((c) => c.businessId === id);
  const bar = ofBusiness(DEMO_BUSINESSES[0].id);
  const profumeria = ofBusiness(DEMO_BUSINESSES[1].id);
  // One line per campaign: shop, name, description, status, channels, recipients, created how many days ago.
  const campaign = (business: number, name: string, description: string, status: string, channels: string[], targets: DemoCard[], days: number) => ({
    businessId: DEMO_BUSINESSES[business].id,
    name,
    description,
    status,
    channels,
    targets,
    createdAt: new Date(now.getTime() - days * DAY_MS),
  });
  return [
    campaign(0, 'Aperitivo del venerdì', 'Spritz e stuzzichini a prezzo speciale per i clienti con la carta fedeltà.', 'completed', ['whatsapp'], bar.slice(0, 8), 45),
    campaign(0, 'Colazione di primavera', 'Cappuccino e cornetto: punti doppi ogni mattina fino alle 11.', 'draft', ['whatsapp', 'sms'], bar.filter((c) => c.pointsCents > 0), 6),
    campaign(1, 'Saldi di fine stagione', 'Sconto del 20% su profumi e trattamenti viso per i titolari della carta.', 'scheduled', ['email', 'whatsapp'], profumeria, 2),
  ];
}
