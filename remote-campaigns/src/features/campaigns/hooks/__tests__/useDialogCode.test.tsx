/**
 * A dialog's code fetched when it is about to open (decision 095): a failed fetch on opening is said and the next
 * opening tries again; a failed fetch on a sign of intent says nothing.
 */
import { act, renderHook } from '@testing-library/react';
import { useDialogCode } from '../useDialogCode';

const Dialog = () => null;

/** A loader that fails as many times as asked, then answers the dialog. */
function flakyLoader(failures: number) {
  let calls = 0;
  const load = jest.fn(() => (++calls <= failures ? Promise.reject(new Error('ChunkLoadError')) : Promise.resolve(Dialog)));
  return load;
}

describe('useDialogCode', () => {
  it('opens once the code is there: the component, nothing failed', async () => {
    const { result } = renderHook(() => useDialogCode(flakyLoader(0)));
    expect(result.current.component).toBeNull();
    let ready: boolean | undefined;
    await act(async () => {
      ready = await result.current.open();
    });
    expect(ready).toBe(true);
    expect(result.current.component).toBe(Dialog);
    expect(result.current.failed).toBe(false);
  });

  it('is pending from the tap until the code is there, so the opener can show it is busy', async () => {
    let arrive: (dialog: typeof Dialog) => void = () => undefined;
    const { result } = renderHook(() => useDialogCode(() => new Promise<typeof Dialog>((resolve) => (arrive = resolve))));
    expect(result.current.pending).toBe(false);
    let opened: Promise<boolean> = Promise.resolve(false);
    act(() => {
      opened = result.current.open();
    });
    expect([result.current.pending, result.current.component]).toEqual([true, null]);
    await act(async () => {
      arrive(Dialog);
      await opened;
    });
    expect([result.current.pending, result.current.component]).toEqual([false, Dialog]);
  });

  it('says a failed opening, and the next opening tries again and clears it', async () => {
    const load = flakyLoader(1);
    const { result } = renderHook(() => useDialogCode(load));
    let ready: boolean | undefined;
    await act(async () => {
      ready = await result.current.open();
    });
    expect([ready, result.current.failed, result.current.pending, result.current.component]).toEqual([false, true, false, null]);
    await act(async () => {
      ready = await result.current.open();
    });
    expect([ready, result.current.failed, result.current.component]).toEqual([true, false, Dialog]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a failed prefetch says nothing and leaves the opening to try again', async () => {
    const load = flakyLoader(1);
    const { result } = renderHook(() => useDialogCode(load));
    await act(async () => {
      result.current.prefetch();
      await Promise.resolve();
    });
    expect([result.current.failed, result.current.component]).toEqual([false, null]);
    await act(async () => {
      await result.current.open();
    });
    expect([result.current.failed, result.current.component]).toEqual([false, Dialog]);
  });
});
