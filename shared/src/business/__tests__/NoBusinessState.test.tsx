import { screen, waitFor } from '@testing-library/react';
import { api } from '../../api/apiSlice';
import type { Business } from '../../domain/types';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { startTestApiServer, type TestApiServer } from '../../testing/testApiServer';
import { NoBusinessState } from '../NoBusinessState';

const bar: Business = {
  id: 'b-bar',
  name: 'Bar Centrale',
  address: null,
  phone: null,
  email: null,
  website: null,
  whatsapp_enabled: 0,
  sms_enabled: 0,
  email_enabled: 0,
};

let server: TestApiServer;
afterEach(() => server.close());

/** Renders the state and waits until the business list has been answered. */
async function renderSettled() {
  const { store } = renderWithProviders(<NoBusinessState />);
  const businesses = () => api.endpoints.getBusinesses.select()(store.getState());
  await waitFor(() => expect(businesses().isSuccess || businesses().isError).toBe(true));
}

it('leads a user without any business to Impostazioni → Aziende to create the first', async () => {
  server = await startTestApiServer({ 'GET /business': { body: [] } });
  renderWithProviders(<NoBusinessState />);
  const create = await screen.findByRole('link', { name: 'Crea la tua prima attività' });
  expect(create).toHaveAttribute('href', '/dashboard/settings?tab=aziende');
  expect(screen.getByText('Nessuna attività selezionata')).toBeInTheDocument();
});

it('tells a user with businesses to pick one, without offering to create another', async () => {
  server = await startTestApiServer({ 'GET /business': { body: [bar] } });
  await renderSettled();
  expect(screen.getByText("Scegli un'attività dal selettore in alto.")).toBeInTheDocument();
  expect(screen.queryByRole('link')).toBeNull();
});

it('does not claim there is no business when the list could not be loaded', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  server = await startTestApiServer({ 'GET /business': { status: 500, body: { error: 'Errore' } } });
  await renderSettled();
  expect(screen.getByText("Scegli un'attività dal selettore in alto.")).toBeInTheDocument();
  expect(screen.queryByRole('link')).toBeNull();
});
