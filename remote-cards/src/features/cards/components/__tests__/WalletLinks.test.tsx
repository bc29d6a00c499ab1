/**
 * "Invia link wallet" in a card's row, against the real API on PGlite with Apple Wallet configured
 * by the development certificates (tools/jest/real-api.js): the API's Italian outcome as the notice, the
 * message in the Outbox, a second click within the minute sending nothing, a shop with no channel.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { createBusiness, createCard, outboxMessagesOf, signedInAsDemoAdmin, cardRow } from '../../../../../test/helpers';
import { LoyaltyCardsScreen } from '../LoyaltyCardsScreen';

const session = signedInAsDemoAdmin();


it('sends the card’s wallet links on WhatsApp, says so, and does not send twice for a second click', async () => {
  const shop = await createBusiness(session.token, { whatsapp: true });
  const card = await createCard(session.token, shop.id, 'Wanda Wallet');
  const { user: person } = session.render(<LoyaltyCardsScreen />, shop.id);
  const send = await within(await cardRow('Wanda Wallet')).findByRole('button', { name: 'Invia link wallet a Wanda Wallet' });

  await person.click(send);
  // A success notice (role status; the screen has its own status line too).
  expect((await screen.findByText('Link Apple Wallet in coda: il cliente li riceverà via WhatsApp.')).closest('[role="status"]')).not.toBeNull();
  await waitFor(async () => {
    const messages = await outboxMessagesOf(card.id, shop.id);
    expect(messages).toHaveLength(1);
    expect(messages[0].channel).toBe('whatsapp');
    expect(messages[0].body).toMatch(/^Ciao Wanda, salva la tua carta fedeltà .+ nel telefono:\nApple Wallet: http.+\/api\/wallet\/apple\/pass\/[\w-]{43}\.pkpass\n/);
  });

  await person.click(send);
  // The links are on their way: not an error, but nothing new was sent.
  expect((await screen.findByText('Link wallet già in coda via WhatsApp da meno di un minuto: nessun nuovo messaggio.')).closest('[role="status"]')).not.toBeNull();
  expect(await outboxMessagesOf(card.id, shop.id)).toHaveLength(1);
});

it('tells the admin when no channel reaches the customer', async () => {
  const shop = await createBusiness(session.token);
  await createCard(session.token, shop.id, 'Nico Nessuno');
  const { user: person } = session.render(<LoyaltyCardsScreen />, shop.id);
  await person.click(await within(await cardRow('Nico Nessuno')).findByRole('button', { name: 'Invia link wallet a Nico Nessuno' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Link wallet non inviati: nessun canale raggiunge il cliente/);
});
