import { useState } from 'react';
import { act, screen, within } from '@testing-library/react';
import { ERROR_NOTIFICATION_TIMEOUT_MS, MAX_NOTIFICATIONS, NOTIFICATION_TIMEOUT_MS } from '../../constants';
import { MESSAGES } from '../../messages';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { Modal } from '../../ui/Modal';
import { useNotify } from '../useNotify';

function PointsForm() {
  const notify = useNotify();
  return (
    <>
      <button type="button" onClick={() => notify.success(MESSAGES.pointsUpdated)}>
        Aggiorna
      </button>
      <button type="button" onClick={() => notify.error(MESSAGES.pointsUpdateError)}>
        Elimina
      </button>
      {['Errore uno', 'Errore due', 'Errore tre', 'Errore quattro'].map((message) => (
        <button key={message} type="button" onClick={() => notify.error(message)}>
          {message}
        </button>
      ))}
    </>
  );
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function renderForm() {
  return renderWithProviders(<PointsForm />, {
    userEventOptions: { advanceTimers: jest.advanceTimersByTime },
  });
}

it(`announces a success politely and removes it after ${NOTIFICATION_TIMEOUT_MS} ms`, async () => {
  const { user } = renderForm();

  await user.click(screen.getByRole('button', { name: 'Aggiorna' }));

  const toast = screen.getByRole('status');
  expect(toast).toHaveTextContent('Punti aggiornati');
  expect(toast).toHaveAttribute('aria-live', 'polite');

  act(() => jest.advanceTimersByTime(NOTIFICATION_TIMEOUT_MS - 1));
  expect(screen.getByRole('status')).toHaveTextContent('Punti aggiornati');

  act(() => jest.advanceTimersByTime(1));
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

it(`removes an error after ${ERROR_NOTIFICATION_TIMEOUT_MS} ms, or sooner when the user closes it`, async () => {
  const { user } = renderForm();

  await user.click(screen.getByRole('button', { name: 'Elimina' }));
  act(() => jest.advanceTimersByTime(ERROR_NOTIFICATION_TIMEOUT_MS - 1));
  expect(screen.getByRole('alert')).toHaveTextContent('Errore aggiornamento punti');
  act(() => jest.advanceTimersByTime(1));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Elimina' }));
  await user.click(screen.getByRole('button', { name: 'Chiudi' }));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('never piles errors up: the same one again is shown once, and a new one pushes out the oldest', async () => {
  const { user } = renderForm();

  // The same failure three times (say, «Riprova» pressed while the server is still down): one toast.
  for (let i = 0; i < 3; i++) await user.click(screen.getByRole('button', { name: 'Elimina' }));
  expect(screen.getAllByRole('alert')).toHaveLength(1);

  for (const message of ['Errore uno', 'Errore due', 'Errore tre', 'Errore quattro']) await user.click(screen.getByRole('button', { name: message }));
  expect(screen.getAllByRole('alert').map((toast) => toast.textContent?.replace('×', ''))).toEqual(['Errore due', 'Errore tre', 'Errore quattro']);
  expect(screen.getAllByRole('alert')).toHaveLength(MAX_NOTIFICATIONS);
});

it('lets the user close a success early', async () => {
  const { user } = renderForm();

  await user.click(screen.getByRole('button', { name: 'Aggiorna' }));
  await user.click(screen.getByRole('button', { name: 'Chiudi' }));

  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  act(() => jest.advanceTimersByTime(NOTIFICATION_TIMEOUT_MS));
});

describe('while a modal dialog is open', () => {
  function FormInDialog() {
    const notify = useNotify();
    const [open, setOpen] = useState(true);
    return (
      <>
        <Modal open={open} onClose={() => setOpen(false)} title="Modifica punti">
          <button type="button" onClick={() => notify.error(MESSAGES.pointsUpdateError)}>
            Salva
          </button>
        </Modal>
        <button type="button" onClick={() => notify.success(MESSAGES.pointsUpdated)}>
          Aggiorna
        </button>
      </>
    );
  }

  it('draws the toasts inside the dialog, where the inert page cannot hide them, and back in the page once it closes', async () => {
    const { user } = renderWithProviders(<FormInDialog />, { userEventOptions: { advanceTimers: jest.advanceTimersByTime } });
    const dialog = screen.getByRole('dialog', { name: 'Modifica punti' });

    await user.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MESSAGES.pointsUpdateError);
    // Dismissable without leaving the dialog: its own close button and the toast's.
    expect(within(dialog).getAllByRole('button', { name: MESSAGES.close })).toHaveLength(2);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.pointsUpdateError);
    expect(alert.closest('dialog')).toBeNull();
  });
});
