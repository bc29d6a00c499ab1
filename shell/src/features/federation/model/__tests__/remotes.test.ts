import type { RemoteName } from '@loyalty/shared';
import { applyOverrides } from '../overrides';
import { isIncompatibleVersion } from '../fallback';

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
