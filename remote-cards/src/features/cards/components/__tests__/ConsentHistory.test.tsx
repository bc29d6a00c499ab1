/**
 * Issue 22 (decision 047): "Storico consensi" on a card's row opens a dialog with the card's consent events in
 * Italian, newest first, against the real API on PGlite; and its empty and error states.
 */
import { screen, within } from '@testing-library/react';
import type { User } from '@loyalty/shared';
import { DEMO_ADMIN, apiCall, configureTestRuntime, createBusiness, createCard, logIn, renderWithSession, unique } from '../../../../../test/helpers';
import { LoyaltyCardsScreen } from '../LoyaltyCardsScreen';

let token: string;
let user: User;

beforeAll(async () => {
  configureTestRuntime();
  ({ token, user } = await logIn(DEMO_ADMIN));
});

beforeEach(() => {
  localStorage.clear();
  configureTestRuntime();
});

const row = (name: string) => screen.findByRole('article', { name });
const renderCards = (businessId: string) => renderWithSession(<LoyaltyCardsScreen />, { token, user, businessId });

it('lists the events newest first in Italian: signup consents, then an admin-recorded channel', async () => {
  const shop = await createBusiness(token);
  // A public signup: the privacy notice and WhatsApp, from the form.
  await apiCall('POST', '/users/loyalty-cards/create', null, {
    email: `${unique('consenso').replace(/\W+/g, '.')}@example.it`,
    full_name: 'Carla Consenso',
    phone: `+39 333 ${String(1_000_000 + Math.floor(Math.random() * 8_999_999))}`,
    business_id: shop.id,
    privacy_ack: true,
    marketing_channels: ['whatsapp'],
  });
  const { user: person } = renderCards(shop.id);
  await person.click(within(await row('Carla Consenso')).getByRole('button', { name: 'Storico consensi di Carla Consenso' }));
  const dialog = await screen.findByRole('dialog', { name: 'Storico consensi di Carla Consenso' });
  const list = await within(dialog).findByRole('list', { name: 'Consensi, dal più recente' });
  const items = within(list).getAllByRole('listitem').map((item) => item.textContent);
  // Same instant: written in order, so the newest (WhatsApp) comes first.
  expect(items).toHaveLength(2);
  expect(items[0]).toMatch(/^\d{2}\/\d{2}\/\d{4}.*\d{2}:\d{2} — Marketing WhatsApp: concesso — modulo di iscrizione \(testo v1\)$/);
  expect(items[1]).toMatch(/ — Informativa privacy: concesso — modulo di iscrizione \(testo v1\)$/);

  await person.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('names the admin who recorded a consent at the counter', async () => {
  const shop = await createBusiness(token);
  await apiCall('POST', '/users', token, {
    email: `${unique('banco').replace(/\W+/g, '.')}@example.it`,
    full_name: 'Bruno Banco',
    role: 'client',
    business_id: shop.id,
    marketing_channels: ['sms', 'email'],
  });
  const { user: person } = renderCards(shop.id);
  await person.click(within(await row('Bruno Banco')).getByRole('button', { name: 'Storico consensi di Bruno Banco' }));
  const dialog = await screen.findByRole('dialog', { name: 'Storico consensi di Bruno Banco' });
  const items = within(await within(dialog).findByRole('list')).getAllByRole('listitem').map((item) => item.textContent);
  expect(items.map((text) => text?.replace(/^.* — (Marketing)/, '$1'))).toEqual([
    `Marketing Email: concesso — registrato da ${user.full_name} (testo v1)`,
    `Marketing SMS: concesso — registrato da ${user.full_name} (testo v1)`,
  ]);
});

it('shows the empty state for a card without consents and the error of a card deleted meanwhile', async () => {
  const shop = await createBusiness(token);
  // An admin's client without channels: no privacy notice acknowledged there, no marketing.
  await createCard(token, shop.id, 'Nina Nessuno');
  const gone = await createCard(token, shop.id, 'Gino Già Via');
  const { user: person } = renderCards(shop.id);
  await person.click(within(await row('Nina Nessuno')).getByRole('button', { name: 'Storico consensi di Nina Nessuno' }));
  const empty = await screen.findByRole('dialog', { name: 'Storico consensi di Nina Nessuno' });
  expect(await within(empty).findByText('Nessun consenso registrato')).toBeInTheDocument();
  await person.keyboard('{Escape}');

  await apiCall('DELETE', `/loyalty-cards/${gone.id}`, token);
  await person.click(within(await row('Gino Già Via')).getByRole('button', { name: 'Storico consensi di Gino Già Via' }));
  const failed = await screen.findByRole('dialog', { name: 'Storico consensi di Gino Già Via' });
  expect(await within(failed).findByRole('alert')).toHaveTextContent('Carta non trovata');
});
