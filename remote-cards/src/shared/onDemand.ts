import { useEffect, useState } from 'react';

/**
 * A module the cards screen loads on intent, not with the screen (decision 107): shared's form rules bring zod
 * (its chunks and its evaluation), which the first list of cards does not need; they are asked for when a form is
 * first focused or opened, so they are in by the time it is sent. One load for the whole page; a failed one (the
 * network gone) is tried again the next time.
 */
export interface OnDemand<T> {
  /** Starts the load (once) and resolves with the module. */
  load(): Promise<T>;
  /** The module once it has loaded, else undefined. */
  current(): T | undefined;
}

export function onDemand<T>(load: () => Promise<T>): OnDemand<T> {
  let loading: Promise<T> | null = null;
  let loaded: T | undefined;
  return {
    load: () =>
      (loading ??= load().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      )),
    current: () => loaded,
  };
}

/**
 * The module while `wanted` (loaded from the first render where it is wanted), else what has already loaded — by
 * this hook or by a `load()` elsewhere (a submit that waited for it after a failed first try).
 */
export function useOnDemand<T>(module: OnDemand<T>, wanted: boolean): T | undefined {
  const [value, setValue] = useState<T | undefined>(module.current);
  useEffect(() => {
    if (!wanted || value !== undefined) return;
    let live = true;
    module.load().then(
      (loaded) => live && setValue(() => loaded),
      () => undefined, // said where the module is used: a form that cannot be checked says so when it is sent
    );
    return () => {
      live = false;
    };
  }, [module, wanted, value]);
  return value ?? module.current();
}

/** What a form says when its rules could not be loaded (the connection gone since the screen opened). */
export const FORM_RULES_UNAVAILABLE = 'Impossibile controllare i dati inseriti: verifica la connessione e riprova.';
