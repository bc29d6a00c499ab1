/**
 * Federation-level resilience for the shell: manifest fetches are retried (transient network failures),
 * and a remote that still cannot be loaded resolves to a marked fallback module instead of throwing
 * inside the runtime, so the area shows its Italian message and 'Riprova' while the rest keeps working.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REMOTE_FALLBACK, recordLoadError } from './fallback';

const RETRIES = 2;
const BACKOFF_MS = 300;

async function fetchWithRetry(url: string, init?: RequestInit): Promise<Response> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= RETRIES; attempt++) {
    try {
      const res = await fetch(url, { ...init, cache: 'no-store' });
      if (res.status < 500) return res;
      lastError = new Error(`HTTP ${res.status} da ${url}`);
    } catch (err) {
      lastError = err;
    }
    if (attempt < RETRIES) await new Promise((r) => setTimeout(r, BACKOFF_MS * 2 ** attempt));
  }
  throw lastError;
}

export default function shellRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'loyalty-shell-runtime',
    fetch(url, init) {
      return fetchWithRetry(url, init);
    },
    errorLoadRemote({ id, error, lifecycle }) {
      console.error(`[federation] ${id} non caricato (${lifecycle}):`, error);
      recordLoadError(id, error);
      return REMOTE_FALLBACK;
    },
  };
}
