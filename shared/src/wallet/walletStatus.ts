/**
 * Which wallets the API has configured (`GET /wallet/status`), read by the cards
 * remote (the card row's "Invia link wallet") and the admin remote (Impostazioni App → Wallet). The
 * configuration is read once at the API's start: the answer is kept for the session (decision 042).
 */
import { api } from '../api/apiSlice';
import type { ApiSchema } from '../api/types';

export type WalletStatus = ApiSchema<'WalletStatus'>;
export type WalletName = keyof WalletStatus;

/** The wallets in the order the screens show them, with their names. */
export const WALLETS: readonly { wallet: WalletName; label: string }[] = [
  { wallet: 'apple', label: 'Apple Wallet' },
  { wallet: 'google', label: 'Google Wallet' },
];

/** Whether links can be sent: at least one wallet configured. */
export const anyWalletConfigured = (status: WalletStatus | undefined): boolean => Boolean(status && (status.apple.configured || status.google.configured));

export const walletStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWalletStatus: build.query<WalletStatus, void>({
      query: () => '/wallet/status',
      // Fixed while the API runs (its configuration is read at start).
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetWalletStatusQuery } = walletStatusApi;
