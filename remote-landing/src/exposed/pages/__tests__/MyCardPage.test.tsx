/**
 * `./MyCardPage` (decision 049): where the shell does not compose the prerendered page (`npm run dev`), the
 * React page renders the same markup and runs the same script, once even when started again (a second mount).
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@loyalty/shared/testing';
import { start } from '../../page-scripts/my-card';
import { MyCardPage } from '../MyCardPage';

it('shows the request form, bound once by the page script', async () => {
  const fetchSpy = jest.spyOn(global, 'fetch').mockResolvedValue(new Response('{}', { status: 404 }));
  try {
    renderWithProviders(
      <MyCardPage />,
      { route: '/my-card' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'La tua carta fedeltà' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Inviami il link' }));
    const field = screen.getByLabelText('Email o numero di telefono');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Inserisci l’email o il numero di telefono che hai lasciato al negozio.');
    // Bound once: a second start (a second mount) binds nothing again and asks for no second configuration.
    await start(document);
    expect(fetchSpy.mock.calls.filter(([url]) => String(url) === '/runtime-config.json')).toHaveLength(1);
  } finally {
    fetchSpy.mockRestore();
  }
});
