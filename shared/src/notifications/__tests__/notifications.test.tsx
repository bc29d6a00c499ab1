import { act, screen } from '@testing-library/react';
import { NOTIFICATION_TIMEOUT_MS } from '../../constants';
import { MESSAGES } from '../../messages';
import { renderWithProviders } from '../../testing/renderWithProviders';
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

it('keeps an error until the user closes it', async () => {
  const { user } = renderForm();

  await user.click(screen.getByRole('button', { name: 'Elimina' }));
  act(() => jest.advanceTimersByTime(60_000));

  expect(screen.getByRole('alert')).toHaveTextContent('Errore aggiornamento punti');

  await user.click(screen.getByRole('button', { name: 'Chiudi' }));

  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('lets the user close a success early', async () => {
  const { user } = renderForm();

  await user.click(screen.getByRole('button', { name: 'Aggiorna' }));
  await user.click(screen.getByRole('button', { name: 'Chiudi' }));

  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  act(() => jest.advanceTimersByTime(NOTIFICATION_TIMEOUT_MS));
});
