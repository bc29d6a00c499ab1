type UnauthorizedHandler = () => void;

const doNothing: UnauthorizedHandler = () => {};
let unauthorizedHandler: UnauthorizedHandler = doNothing;

/**
 * Called after any 401, once the token is gone and the session cleared. The shell sets it to
 * navigate to /login; route guards would get there anyway, this just makes it immediate.
 * Passing null restores the default (no-op). Returns a function that removes this handler.
 */
export function setOnUnauthorized(handler: UnauthorizedHandler | null): () => void {
  const installed = handler ?? doNothing;
  unauthorizedHandler = installed;
  return () => {
    if (unauthorizedHandler === installed) unauthorizedHandler = doNothing;
  };
}

export function notifyUnauthorized(): void {
  unauthorizedHandler();
}
