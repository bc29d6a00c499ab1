import { RUNTIME_CONFIG_URL } from '@loyalty/shared';
import { EARLY_CONFIG_URL, startConfigRequest, takeConfigRequest } from '../earlyConfig';

it('asks for the same address shared reads the config from', () => {
  expect(EARLY_CONFIG_URL).toBe(RUNTIME_CONFIG_URL);
});

it('starts one request, bypassing the HTTP cache, and hands it over once', async () => {
  const response = new Response('{}');
  const fetcher = jest.fn<Promise<Response>, Parameters<typeof fetch>>().mockResolvedValue(response);
  startConfigRequest(fetcher);
  startConfigRequest(fetcher);
  expect(fetcher).toHaveBeenCalledTimes(1);
  expect(fetcher).toHaveBeenCalledWith('/runtime-config.json', { cache: 'no-store' });
  await expect(takeConfigRequest()).resolves.toBe(response);
  // A retry after that fetches afresh.
  expect(takeConfigRequest()).toBeUndefined();
});

it('keeps a failed early request quiet until it is taken, then reports it', async () => {
  const unhandled = jest.fn();
  process.on('unhandledRejection', unhandled);
  startConfigRequest(() => Promise.reject(new TypeError('Failed to fetch')));
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(unhandled).not.toHaveBeenCalled();
  await expect(takeConfigRequest()).rejects.toThrow('Failed to fetch');
  process.off('unhandledRejection', unhandled);
});
