import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@loyalty/shared/testing';
import { Route, Routes } from '@loyalty/shared';
import { configureTestRuntime } from '../../../../../test/helpers';
import { LegalPage } from '../LegalPage';

function renderLegal(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/privacy" element={<LegalPage />} />
      <Route path="/cookie-policy" element={<LegalPage />} />
    </Routes>,
    { route },
  );
}

const storedKeys = () =>
  within(screen.getByRole('table', { name: 'Dati salvati nel browser (local storage)' }))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

beforeEach(() => configureTestRuntime());

it('describes on /privacy the data collected and what the browser keeps', () => {
  renderLegal('/privacy');
  const title = screen.getByRole('heading', { level: 1, name: 'Informativa sulla privacy' });
  expect(title).toHaveFocus();
  expect(document.title).toBe('Informativa sulla privacy – Appo');
  expect(screen.getByRole('link', { name: 'supporto@example.it' })).toHaveAttribute('href', 'mailto:supporto@example.it');
  expect(screen.getByText(/consenso a ricevere comunicazioni commerciali/)).toBeInTheDocument();
  expect(storedKeys()).toEqual(['token', 'currentBusiness:<id utente>', 'cookiePrefs', 'loginLockedUntil']);
  expect(screen.getByRole('link', { name: /Torna alla pagina iniziale/ })).toHaveAttribute('href', '/login');
});

it('lists on /cookie-policy every local-storage key and why it exists', () => {
  renderLegal('/cookie-policy');
  expect(screen.getByRole('heading', { level: 1, name: 'Cookie policy' })).toHaveFocus();
  expect(storedKeys()).toEqual(['token', 'currentBusiness:<id utente>', 'cookiePrefs', 'loginLockedUntil']);
  // The bonus count lives on the server since decision 021: the browser keeps nothing about it.
  expect(screen.queryByRole('row', { name: /bonusTriggered/ })).toBeNull();
  expect(screen.getByText(/nessuno strumento analitico o di marketing è attivo/)).toBeInTheDocument();
});
