import { useCallback, useMemo, useRef, useState } from 'react';

/** Said near the screen's lead when a dialog's code could not be fetched on a tap (the next tap tries again). */
export const DIALOG_CODE_FAILED = 'Non è stato possibile aprire la finestra: controlla la connessione e riprova.';

/** What a dialog is opened for: a card, a campaign, or `true` for a dialog about nothing in particular. */
export interface DialogCode<C, S = true> {
  /** The dialog's component once its code is here (then kept: the bundler keeps a module it has loaded). */
  component: C | null;
  /** What the dialog is open for; null when it is closed (or when its code could not be fetched). */
  subject: S | null;
  /** The subject whose dialog's code is on its way: its opener says it is busy (`aria-busy`, never disabled). */
  opening: S | null;
  /** The last tap's fetch failed: the screen says DIALOG_CODE_FAILED until the next tap. */
  failed: boolean;
  /** A sign of intent: the fetch starts, and says nothing if it fails (the tap will try again). */
  prefetch: () => void;
  /** The signs of intent, for an opener (or the list of them): the pointer over it, a focus in it, a touch. */
  intent: { onPointerEnter: () => void; onFocus: () => void; onTouchStart: () => void };
  /** The tap: the dialog opens for `subject` once its code is here (at once when it is), resolving whether it did. */
  open: (subject: S) => Promise<boolean>;
  close: () => void;
}

/**
 * A dialog whose code is fetched when it is about to open, not with the screen (decisions 095 and 113): the fetch
 * starts on a sign of intent (`intent` on the opener: the pointer over it, its focus — the keyboard's way —, a
 * touch), the tap waits for it while the opener says it is busy, and a failed fetch on the tap is said by the screen
 * (`failed`) until the next tap, which tries again (the bundler fetches a chunk that failed anew). Not `React.lazy`:
 * its failure would reach the remote's error boundary and take the whole screen down for one dialog.
 * The opener stays enabled while it waits: a disabled button loses the focus, and the dialog gives the focus back on
 * closing to what had it when it opened. The last tap wins: a dialog asked for another subject meanwhile opens for
 * that one.
 */
export function useDialogCode<C, S = true>(load: () => Promise<C>): DialogCode<C, S> {
  const [component, setComponent] = useState<C | null>(null);
  const [subject, setSubject] = useState<S | null>(null);
  const [opening, setOpening] = useState<S | null>(null);
  const [failed, setFailed] = useState(false);
  const loaded = useRef<C | null>(null);
  const lastTap = useRef(0);

  const arrived = useCallback((code: C) => {
    if (loaded.current) return;
    loaded.current = code;
    setComponent(() => code);
  }, []);

  const prefetch = useCallback(() => {
    if (!loaded.current) load().then(arrived, () => undefined);
  }, [load, arrived]);

  const open = useCallback(
    (next: S) => {
      const tap = ++lastTap.current;
      setFailed(false);
      if (loaded.current) {
        setOpening(null);
        setSubject(() => next);
        return Promise.resolve(true);
      }
      setOpening(() => next);
      return load().then(
        (code) => {
          arrived(code);
          if (tap !== lastTap.current) return false;
          setOpening(null);
          setSubject(() => next);
          return true;
        },
        () => {
          if (tap !== lastTap.current) return false;
          setOpening(null);
          setFailed(true);
          return false;
        },
      );
    },
    [load, arrived],
  );

  const close = useCallback(() => {
    // A tap still waiting for the code no longer opens anything.
    lastTap.current++;
    setOpening(null);
    setSubject(null);
  }, []);

  const intent = useMemo(() => ({ onPointerEnter: prefetch, onFocus: prefetch, onTouchStart: prefetch }), [prefetch]);
  return { component, subject, opening, failed, prefetch, intent, open, close };
}
