import { TOKEN_STORAGE_KEY } from '@loyalty/shared';
import { startFirstPageRemote } from '../earlyRemote';
import { firstPageModuleFor } from '../../../../shared/routeModules';
import { STORED_TOKEN_KEY } from '../../../../shared/storedSession';

const LANDING = 'https://landing.example/app/mf-manifest.json';
const CARDS = 'https://cards.example/mf-manifest.json';

const config = {
  remotes: { landing: LANDING, cards: CARDS, campaigns: 'https://c.example/mf-manifest.json', messaging: 'https://m.example/mf-manifest.json', admin: 'https://a.example/mf-manifest.json' },
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let runtime: { registerRemotes: jest.Mock; preloadRemote: jest.Mock };

beforeEach(() => {
  localStorage.clear();
  runtime = { registerRemotes: jest.fn(), preloadRemote: jest.fn(() => Promise.resolve()) };
});

function start(pathname: string, options: { search?: string; configResponse?: Promise<Response> } = {}) {
  return startFirstPageRemote({
    config: options.configResponse ?? Promise.resolve(json(config)),
    location: { pathname, search: options.search ?? '' },
    storage: () => localStorage,
    runtime: runtime as unknown as Parameters<typeof startFirstPageRemote>[0]['runtime'],
  });
}

const registered = () => Object.fromEntries((runtime.registerRemotes.mock.calls[0][0] as { name: string; entry: string }[]).map((r) => [r.name, r.entry]));

it('reads the session from the same key shared stores it under', () => {
  expect(STORED_TOKEN_KEY).toBe(TOKEN_STORAGE_KEY);
});

it('a visitor on a legal page: registers the remotes and asks the runtime to preload the landing page\'s module, its sync chunks only', async () => {
  const target = firstPageModuleFor('/privacy', false)!;
  expect(target.remote).toBe('landing');
  await start('/privacy');
  expect(registered()).toEqual(config.remotes);
  expect(runtime.preloadRemote).toHaveBeenCalledTimes(1);
  expect(runtime.preloadRemote).toHaveBeenCalledWith([{ nameOrAlias: 'landing', exposes: [target.module], resourceCategory: 'sync' }]);
});

it('a signed-in user on a dashboard page: the remote of that page', async () => {
  localStorage.setItem(TOKEN_STORAGE_KEY, 'a-token');
  await start('/dashboard');
  expect(runtime.preloadRemote).toHaveBeenCalledWith([{ nameOrAlias: 'cards', exposes: [firstPageModuleFor('/dashboard', true)!.module], resourceCategory: 'sync' }]);
});

it('follows a developer override of the remote address', async () => {
  await start('/privacy', { search: '?remote-override=landing=http://localhost:3001/mf-manifest.json' });
  expect(registered().landing).toBe('http://localhost:3001/mf-manifest.json');
});

it('starts nothing for a page without a remote module (a visitor sent to /login)', async () => {
  await start('/dashboard');
  expect(runtime.registerRemotes).not.toHaveBeenCalled();
  expect(runtime.preloadRemote).not.toHaveBeenCalled();
});

it('does nothing when the config cannot be read, and leaves no unhandled rejection', async () => {
  const unhandled = jest.fn();
  process.on('unhandledRejection', unhandled);
  await start('/privacy', { configResponse: Promise.resolve(json({ error: 'Configurazione non disponibile' }, 503)) });
  await start('/privacy', { configResponse: Promise.resolve(new Response('{not json')) });
  await start('/privacy', { configResponse: Promise.reject(new TypeError('Failed to fetch')) });
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(runtime.registerRemotes).not.toHaveBeenCalled();
  expect(runtime.preloadRemote).not.toHaveBeenCalled();
  expect(unhandled).not.toHaveBeenCalled();
  process.off('unhandledRejection', unhandled);
});

it('does nothing when the browser blocks storage, and never throws', async () => {
  const blocked = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  await expect(startFirstPageRemote({ config: Promise.resolve(json(config)), location: { pathname: '/privacy', search: '' }, storage: blocked, runtime: runtime as never })).resolves.toBeUndefined();
  expect(runtime.preloadRemote).not.toHaveBeenCalled();
});

it('never rejects when the runtime fails (the route\'s own load reports it)', async () => {
  runtime.preloadRemote.mockRejectedValue(new Error('[ Federation Runtime ]: RUNTIME-003'));
  await expect(start('/privacy')).resolves.toBeUndefined();
});
