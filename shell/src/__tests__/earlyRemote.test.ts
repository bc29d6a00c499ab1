import { TOKEN_STORAGE_KEY } from '@loyalty/shared';
import type * as EarlyRemote from '../federation/earlyRemote';
import { STORED_TOKEN_KEY } from '../routes/storedSession';
import type * as RuntimePlugin from '../federation/runtimePlugin';

// The module keeps page-lifetime state (requests started, manifests the runtime asked for): a fresh copy
// per test, shared with the runtime plugin as on a page.
let early: typeof EarlyRemote;
let shellRuntimePlugin: typeof RuntimePlugin.default;

const LANDING = 'https://landing.example/app/mf-manifest.json';
const CARDS = 'https://cards.example/mf-manifest.json';

const config = {
  remotes: { landing: LANDING, cards: CARDS, campaigns: 'https://c.example/mf-manifest.json', messaging: 'https://m.example/mf-manifest.json', admin: 'https://a.example/mf-manifest.json' },
};

function manifest(runtime = __FEDERATION_RUNTIME_VERSION__) {
  return {
    metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' }, externalRuntime: runtime },
    exposes: [
      { name: 'LoginPage', path: './LoginPage', assets: { js: { sync: ['953.aaaa.js', '__federation_expose_LoginPage.bbbb.js'], async: ['89.cccc.js'] } } },
      { name: 'Overview', path: './Overview', assets: { js: { sync: ['__federation_expose_Overview.dddd.js'], async: [] } } },
    ],
  };
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function preconnects(): string[] {
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preconnect"]')].map((l) => l.href);
}

function preloadLinks(): string[] {
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')].map((l) => l.href);
}

let fetcher: jest.Mock<Promise<Response>, [RequestInfo | URL, RequestInit?]>;

beforeEach(async () => {
  await jest.isolateModulesAsync(async () => {
    early = await import('../federation/earlyRemote');
    shellRuntimePlugin = (await import('../federation/runtimePlugin')).default;
  });
  document.head.innerHTML = '';
  localStorage.clear();
  fetcher = jest.fn((_url: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(json(manifest())));
});

function start(pathname: string, options: { search?: string; configResponse?: Promise<Response> } = {}) {
  return early.startFirstPageRemote({
    config: options.configResponse ?? Promise.resolve(json(config)),
    location: { pathname, search: options.search ?? '', origin: 'https://dashboard.example' },
    storage: () => localStorage,
    document,
    fetcher,
  });
}

it('reads the session from the same key shared stores it under', () => {
  expect(STORED_TOKEN_KEY).toBe(TOKEN_STORAGE_KEY);
});

it('a visitor on /login: asks for the landing manifest once and preloads its entry and the login page chunks', async () => {
  await start('/login');
  expect(fetcher).toHaveBeenCalledTimes(1);
  expect(fetcher).toHaveBeenCalledWith(LANDING, { cache: 'no-store' });
  // Module Federation's rule for publicPath 'auto': the manifest's folder. Async chunks stay lazy.
  expect(preloadLinks()).toEqual([
    'https://landing.example/app/remoteEntry.js',
    'https://landing.example/app/953.aaaa.js',
    'https://landing.example/app/__federation_expose_LoginPage.bbbb.js',
  ]);
  // The scripts' connection is opened while the manifest is on its way.
  expect(preconnects()).toEqual(['https://landing.example/']);
});

it('opens no connection ahead for a remote served from the dashboard\'s own origin', async () => {
  await start('/login', { search: '?remote-override=landing=/remotes/landing/mf-manifest.json' });
  expect(fetcher).toHaveBeenCalledWith('/remotes/landing/mf-manifest.json', { cache: 'no-store' });
  expect(preconnects()).toEqual([]);
  expect(preloadLinks()[0]).toBe(`${window.location.origin}/remotes/landing/remoteEntry.js`);
});

it('hands the runtime the manifest response, readable, once', async () => {
  await start('/login');
  const request = early.takeEarlyManifest(LANDING);
  expect(request).toBeDefined();
  await expect((await request!).json()).resolves.toEqual(manifest());
  expect(early.takeEarlyManifest(LANDING)).toBeUndefined();
});

it('the runtime plugin answers the manifest fetch with the early request, then fetches afresh (Riprova)', async () => {
  await start('/login');
  const fetchHook = shellRuntimePlugin().fetch as (url: string, init: RequestInit) => Promise<Response>;
  const globalFetch = jest.spyOn(globalThis, 'fetch').mockResolvedValue(json(manifest()));
  try {
    await expect((await fetchHook(LANDING, {})).json()).resolves.toEqual(manifest());
    expect(globalFetch).not.toHaveBeenCalled();
    await fetchHook(LANDING, {});
    expect(globalFetch).toHaveBeenCalledTimes(1);
  } finally {
    globalFetch.mockRestore();
  }
});

it('does not ask again for a manifest the runtime already asked for (its chunks were in first)', async () => {
  const fetchHook = shellRuntimePlugin().fetch as (url: string, init: RequestInit) => Promise<Response>;
  const globalFetch = jest.spyOn(globalThis, 'fetch').mockResolvedValue(json(manifest()));
  try {
    await fetchHook(LANDING, {});
    await start('/login');
    expect(fetcher).not.toHaveBeenCalled();
    expect(globalFetch).toHaveBeenCalledTimes(1);
  } finally {
    globalFetch.mockRestore();
  }
});

it('a signed-in user on a dashboard page: the remote of that page', async () => {
  localStorage.setItem(TOKEN_STORAGE_KEY, 'a-token');
  await start('/dashboard');
  expect(fetcher).toHaveBeenCalledWith(CARDS, { cache: 'no-store' });
  expect(preloadLinks()).toEqual(['https://cards.example/remoteEntry.js', 'https://cards.example/__federation_expose_Overview.dddd.js']);
});

it('follows a developer override of the remote address', async () => {
  await start('/login', { search: '?remote-override=landing=http://localhost:3001/mf-manifest.json' });
  expect(fetcher).toHaveBeenCalledWith('http://localhost:3001/mf-manifest.json', { cache: 'no-store' });
  expect(preloadLinks()[0]).toBe('http://localhost:3001/remoteEntry.js');
});

it('preloads nothing of a remote built for another federation runtime, but still hands its manifest over', async () => {
  fetcher.mockResolvedValue(json(manifest('0.0.1-altro')));
  await start('/login');
  expect(preloadLinks()).toEqual([]);
  expect(early.takeEarlyManifest(LANDING)).toBeDefined();
});

it('does nothing when the config cannot be read, and leaves no unhandled rejection', async () => {
  const unhandled = jest.fn();
  process.on('unhandledRejection', unhandled);
  await start('/login', { configResponse: Promise.resolve(json({ error: 'Configurazione non disponibile' }, 503)) });
  await start('/login', { configResponse: Promise.resolve(new Response('{not json')) });
  await start('/login', { configResponse: Promise.reject(new TypeError('Failed to fetch')) });
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(fetcher).not.toHaveBeenCalled();
  expect(preloadLinks()).toEqual([]);
  expect(unhandled).not.toHaveBeenCalled();
  process.off('unhandledRejection', unhandled);
});

it('does nothing when the browser blocks storage, and never throws', async () => {
  const blocked = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  await expect(
    early.startFirstPageRemote({ config: Promise.resolve(json(config)), location: { pathname: '/login', search: '', origin: 'https://dashboard.example' }, storage: blocked, document, fetcher }),
  ).resolves.toBeUndefined();
  expect(fetcher).not.toHaveBeenCalled();
  expect(preloadLinks()).toEqual([]);
});

it('a manifest that fails is left to the runtime, which reports it', async () => {
  fetcher.mockResolvedValue(json({ error: 'Risorsa non trovata' }, 404));
  await start('/login');
  expect(preloadLinks()).toEqual([]);
  const handedOver = await early.takeEarlyManifest(LANDING)!;
  expect(handedOver.status).toBe(404);
});

it('names the container entry inside its folder when the manifest says so', () => {
  const m = { metaData: { publicPath: 'https://cdn.example/landing/', remoteEntry: { name: 'remoteEntry.js', path: './entries/' } }, exposes: [] };
  expect(early.scriptsToPreload(m, LANDING, './LoginPage')).toEqual(['https://cdn.example/landing/entries/remoteEntry.js']);
});
