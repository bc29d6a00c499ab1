/**
 * The runtime plugin every remote bundles (src/own-copy-first.ts), on the real federation runtime: containers
 * registering their shared libraries in one share scope as the shell's page does (`loaded-first`), one of them
 * on an origin that never answers.
 */
import { ModuleFederation } from '@module-federation/runtime';
import ownCopyFirst from '../src/own-copy-first';

type Factory = () => { from: string };

/** A container sharing `react-hook-form` at `version`; its copy is fetched by `get` (counted in `fetched`). */
function container(name: string, options: { version?: string; origin: 'up' | 'down'; fetched: string[]; plugin?: boolean }) {
  const get = (): Promise<Factory> => {
    options.fetched.push(name);
    // An origin that does not answer: the download never ends.
    return options.origin === 'up' ? Promise.resolve(() => ({ from: name })) : new Promise<Factory>(() => undefined);
  };
  return new ModuleFederation({
    name,
    remotes: [],
    shared: {
      'react-hook-form': { version: options.version ?? '7.66.0', get, scope: 'default', shareConfig: { singleton: true, requiredVersion: '^7.0.0' }, strategy: 'loaded-first' },
    },
    plugins: options.plugin === false ? [] : [ownCopyFirst()],
  });
}

/** What the shell does when it initialises a remote: the remote joins the page's share scope and registers its copies. */
function join(page: Record<string, never>, instance: ModuleFederation) {
  instance.initShareScopeMap('default', page);
  instance.initializeSharing('default', { strategy: 'loaded-first', from: 'build' });
}

async function settle<T>(promise: Promise<T>, ms = 200): Promise<T | 'pending'> {
  return Promise.race([promise, new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms))]);
}

async function load(instance: ModuleFederation) {
  const factory = (await instance.loadShare<{ from: string }>('react-hook-form')) as false | Factory;
  return factory ? factory().from : factory;
}

describe('a shared library comes from the asking remote unless the page has it already', () => {
  it('a copy registered by a remote whose origin is down is not waited for: the asking remote downloads its own', async () => {
    const fetched: string[] = [];
    const page = {} as Record<string, never>;
    join(page, container('admin', { origin: 'down', fetched }));
    const cards = container('cards', { origin: 'up', fetched });
    join(page, cards);
    expect(await settle(load(cards))).toBe('cards');
    expect(fetched).toEqual(['cards']);
  });

  it('…and without the plugin the asking remote waits on that origin (the failure it prevents)', async () => {
    const fetched: string[] = [];
    const page = {} as Record<string, never>;
    join(page, container('admin', { origin: 'down', fetched, plugin: false }));
    const cards = container('cards', { origin: 'up', fetched, plugin: false });
    join(page, cards);
    expect(await settle(load(cards))).toBe('pending');
    expect(fetched).toEqual(['admin']);
  });

  it('a download under way from another remote is not waited for either', async () => {
    const fetched: string[] = [];
    const page = {} as Record<string, never>;
    const admin = container('admin', { origin: 'down', fetched });
    join(page, admin);
    void load(admin);
    const cards = container('cards', { origin: 'up', fetched });
    join(page, cards);
    expect(await settle(load(cards))).toBe('cards');
    expect(fetched).toEqual(['admin', 'cards']);
  });

  it('one copy for the page: a copy downloaded once is the one the next remotes use', async () => {
    const fetched: string[] = [];
    const page = {} as Record<string, never>;
    const campaigns = container('campaigns', { origin: 'up', fetched });
    const cards = container('cards', { origin: 'up', fetched });
    const messaging = container('messaging', { origin: 'up', fetched });
    join(page, campaigns);
    join(page, cards);
    join(page, messaging);
    // cards registered second, so campaigns' entry is the page's: cards downloads it from its own origin…
    expect(await load(cards)).toBe('cards');
    // …and the others use that copy, without a second download.
    expect(await load(messaging)).toBe('cards');
    expect(await load(campaigns)).toBe('cards');
    expect(fetched).toEqual(['cards']);
  });

  it('a singleton of an incompatible version is still refused', async () => {
    const fetched: string[] = [];
    const page = {} as Record<string, never>;
    const shell = container('shell', { origin: 'up', fetched, plugin: false });
    join(page, shell);
    await load(shell);
    const strict = new ModuleFederation({
      name: 'cards',
      remotes: [],
      shared: {
        'react-hook-form': {
          version: '8.0.0',
          get: () => Promise.resolve(() => ({ from: 'cards' })),
          scope: 'default',
          shareConfig: { singleton: true, strictVersion: true, requiredVersion: '^8.0.0' },
          strategy: 'loaded-first',
        },
      },
      plugins: [ownCopyFirst()],
    });
    strict.initShareScopeMap('default', page);
    await expect(load(strict)).rejects.toThrow(/does not satisfy the requirement/);
  });
});
