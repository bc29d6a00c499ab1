import { useCallback } from 'react';
import { MESSAGES } from '../messages';
import { errorMessage } from './errorMessage';
import { useNotify } from './useNotify';

/** A mutation's call as RTK Query returns it: `unwrap()` settles with the answer or the failure. */
interface Call {
  unwrap: () => Promise<unknown>;
}

/**
 * Saves a settings form's change the same way on every screen: the success notice in the screen's words, or the
 * server's refusal in the API's words (the generic settings message when it gave none) handed to the form,
 * which shows it above its buttons. Nothing is thrown: the form stays as typed.
 */
export function useSaveSettings() {
  const notify = useNotify();
  return useCallback(
    async (call: Call, saved: string, refused: (message: string) => void) => {
      try {
        await call.unwrap();
        notify.success(saved);
      } catch (error) {
        refused(errorMessage(error, MESSAGES.settingsSaveError));
      }
    },
    [notify],
  );
}
