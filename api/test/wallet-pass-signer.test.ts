/**
 * Decision 059: Apple passes are signed in a worker thread (src/features/wallet/pass-signer.ts), so the API's event loop
 * keeps turning while a pass is signed; a pass signed for the same files is answered from memory (concurrent
 * requests share one signing); past the line's bound the answer is 503 at once. The pass itself (zip, manifest,
 * signature openssl accepts) is checked through the download route in wallet-pass.test.ts.
 */
import { applePassFiles } from '../src/features/wallet/apple-pass';
import { createPassSigner, type PassSigner } from '../src/features/wallet/pass-signer';
import type { PassContent } from '../src/features/wallet/repository';
import { appleConfig } from './helpers/wallet';

const context = { config: appleConfig(), webServiceURL: 'https://fidelity.example.it/api/wallet/apple', dashboardBaseUrl: 'https://fidelity.example.it' };
const content = (points: number): PassContent => ({
  card_id: 'card-1',
  serial_number: 'serial-1',
  download_token: 'd'.repeat(43),
  auth_token: 'a'.repeat(43),
  update_tag: 1,
  modified_at: '2026-01-01T10:00:00Z',
  user_id: 'user-1',
  card_number: 'LC-12345678',
  customer_name: 'Giulia Bianchi',
  points,
  business_name: 'Bar Centrale',
  loyalty_mode: 'points',
  brand_color: null,
  next_reward: null,
});

describe('Apple pass signer (decision 059)', () => {
  let signer: PassSigner;
  afterEach(() => signer?.close());

  it('signs off the event loop: the loop keeps turning while a pass is signed', async () => {
    signer = createPassSigner(appleConfig());
    await signer.sign(applePassFiles(content(1), context)); // the worker thread starts
    let turns = 0;
    let signing = true;
    const spin = () => {
      turns += 1;
      if (signing) setImmediate(spin);
    };
    setImmediate(spin);
    const passes = await Promise.all([2, 3, 4, 5].map((points) => signer.sign(applePassFiles(content(points), context))));
    signing = false;
    expect(passes.every((pass) => pass.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1')))).toBe(true);
    // Four signatures in JavaScript take tens of milliseconds each: on this thread the loop would not turn at all.
    expect(turns).toBeGreaterThan(20);
  });

  it('answers the same files from memory, and concurrent requests for them share one signing', async () => {
    signer = createPassSigner(appleConfig());
    const files = () => applePassFiles(content(7), context);
    const [a, b, c] = await Promise.all([signer.sign(files()), signer.sign(files()), signer.sign(files())]);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(await signer.sign(files())).toBe(a);
    // Other content is another pass.
    expect((await signer.sign(applePassFiles(content(8), context))).equals(a)).toBe(false);
  });

  it('refuses with 503 at once when the line is full', async () => {
    signer = createPassSigner(appleConfig(), { maxWaiting: 2, cacheBytes: 1024 * 1024 });
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => signer.sign(applePassFiles(content(100 + i), context))));
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(3);
    expect(refused.length).toBeGreaterThan(0);
    for (const { reason } of refused) expect([reason.statusCode, reason.message]).toEqual([503, 'Servizio momentaneamente occupato. Riprova tra poco.']);
  });
});
