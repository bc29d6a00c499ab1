/**
 * A dialog's code fetched when it is about to open (decisions 095 and 113): the fetch starts on a sign of intent,
 * the tap waits for it with the opener busy, a failed fetch on the tap is said and the next tap tries again; a failed
 * fetch on a sign of intent says nothing.
 */
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useDialogCode } from '../useDialogCode';

const Dialog = () => null;

/** A loader that fails as many times as asked, then answers the dialog. */
function flakyLoader(failures: number) {
  let calls = 0;
  return jest.fn(() => (++calls <= failures ? Promise.reject(new Error('ChunkLoadError')) : Promise.resolve(Dialog)));
}

/** A loader whose answers the test gives, one per call, in the order asked. */
function heldLoader() {
  const waiting: { resolve: (dialog: typeof Dialog) => void; reject: (error: Error) => void }[] = [];
  const load = jest.fn(() => new Promise<typeof Dialog>((resolve, reject) => waiting.push({ resolve, reject })));
  return { load, waiting };
}

describe('useDialogCode', () => {
  it('opens for its subject once the code is there: the component, nothing failed, nothing waiting', async () => {
    const { result } = renderHook(() => useDialogCode<typeof Dialog, string>(flakyLoader(0)));
    expect([result.current.component, result.current.subject]).toEqual([null, null]);
    let ready: boolean | undefined;
    await act(async () => {
      ready = await result.current.open('carta-1');
    });
    expect(ready).toBe(true);
    expect([result.current.component, result.current.subject, result.current.opening, result.current.failed]).toEqual([Dialog, 'carta-1', null, false]);
    act(() => result.current.close());
    expect(result.current.subject).toBeNull();
  });

  it('says which subject is opening from the tap until the code is there, so that opener can show it is busy', async () => {
    const { load, waiting } = heldLoader();
    const { result } = renderHook(() => useDialogCode<typeof Dialog, string>(load));
    let opened: Promise<boolean> = Promise.resolve(false);
    act(() => {
      opened = result.current.open('carta-2');
    });
    expect([result.current.opening, result.current.subject, result.current.component]).toEqual(['carta-2', null, null]);
    await act(async () => {
      waiting[0].resolve(Dialog);
      await opened;
    });
    expect([result.current.opening, result.current.subject, result.current.component]).toEqual([null, 'carta-2', Dialog]);
  });

  it('once the code is here, opens at once without asking for it again', async () => {
    const load = flakyLoader(0);
    const { result } = renderHook(() => useDialogCode<typeof Dialog, string>(load));
    await act(async () => {
      await result.current.open('a');
    });
    act(() => result.current.close());
    act(() => {
      void result.current.open('b');
    });
    // In the same render as the tap: no busy opener, no second request.
    expect([result.current.subject, result.current.opening]).toEqual(['b', null]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('the last tap wins: a second subject asked for while the code comes is the one opened', async () => {
    const { load, waiting } = heldLoader();
    const { result } = renderHook(() => useDialogCode<typeof Dialog, string>(load));
    let first: Promise<boolean> = Promise.resolve(true);
    let second: Promise<boolean> = Promise.resolve(false);
    act(() => {
      first = result.current.open('prima');
    });
    act(() => {
      second = result.current.open('seconda');
    });
    expect(result.current.opening).toBe('seconda');
    await act(async () => {
      waiting[0].resolve(Dialog);
      waiting[1].resolve(Dialog);
      expect([await first, await second]).toEqual([false, true]);
    });
    expect([result.current.subject, result.current.opening]).toEqual(['seconda', null]);
  });

  it('a close while the code comes leaves the dialog closed when it arrives', async () => {
    const { load, waiting } = heldLoader();
    const { result } = renderHook(() => useDialogCode<typeof Dialog, string>(load));
    let opened: Promise<boolean> = Promise.resolve(true);
    act(() => {
      opened = result.current.open('carta');
    });
    act(() => result.current.close());
    await act(async () => {
      waiting[0].resolve(Dialog);
      expect(await opened).toBe(false);
    });
    expect([result.current.subject, result.current.opening, result.current.component]).toEqual([null, null, Dialog]);
  });

  it('says a failed opening, and the next tap clears it and tries again', async () => {
    const load = flakyLoader(1);
    const { result } = renderHook(() => useDialogCode(load));
    let ready: boolean | undefined;
    await act(async () => {
      ready = await result.current.open(true);
    });
    expect([ready, result.current.failed, result.current.opening, result.current.subject, result.current.component]).toEqual([false, true, null, null, null]);
    await act(async () => {
      ready = await result.current.open(true);
    });
    expect([ready, result.current.failed, result.current.subject, result.current.component]).toEqual([true, false, true, Dialog]);
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
      await result.current.open(true);
    });
    expect([result.current.failed, result.current.component]).toEqual([false, Dialog]);
  });

  it('fetches on the pointer over the opener; a tap after that opens in its own render, the opener never busy', async () => {
    const load = flakyLoader(0);
    function Opener() {
      const dialog = useDialogCode(load);
      return (
        <>
          <button type="button" {...dialog.intent} onClick={() => void dialog.open(true)} aria-busy={dialog.opening ? true : undefined}>
            Apri
          </button>
          <span>{dialog.subject ? 'aperta' : 'chiusa'}</span>
        </>
      );
    }
    const person = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Apri' });
    await act(async () => person.hover(opener));
    expect(load).toHaveBeenCalledTimes(1);
    // Arrived: the focus asks for nothing more, and the tap opens in its own render, the opener never busy.
    await person.tab();
    expect(opener).toHaveFocus();
    expect(load).toHaveBeenCalledTimes(1);
    await person.keyboard('{Enter}');
    expect(screen.getByText('aperta')).toBeInTheDocument();
    expect(opener).not.toHaveAttribute('aria-busy');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('the focus alone (no pointer) starts the fetch, and a touch does too', async () => {
    const focused = flakyLoader(0);
    const touched = flakyLoader(0);
    function Openers() {
      const a = useDialogCode(focused);
      const b = useDialogCode(touched);
      return (
        <>
          <button type="button" {...a.intent}>A</button>
          <button type="button" {...b.intent}>B</button>
        </>
      );
    }
    render(<Openers />);
    await act(async () => screen.getByRole('button', { name: 'A' }).focus());
    expect(focused).toHaveBeenCalledTimes(1);
    await act(async () => {
      fireEvent.touchStart(screen.getByRole('button', { name: 'B' }));
    });
    expect(touched).toHaveBeenCalledTimes(1);
  });
});
