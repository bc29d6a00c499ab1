/** The Outbox screen against the real API: what the business's messages were, a page at a time. */
import { screen, within } from '@testing-library/react';
import { callApi, configureTestRuntime, createAdminWithBusiness, renderSignedIn } from '@loyalty/shared/testing';
import { OutboxScreen } from '../OutboxScreen';

const PATH = '/dashboard/outbox';
jest.setTimeout(30_000);

beforeEach(() => {
  localStorage.clear();
  configureTestRuntime();
});

it('lists what would have gone out, newest first, with Italian phone numbers, and pages through the server', async () => {
  const { account, token, businessId } = await createAdminWithBusiness();
  const { token: superToken } = (await callApi<{ token: string }>('/auth/login', { method: 'POST', body: { email: 'superadmin@demo.it', password: 'SuperAdmin2026!' } })).body;
  await callApi(`/settings/${businessId}`, { method: 'PUT', token: superToken, body: { sms_enabled: 1 } });
  // 26 connection tests: one page of 25 and one more.
  for (let i = 0; i < 26; i += 1) {
    const { status } = await callApi('/twilio/test-connection', { method: 'POST', token, body: { businessId, service: 'sms', testRecipient: `+3933312345${String(i).padStart(2, '0')}` } });
    expect(status).toBe(200);
  }

  const { user } = await renderSignedIn(<OutboxScreen />, PATH, account, { preloadedState: { currentBusiness: { id: businessId } } });
  expect(screen.getByRole('heading', { level: 1, name: 'Posta in uscita' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Messaggi' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(25);
  const first = within(rows[0]).getAllByRole('cell').map((cell) => cell.textContent);
  expect(first[1]).toBe('SMS');
  expect(first[2]).toBe('333 123 4525');
  expect(first[3]).toContain('Modalità prova: nessuna connessione verificata.');
  expect(first[4]).toBe('Registrato (modalità prova)');
  expect(screen.getByText('Pagina 1 di 2 · 26 messaggi')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Successivi' }));
  expect(await screen.findByText('Pagina 2 di 2 · 26 messaggi')).toBeInTheDocument();
  const last = within(screen.getByRole('table', { name: 'Messaggi' })).getAllByRole('row').slice(1);
  expect(last).toHaveLength(1);
  expect(within(last[0]).getAllByRole('cell')[2]).toHaveTextContent('333 123 4500');
  expect(screen.getByRole('button', { name: 'Successivi' })).toBeDisabled();
  // The page pressed from is gone: the keyboard goes on from the pager, on «Precedenti» at the last page…
  expect(screen.getByRole('button', { name: 'Precedenti' })).toHaveFocus();
  // …and on «Successivi» back at the first (with two pages, each press lands on the other button).
  await user.keyboard('{Enter}');
  expect(await screen.findByText('Pagina 1 di 2 · 26 messaggi')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Precedenti' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Successivi' })).toHaveFocus();
});

it('says what fills the list when the business has no message yet', async () => {
  const { account, businessId } = await createAdminWithBusiness();
  await renderSignedIn(<OutboxScreen />, PATH, account, { preloadedState: { currentBusiness: { id: businessId } } });
  expect(await screen.findByText('Nessun messaggio')).toBeInTheDocument();
  expect(screen.getByText(/I messaggi compaiono qui/)).toBeInTheDocument();
});

it('counts a single message in the singular', async () => {
  const { account, token, businessId } = await createAdminWithBusiness();
  const { token: superToken } = (await callApi<{ token: string }>('/auth/login', { method: 'POST', body: { email: 'superadmin@demo.it', password: 'SuperAdmin2026!' } })).body;
  await callApi(`/settings/${businessId}`, { method: 'PUT', token: superToken, body: { sms_enabled: 1 } });
  const { status } = await callApi('/twilio/test-connection', { method: 'POST', token, body: { businessId, service: 'sms', testRecipient: '+393331234599' } });
  expect(status).toBe(200);
  await renderSignedIn(<OutboxScreen />, PATH, account, { preloadedState: { currentBusiness: { id: businessId } } });
  expect(await screen.findByText('Pagina 1 di 1 · 1 messaggio')).toBeInTheDocument();
});
