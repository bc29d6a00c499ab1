/**
 * 'Riscatta premio' from a card's row and from the QR page, the ledger's kinds and the stamp mode,
 * against the real API on PGlite.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { Business } from '@loyalty/shared';
import { apiCall, apiLosingFirstAnswer, configureTestRuntime, createBusiness, createCard, type TestCard, signedInAsDemoAdmin, renderQrPage, renderWithSession, cardRow } from '../../../../../test/helpers';
import { LoyaltyCardsScreen } from '../LoyaltyCardsScreen';

const session = signedInAsDemoAdmin();

const createReward = (businessId: string, name: string, cost: number) => apiCall<{ id: string }>('POST', '/rewards', session.token, { businessId, name, cost });
const balanceOf = async (cardId: string) => (await apiCall<{ points: number }>('GET', `/loyalty-cards/${cardId}`, session.token)).points;
const renderCards = (businessId: string) => session.render(<LoyaltyCardsScreen />, businessId);

/** A shop with a coffee (100) and a dinner (200), and a card holding `points`. */
async function shopWithRewards(name: string, points: number): Promise<{ shop: Business; card: TestCard }> {
  const shop = await createBusiness(session.token);
  await createReward(shop.id, 'Cena', 200);
  await createReward(shop.id, 'Caffè', 100);
  const card = await createCard(session.token, shop.id, name, points);
  return { shop, card };
}

describe('from a card row', () => {
  it('lists the affordable rewards with a button and the others with what is missing, redeems one and shows the new balance', async () => {
    const { shop, card } = await shopWithRewards('Bruno Banco', 120);
    const { user: person } = renderCards(shop.id);
    await person.click(within(await cardRow('Bruno Banco')).getByRole('button', { name: 'Riscatta premio per Bruno Banco' }));
    const dialog = await screen.findByRole('dialog', { name: 'Riscatta premio – Bruno Banco' });
    expect(await within(dialog).findByText('120 punti')).toBeInTheDocument();
    const rewards = within(dialog).getByRole('list', { name: 'Premi' });
    expect(within(rewards).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['Caffè', 'Cena']);
    const dinner = within(rewards).getByRole('listitem', { name: 'Cena' });
    expect(within(dinner).getByText('Mancano 80 punti')).toBeInTheDocument();
    expect(within(dinner).queryByRole('button')).not.toBeInTheDocument();

    await person.click(within(rewards).getByRole('button', { name: 'Riscatta Caffè' }));
    expect(within(dialog).getByText('Riscattare «Caffè» per 100 punti? Il saldo passerà a 20 punti.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Conferma riscatto' })).toHaveFocus();
    // Nothing is taken before the confirmation.
    expect(await balanceOf(card.id)).toBe(120);
    await person.click(within(dialog).getByRole('button', { name: 'Conferma riscatto' }));
    const done = await within(dialog).findByRole('status');
    expect(done).toHaveTextContent('Premio riscattato: «Caffè». Nuovo saldo: 20 punti');
    // «Conferma riscatto» is gone: the focus is on the answer, still inside the dialog.
    expect(done).toHaveFocus();
    expect(await balanceOf(card.id)).toBe(20);
    // The dialog's list and the card list follow the new balance (RTK Query tags).
    await waitFor(() => expect(within(within(dialog).getByRole('listitem', { name: 'Caffè' })).getByText('Mancano 80 punti')).toBeInTheDocument());
    await person.click(within(dialog).getByRole('button', { name: 'Chiudi' }));
    await waitFor(async () => expect(within(await cardRow('Bruno Banco')).getByText('20 punti')).toBeInTheDocument());

    // The ledger names the kind of each row and the reward of the redemption.
    await person.click(within(await cardRow('Bruno Banco')).getByRole('button', { name: 'Movimenti di Bruno Banco' }));
    const ledger = await screen.findByRole('dialog', { name: 'Movimenti di Bruno Banco' });
    const entries = await within(ledger).findAllByRole('row');
    expect(within(entries[0]).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Data', 'Tipo', 'Punti', 'Descrizione', 'Operatore']);
    expect(entries[1]).toHaveTextContent('riscattoCaffè');
    expect(entries[1]).toHaveTextContent('-100');
    expect(entries[2]).toHaveTextContent('accredito');
    expect(entries[2]).not.toHaveTextContent('Caffè');
  });

  it("shows the server's refusal as it says it when the balance went down meanwhile", async () => {
    const { shop, card } = await shopWithRewards('Carla Corsa', 150);
    const { user: person } = renderCards(shop.id);
    await person.click(within(await cardRow('Carla Corsa')).getByRole('button', { name: 'Riscatta premio per Carla Corsa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Riscatta premio – Carla Corsa' });
    await person.click(await within(dialog).findByRole('button', { name: 'Riscatta Caffè' }));
    // Another till takes 100 points first.
    await apiCall('POST', `/loyalty-cards/${card.id}/points`, session.token, { points: -100, description: 'Altra cassa' });
    await person.click(within(dialog).getByRole('button', { name: 'Conferma riscatto' }));
    const refused = await within(dialog).findByRole('alert');
    expect(refused).toHaveTextContent('Punti insufficienti per questo premio');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(await balanceOf(card.id)).toBe(50);
  });

  it('says what to do when nothing can be redeemed today', async () => {
    const shop = await createBusiness(session.token);
    await createCard(session.token, shop.id, 'Dino Digiuno', 10);
    const { user: person } = renderCards(shop.id);
    await person.click(within(await cardRow('Dino Digiuno')).getByRole('button', { name: 'Riscatta premio per Dino Digiuno' }));
    const dialog = await screen.findByRole('dialog', { name: 'Riscatta premio – Dino Digiuno' });
    expect(await within(dialog).findByText('Nessun premio riscattabile oggi')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Vai ai Premi' })).toHaveAttribute('href', '/dashboard/rewards');
  });

  it('tells staff, who cannot open the rewards page, whom to ask instead of sending them there', async () => {
    const shop = await createBusiness(session.token);
    await createCard(session.token, shop.id, 'Elio Estivo', 10);
    const { user: person } = renderWithSession(<LoyaltyCardsScreen />, { token: session.token, user: { ...session.user, role: 'staff' }, businessId: shop.id });
    await person.click(within(await cardRow('Elio Estivo')).getByRole('button', { name: 'Riscatta premio per Elio Estivo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Riscatta premio – Elio Estivo' });
    expect(await within(dialog).findByText('Nessun premio riscattabile oggi')).toBeInTheDocument();
    expect(within(dialog).getByText(/Chiedi al titolare del negozio di crearli o riattivarli\./)).toBeInTheDocument();
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('a redemption whose answer is lost', () => {
  it('sends an Idempotency-Key and the same one when the same reward is confirmed again: the server redeems once; the next redemption has a new key', async () => {
    const { shop, card } = await shopWithRewards('Lia Linea', 250);
    const proxy = await apiLosingFirstAnswer(/\/redeem$/);
    // The base query logs the answer that never came; this test loses it on purpose.
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      configureTestRuntime(proxy.apiBaseUrl);
      const { user: person } = renderCards(shop.id);
      await person.click(within(await cardRow('Lia Linea')).getByRole('button', { name: 'Riscatta premio per Lia Linea' }));
      const dialog = await screen.findByRole('dialog', { name: 'Riscatta premio – Lia Linea' });
      await person.click(await within(dialog).findByRole('button', { name: 'Riscatta Caffè' }));
      await person.click(within(dialog).getByRole('button', { name: 'Conferma riscatto' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Errore durante il riscatto del premio. Riprova: lo stesso riscatto non verrà registrato due volte.',
      );
      expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^Nessuna risposta valida dal server su POST .*\/redeem$/), expect.anything());
      // The API did redeem: only its answer was lost.
      expect(await balanceOf(card.id)).toBe(150);

      // The counter tries the same reward again: the same submission, answered as the first time.
      await person.click(await within(dialog).findByRole('button', { name: 'Riscatta Caffè' }));
      await person.click(within(dialog).getByRole('button', { name: 'Conferma riscatto' }));
      expect(await within(dialog).findByRole('status')).toHaveTextContent('Premio riscattato: «Caffè». Nuovo saldo: 150 punti');
      expect(proxy.keys).toHaveLength(2);
      expect(proxy.keys[0]).toMatch(/^redeem-[0-9a-f]{32}$/);
      expect(proxy.keys[1]).toBe(proxy.keys[0]);
      expect(await balanceOf(card.id)).toBe(150);
      const ledger = await apiCall<{ kind: string }[]>('GET', `/loyalty-cards/${card.id}/ledger`, session.token);
      expect(ledger.filter((entry) => entry.kind === 'redemption')).toHaveLength(1);

      // Another redemption of the same reward, after the answer came: a new submission with its own key.
      await person.click(await within(dialog).findByRole('button', { name: 'Riscatta Caffè' }));
      await person.click(within(dialog).getByRole('button', { name: 'Conferma riscatto' }));
      await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('Nuovo saldo: 50 punti'));
      expect(proxy.keys).toHaveLength(3);
      expect(proxy.keys[2]).not.toBe(proxy.keys[0]);
      expect(await balanceOf(card.id)).toBe(50);
      // The dialog's list and the card list follow the server's balance.
      await waitFor(() => expect(within(within(dialog).getByRole('listitem', { name: 'Caffè' })).getByText('Mancano 50 punti')).toBeInTheDocument());
      await person.click(within(dialog).getByRole('button', { name: 'Chiudi' }));
      await waitFor(async () => expect(within(await cardRow('Lia Linea')).getByText('50 punti')).toBeInTheDocument());
    } finally {
      logged.mockRestore();
      await proxy.close();
    }
  });
});

describe('from the page a card QR opens', () => {
  it('redeems and shows the new balance on the page', async () => {
    const { shop, card } = await shopWithRewards('Elsa Cassa', 230);
    const { user: person } = renderQrPage(session, card, shop.id);
    expect(await screen.findByText('230 punti', { selector: 'dd' })).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Riscatta premio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Riscatta premio – Elsa Cassa' });
    await person.click(await within(dialog).findByRole('button', { name: 'Riscatta Cena' }));
    await person.click(within(dialog).getByRole('button', { name: 'Conferma riscatto' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Nuovo saldo: 30 punti');
    await person.click(within(dialog).getByRole('button', { name: 'Chiudi' }));
    expect(await screen.findByText('30 punti', { selector: 'dd' })).toBeInTheDocument();
  });
});

describe('a stamp-mode shop', () => {
  let shop: Business;
  let card: TestCard;

  beforeAll(async () => {
    shop = await createBusiness(session.token);
    await apiCall('PUT', `/rewards/business/${shop.id}/program`, session.token, { loyalty_mode: 'stamps' });
    await createReward(shop.id, 'Caffè gratis', 10);
    card = await createCard(session.token, shop.id, 'Tina Timbri', 9);
  });

  it('says timbri on the card list, takes whole stamps only and tells what is missing in timbri', async () => {
    const { user: person } = renderCards(shop.id);
    const tina = await cardRow('Tina Timbri');
    await waitFor(() => expect(within(tina).getByText('9 timbri')).toBeInTheDocument());
    await person.type(within(tina).getByLabelText('Timbri per Tina Timbri'), '1,5');
    await person.type(within(tina).getByLabelText('Descrizione per Tina Timbri'), 'Caffè');
    await person.click(within(tina).getByRole('button', { name: 'Aggiorna Tina Timbri' }));
    expect(await screen.findByText('In modalità timbri puoi aggiungere solo timbri interi (almeno 1)')).toBeInTheDocument();
    expect(await balanceOf(card.id)).toBe(9);

    await person.click(within(tina).getByRole('button', { name: 'Riscatta premio per Tina Timbri' }));
    const dialog = await screen.findByRole('dialog', { name: 'Riscatta premio – Tina Timbri' });
    expect(await within(dialog).findByText('Manca 1 timbro')).toBeInTheDocument();
  });

  it('starts the QR page at 1 timbro', async () => {
    renderQrPage(session, card, shop.id);
    expect(await screen.findByRole('heading', { level: 1, name: 'Aggiungi timbri' })).toBeInTheDocument();
    const stamps = await screen.findByLabelText('Timbri da aggiungere');
    expect(stamps).toHaveValue(1);
    expect(stamps).toHaveAttribute('step', '1');
    expect(screen.getByRole('button', { name: 'Aggiungi timbri' })).toBeInTheDocument();
  });
});
