import { anyWalletConfigured } from '../walletStatus';

const off = { configured: false, missing: ['X'], warning: null };
const on = { configured: true, missing: [], warning: null };

it('offers to send wallet links only when at least one wallet is configured', () => {
  expect(anyWalletConfigured(undefined)).toBe(false);
  expect(anyWalletConfigured({ apple: off, google: off })).toBe(false);
  expect(anyWalletConfigured({ apple: on, google: off })).toBe(true);
  expect(anyWalletConfigured({ apple: off, google: on })).toBe(true);
});
