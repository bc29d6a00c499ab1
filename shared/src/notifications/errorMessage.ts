/**
 * Every failed call shows the response's `error` field (the API's Italian sentence), otherwise the screen's
 * Italian default.
 * Accepts whatever a failed call produced (RTK Query error, unwrap() rejection, thrown Error).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (typeof error === 'object' && error !== null && 'data' in error) {
    const { data } = error;
    if (typeof data === 'object' && data !== null && 'error' in data) {
      const message = data.error;
      if (typeof message === 'string' && message.trim() !== '') return message;
    }
  }
  return fallback;
}
