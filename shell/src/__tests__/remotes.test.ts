import type { RemoteName } from '@loyalty/shared';
import { applyOverrides } from '../federation/overrides';
import { RuntimeMismatchError, isIncompatibleVersion } from '../federation/fallback';
import shellRuntimePlugin from '../federation/runtimePlugin';

const deployed: Record<RemoteName, string> = {
  landing: 'https://landing.example/mf-manifest.json',
  cards: 'https://cards.example/mf-manifest.json',
  campaigns: 'https://campaigns.example/mf-manifest.json',
  messaging: 'https://messaging.example/mf-manifest.json',
  admin: 'https://admin.example/mf-manifest.json',
};

describe('local development override of one remote', () => {
  beforeEach(() => localStorage.clear());

  it('points only the named remote at the dev server and remembers it', () => {
    const remotes = applyOverrides(deployed, '?remote-override=cards=http://localhost:3002/mf-manifest.json', localStorage);
    expect(remotes).toEqual({ ...deployed, cards: 'http://localhost:3002/mf-manifest.json' });
    expect(applyOverrides(deployed, '', localStorage).cards).toBe('http://localhost:3002/mf-manifest.json');
  });

  it('is cleared with an empty value and ignores unknown remotes', () => {
    applyOverrides(deployed, '?remote-override=cards=http://localhost:3002/mf-manifest.json', localStorage);
    expect(applyOverrides(deployed, '?remote-override=cards=&remote-override=nope=http://x', localStorage)).toEqual(deployed);
    expect(localStorage.getItem('remoteOverrides')).toBeNull();
  });

  it('survives a corrupted stored value', () => {
    localStorage.setItem('remoteOverrides', '{not json');
    expect(applyOverrides(deployed, '', localStorage)).toEqual(deployed);
  });
});

describe('version conflicts', () => {
  it('recognises the runtime refusing a strict singleton', () => {
    const error = new Error('[ Federation Runtime ]: Version 1.1.0 from shell of shared singleton module @loyalty/shared does not satisfy the requirement of cards which needs ^2.0.0)');
    expect(isIncompatibleVersion(error)).toBe(true);
    expect(isIncompatibleVersion(new Error('Failed to fetch'))).toBe(false);
    expect(isIncompatibleVersion(undefined)).toBe(false);
  });
});

describe('remotes built for another federation runtime core', () => {
  type SnapshotArgs = Parameters<NonNullable<ReturnType<typeof shellRuntimePlugin>['loadRemoteSnapshot']>>[0];
  const snapshot = (externalRuntime?: string) =>
    ({ moduleInfo: { name: 'cards', entry: 'https://cards.example/mf-manifest.json' }, manifestJson: { metaData: { externalRuntime } } }) as unknown as SnapshotArgs;
  const check = (args: SnapshotArgs) => shellRuntimePlugin().loadRemoteSnapshot!(args);

  it('refuses one whose manifest asks for another core than the shell provides, as a version conflict', () => {
    let refused: unknown;
    try {
      check(snapshot('0.0.1-other'));
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(RuntimeMismatchError);
    expect((refused as Error).message).toBe(`cards: costruito per il runtime Module Federation 0.0.1-other, la shell fornisce ${__FEDERATION_RUNTIME_VERSION__}; va ricostruito con ${__FEDERATION_RUNTIME_VERSION__}`);
    expect(isIncompatibleVersion(refused)).toBe(true);
    expect(isIncompatibleVersion(new Error('wrapped', { cause: refused }))).toBe(true);
  });

  it('lets through one built for the same core, and one that brings its own (no externalRuntime in its manifest)', () => {
    expect(check(snapshot(__FEDERATION_RUNTIME_VERSION__))).toEqual(snapshot(__FEDERATION_RUNTIME_VERSION__));
    expect(check(snapshot())).toEqual(snapshot());
  });
});
