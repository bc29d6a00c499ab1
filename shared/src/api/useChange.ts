import { useRef, useState } from 'react';
import { useStalled } from '../ui/ServerNotices';
import { newIdempotencyKey } from './idempotencyKey';

/** The HTTP status of an RTK Query error, when it has one ('FETCH_ERROR', 'TIMEOUT_ERROR' are strings). */
export function statusOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'status' in error ? (error as { status: unknown }).status : undefined;
}

/**
 * Whether the server's answer to a change was lost, so the change may or may not have been saved: no answer, a
 * timeout, an unreadable body, or a 5xx (a proxy may answer one after the API saved). A 4xx is the server's
 * refusal: nothing was written.
 */
export function answerLost(error: unknown): boolean {
  const status = statusOf(error);
  return typeof status !== 'number' || status >= 500;
}

export type ChangeOutcome<R> = { ok: true; result: R } | { ok: false; error: unknown; lost: boolean };

interface Submission<R> {
  identity: string;
  key: string;
  send: (key: string) => Promise<R>;
  done: (outcome: ChangeOutcome<R>) => void;
}

/**
 * One way for every change the user makes (points, a sale, a redemption) to end confirmed or shown as not saved,
 * never lost without a word. `submit(identity, send, done)`:
 * - draws an idempotency key (`prefix-…`) for a new change, or keeps the one of the same change (`identity`: what
 *   the change is, e.g. its points and reason) whose answer was lost, so sending it again cannot count twice;
 * - a success or a refusal (4xx: nothing written) ends the submission: the next one draws a new key;
 * - a lost answer (answerLost) keeps it: `unsaved` is true and `resend()` sends it again with the same key, and
 *   `done` hears each outcome.
 * `stalled` (and `retry`) tell the user a submission had no answer for 8 s and let them send it again at once.
 */
export function useChange<R>(prefix: string) {
  const kept = useRef<Submission<R> | null>(null);
  const [busy, setBusy] = useState(false);
  const [unsaved, setUnsaved] = useState(false);
  const { stalled, retry } = useStalled(busy);

  async function run(submission: Submission<R>): Promise<ChangeOutcome<R>> {
    kept.current = submission;
    setBusy(true);
    setUnsaved(false);
    let outcome: ChangeOutcome<R>;
    try {
      outcome = { ok: true, result: await submission.send(submission.key) };
    } catch (error) {
      outcome = { ok: false, error, lost: answerLost(error) };
    }
    setBusy(false);
    const lost = !outcome.ok && outcome.lost;
    if (kept.current === submission && !lost) kept.current = null;
    setUnsaved(lost);
    submission.done(outcome);
    return outcome;
  }

  return {
    submit(identity: string, send: (key: string) => Promise<R>, done: (outcome: ChangeOutcome<R>) => void = () => undefined) {
      const key = kept.current?.identity === identity ? kept.current.key : newIdempotencyKey(prefix);
      return run({ identity, key, send, done });
    },
    /** Sends the change whose answer was lost again, with its key. */
    resend() {
      const submission = kept.current;
      return submission ? run(submission) : Promise.resolve(null);
    },
    /** Another change begins (the form was cleared, the dialog closed): the kept one is let go. */
    forget() {
      kept.current = null;
      setUnsaved(false);
    },
    busy,
    unsaved,
    stalled,
    retry,
  };
}
