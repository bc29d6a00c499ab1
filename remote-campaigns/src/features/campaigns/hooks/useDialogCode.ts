import { useCallback, useState } from 'react';

/** Said where the opener is when a dialog's code could not be fetched (the next tap tries again). */
export const DIALOG_CODE_FAILED = 'Non è stato possibile aprire la finestra: controlla la connessione e riprova.';

/**
 * A dialog whose code is fetched when it is about to open, not with the screen (decision 095): the campaigns' two
 * dialogs carry the forms' libraries and the SMS counter, which the list does not need. `prefetch` on a sign of
 * intent (the pointer over the opener, its focus, a touch) starts the fetch early and says nothing if it fails;
 * `open` fetches it if needed and answers whether it is there, `pending` while it waits (the opener shows it is busy);
 * `failed` holds after a failed `open` until the next one.
 * The bundler keeps a module it has loaded and tries a failed chunk again on the next import.
 */
export function useDialogCode<C>(load: () => Promise<C>) {
  const [component, setComponent] = useState<C | null>(null);
  const [failed, setFailed] = useState(false);
  const [pending, setPending] = useState(false);
  const prefetch = useCallback(() => {
    load().catch(() => undefined);
  }, [load]);
  const open = useCallback(() => {
    setPending(true);
    return load().then(
      (loaded) => {
        setComponent(() => loaded);
        setFailed(false);
        setPending(false);
        return true;
      },
      () => {
        setFailed(true);
        setPending(false);
        return false;
      },
    );
  }, [load]);
  return { component, failed, pending, prefetch, open };
}
