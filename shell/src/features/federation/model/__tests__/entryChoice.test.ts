import { createInstance } from '@module-federation/enhanced/runtime';
import { chooseRemoteEntry } from '../entryChoice';
import shellRuntimePlugin from '../runtimePlugin';

type Manifest = Parameters<typeof chooseRemoteEntry>[1];

const manifest = (slimEntry?: unknown, name = 'remoteEntry.js') =>
  ({ metaData: { name: 'cards', remoteEntry: { name, path: '', type: 'global' }, ...(slimEntry === undefined ? {} : { slimEntry }) } }) as unknown as Manifest;

describe('which container entry of a remote the shell loads (decision 112)', () => {
  const slim = { name: 'remoteEntry.slim.js', runtimeCore: '2.9.2' };

  it('the slim one when it was made for the shell\'s core and the core is on the page', () => {
    expect(chooseRemoteEntry('remoteEntry.js', manifest(slim), '2.9.2', true)).toBe('remoteEntry.slim.js');
    expect(chooseRemoteEntry('static/remoteEntry.js', manifest(slim), '2.9.2', true)).toBe('static/remoteEntry.slim.js');
  });

  it('the full one for another core version, without the core on the page, or without a (valid) slim entry', () => {
    expect(chooseRemoteEntry('remoteEntry.js', manifest({ ...slim, runtimeCore: '2.9.1' }), '2.9.2', true)).toBe('remoteEntry.js');
    expect(chooseRemoteEntry('remoteEntry.js', manifest(slim), '2.9.2', false)).toBe('remoteEntry.js');
    expect(chooseRemoteEntry('remoteEntry.js', manifest(), '2.9.2', true)).toBe('remoteEntry.js');
    expect(chooseRemoteEntry('remoteEntry.js', manifest({ name: '../../evil.js', runtimeCore: '2.9.2' }), '2.9.2', true)).toBe('remoteEntry.js');
    expect(chooseRemoteEntry('remoteEntry.js', manifest({ name: 'remoteEntry.slim.js' }), '2.9.2', true)).toBe('remoteEntry.js');
    expect(chooseRemoteEntry('remoteEntry.js', undefined, '2.9.2', true)).toBe('remoteEntry.js');
  });
});

describe('the shell runtime plugin with a real federation instance', () => {
  // Each load from its own origin: the page's federation registry keeps what it has loaded by address.
  let origin = '';
  const realManifest = (slimEntry: unknown) => ({
    id: 'cards',
    name: 'cards',
    metaData: {
      name: 'cards',
      type: 'app',
      buildInfo: { buildVersion: '1.0.0', buildName: '@loyalty/remote-cards' },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      types: { path: '', name: '', zip: '', api: '' },
      globalName: 'cards',
      pluginVersion: '2.9.2',
      publicPath: `${origin}/`,
      slimEntry,
    },
    shared: [],
    remotes: [],
    exposes: [{ id: 'cards:Page', name: 'Page', path: './Page', assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } } }],
  });

  async function entryLoaded(slimEntry: unknown): Promise<string> {
    const loaded: string[] = [];
    origin = `http://cards-${Math.random().toString(36).slice(2)}.example`;
    const MANIFEST_URL = `${origin}/mf-manifest.json`;
    // The manifest, as the shell's fetch hook gets it from the network.
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (url) =>
      String(url) === MANIFEST_URL ? new Response(JSON.stringify(realManifest(slimEntry)), { headers: { 'content-type': 'application/json' } }) : new Response('', { status: 404 }),
    );
    (globalThis as { _FEDERATION_RUNTIME_CORE?: unknown })._FEDERATION_RUNTIME_CORE = {};
    const federation = createInstance({
      name: `host_${Math.random().toString(36).slice(2)}`,
      remotes: [{ name: 'cards', entry: MANIFEST_URL }],
      shared: {},
      plugins: [
        shellRuntimePlugin(),
        {
          // The script element the runtime would add for the entry.
          name: 'fake-entry',
          loadEntry: ({ remoteInfo }) => {
            loaded.push(remoteInfo.entry);
            return { init: async () => undefined, get: () => async () => ({ default: () => null }) };
          },
        },
      ],
    });
    try {
      await federation.loadRemote('cards/Page');
    } finally {
      fetchSpy.mockRestore();
      delete (globalThis as { _FEDERATION_RUNTIME_CORE?: unknown })._FEDERATION_RUNTIME_CORE;
    }
    return loaded.join(' ').replace(origin, 'http://cards.example');
  }

  it('loads the slim entry the manifest offers for the shell\'s core, and the full one for another core', async () => {
    expect(await entryLoaded({ name: 'remoteEntry.slim.js', runtimeCore: __FEDERATION_RUNTIME_CORE__ })).toBe('http://cards.example/remoteEntry.slim.js');
    expect(await entryLoaded({ name: 'remoteEntry.slim.js', runtimeCore: '0.0.1-other' })).toBe('http://cards.example/remoteEntry.js');
  });
});
