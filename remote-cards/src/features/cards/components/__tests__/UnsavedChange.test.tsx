/**
 * A points change whose answer is lost is never lost without a word: the row and the QR page say it was not
 * saved and «Invia di nuovo» sends it again with the same Idempotency-Key, so the real API (PGlite) counts it
 * once. A proxy in front of the API cuts the first answer after the API gave it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { CONNECTION_MESSAGES } from '@loyalty/shared';
import { apiCall, apiLosingFirstAnswer, cardRow, configureTestRuntime, createBusiness, createCard, signedInAsDemoAdmin, renderQrPage, type TestCard } from '../../../../../test/helpers';
import { LoyaltyCardsScreen } from '../LoyaltyCardsScreen';

const session = signedInAsDemoAdmin();
const balanceOf = async (cardId: string) => (await apiCall<{ points: number }>('GET', `/loyalty-cards/${cardId}`, session.token)).points;
const ledgerOf = (cardId: string) => apiCall<{ description: string; points: number }[]>('GET', `/loyalty-cards/${cardId}/ledger`, session.token);

/** The base query logs the answer that never came; these tests lose it on purpose. */
async function withLostFirstAnswer(path: RegExp, run: (keys: string[]) => Promise<void>) {
  const proxy = await apiLosingFirstAnswer(path);
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    configureTestRuntime(proxy.apiBaseUrl);
    await run(proxy.keys);
  } finally {
    logged.mockRestore();
    await proxy.close();
  }
}

it('the cards row: «Modifica non salvata», then «Invia di nuovo» with the same key; the ledger holds it once', async () => {
  const shop = await createBusiness(session.token);
  const card = await createCard(session.token, shop.id, 'Ugo Unico', 10);
  await withLostFirstAnswer(/\/points$/, async (keys) => {
    const { user: person } = session.render(<LoyaltyCardsScreen />, shop.id);
    const row = await cardRow('Ugo Unico');
    await person.type(within(row).getByLabelText('Punti per Ugo Unico'), '5');
    await person.type(within(row).getByLabelText('Descrizione per Ugo Unico'), 'Spesa persa');
    await person.click(within(row).getByRole('button', { name: 'Aggiorna Ugo Unico' }));
    const unsaved = await within(row).findByRole('alert');
    expect(unsaved).toHaveTextContent(CONNECTION_MESSAGES.unsaved);
    // The API did save it: only its answer was lost.
    expect(await balanceOf(card.id)).toBe(15);

    await person.click(within(unsaved).getByRole('button', { name: 'Invia di nuovo' }));
    expect(await screen.findByText('Punti aggiornati')).toBeInTheDocument();
    await waitFor(() => expect(within(row).queryByRole('alert')).not.toBeInTheDocument());
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^points-[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await balanceOf(card.id)).toBe(15);
    expect((await ledgerOf(card.id)).filter((entry) => entry.description === 'Spesa persa')).toHaveLength(1);
  });
});

it('the QR page: points added with a lost answer are sent again with their key and count once', async () => {
  const shop = await createBusiness(session.token);
  const card: TestCard = await createCard(session.token, shop.id, 'Quinto Qr', 0);
  await withLostFirstAnswer(/\/qrcode\/scan$/, async (keys) => {
    const { user: person } = renderQrPage(session, card, shop.id);
    await person.click(await screen.findByRole('button', { name: 'Aggiungi punti' }));
    const unsaved = await screen.findByRole('alert');
    expect(unsaved).toHaveTextContent(CONNECTION_MESSAGES.unsaved);
    await person.click(within(unsaved).getByRole('button', { name: 'Invia di nuovo' }));
    expect(await screen.findByText(/Nuovo saldo/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('card-balance')).toHaveTextContent('50 punti'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await balanceOf(card.id)).toBe(50);
  });
});

it('a sale at the counter: its lost answer keeps the sale and its key, «Invia di nuovo» records it once', async () => {
  const shop = await createBusiness(session.token);
  await apiCall('PUT', `/rewards/business/${shop.id}/program`, session.token, { earning_rule: 'per_euro', earn_points: 1, earn_every_cents: 100 });
  const card: TestCard = await createCard(session.token, shop.id, 'Vito Vendita', 0);
  await withLostFirstAnswer(/\/sales$/, async (keys) => {
    const { user: person } = renderQrPage(session, card, shop.id);
    await person.type(await screen.findByLabelText('Importo speso (€)'), '12,00');
    await person.click(await screen.findByRole('button', { name: 'Conferma vendita' }));
    const unsaved = await screen.findByRole('alert');
    expect(unsaved).toHaveTextContent('Errore durante la registrazione della vendita. Riprova: la stessa vendita non verrà registrata due volte.');
    expect(await balanceOf(card.id)).toBe(12);

    await person.click(within(unsaved).getByRole('button', { name: 'Invia di nuovo' }));
    expect(await screen.findByText(/Vendita registrata \(12,00 €\): \+12 punti/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^sale-[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await balanceOf(card.id)).toBe(12);
    expect((await ledgerOf(card.id)).filter((entry) => entry.points === 12)).toHaveLength(1);
  });
});
