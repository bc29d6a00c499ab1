import { TOKEN_STORAGE_KEY } from '../constants';

// localStorage throws when storage is disabled (privacy modes, sandboxed iframes);
// a missing token is the right answer there, not a crash.

export function readToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Without storage the session simply does not survive a reload.
  }
}

export function removeToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to remove.
  }
}
