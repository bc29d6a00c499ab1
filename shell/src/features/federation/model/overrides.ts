/**
 * Local development overrides of remote addresses. No `@loyalty/shared` values here: the entry reads them
 * before the async boundary (earlyRemote.ts) as well as the bootstrap.
 */
import type { RemoteName } from '@loyalty/shared';

/**
 * A developer can point one remote at a local dev server while everything else comes from the deployed
 * composition: `?remote-override=cards=http://localhost:3002/mf-manifest.json` (kept in localStorage
 * under `remoteOverrides` until cleared with `?remote-override=cards=`).
 */
export function applyOverrides(remotes: Record<RemoteName, string>, search: string, storage: Storage): Record<RemoteName, string> {
  const KEY = 'remoteOverrides';
  let overrides: Partial<Record<RemoteName, string>>;
  try {
    overrides = JSON.parse(storage.getItem(KEY) || '{}') as Partial<Record<RemoteName, string>>;
  } catch {
    overrides = {};
  }
  for (const value of new URLSearchParams(search).getAll('remote-override')) {
    const [name, ...rest] = value.split('=');
    const url = rest.join('=');
    if (!(name in remotes)) continue;
    if (url) overrides[name as RemoteName] = url;
    else delete overrides[name as RemoteName];
  }
  if (Object.keys(overrides).length) storage.setItem(KEY, JSON.stringify(overrides));
  else storage.removeItem(KEY);
  return { ...remotes, ...overrides };
}
