/** The loyalty cards screen (the bonus decided by the server) against the real API on PGlite. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Business, CardPage } from '@loyalty/shared';
import { startTestApiServer } from '@loyalty/shared/testing';
import {
  BAR_CENTRALE,
  apiCall,
  cardCount,
  createBusiness,
  createCard,
  outboxMessagesOf,
  signedInAsDemoAdmin,
  cardRow,
} from '../../../test/helpers';
import LoyaltyCardsScreen from '../LoyaltyCards';

const session = signedInAsDemoAdmin();

const renderScreen = (businessId: string) => session.render(<LoyaltyCardsScreen />, businessId);

describe('the list', () => {
  it('renders only the rows in view and more as it scrolls (Bar Centrale, its demo cards)', async () => {
    const total = await cardCount(session.token, BAR_CENTRALE);
    expect(total).toBeGreaterThanOrEqual(24);
    renderScreen(BAR_CENTRALE);
    expect(await screen.findByText(`${total} carte`)).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Carte fedeltà' });
    await waitFor(() => expect(within(list).getAllByRole('article').length).toBeGreaterThan(0));
    const firstRendered = within(list).getAllByRole('listitem');
    expect(firstRendered.length).toBeLessThan(total);
    expect(firstRendered[0]).toHaveAttribute('aria-setsize', String(total));

    const viewport = screen.getByRole('region', { name: 'Carte fedeltà' });
    viewport.scrollTop = total * 160;
    fireEvent.scroll(viewport);
    await waitFor(() => expect(within(list).getAllByRole('listitem').at(-1)).toHaveAttribute('aria-posinset', String(total)));
    expect(list.querySelector('[aria-posinset="1"]')).toBeNull();
  });

  it("shows each card's marketing consent by channel, in Italian (decision 025)", async () => {
    const shop = await createBusiness(session.token);
    await createCard(session.token, shop.id, 'Nora Nessuno', 0);
    await apiCall('POST', '/users/loyalty-cards/create', null, {
      email: `canali.${Date.now()}@example.it`,
      full_name: 'Wanda Canali',
      phone: '+39 333 444 0001',
      business_id: shop.id,
      privacy_ack: true,
      marketing_channels: ['sms', 'whatsapp'],
    });
    renderScreen(shop.id);
    expect(within(await cardRow('Wanda Canali')).getByText('Marketing: WhatsApp, SMS')).toBeInTheDocument();
    expect(within(await cardRow('Nora Nessuno')).getByText('Nessun consenso marketing')).toBeInTheDocument();
  });

  it('puts the search and the filter first, disabled until the shop is known, then the owner’s tools (decision 094)', async () => {
    renderScreen(BAR_CENTRALE);
    const search = screen.getByRole('searchbox', { name: 'Cerca per nome, e-mail, numero carta o telefono' });
    const status = screen.getByRole('combobox', { name: 'Stato' });
    // As the shell's frame paints them: nothing can be typed before the shop's cards can be searched.
    expect(search).toBeDisabled();
    expect(status).toBeDisabled();
    expect(within(status).getAllByRole('option').map((option) => option.textContent)).toEqual(['Tutte', 'Attive', 'Inattive']);
    await waitFor(() => expect(search).toBeEnabled());
    expect(status).toBeEnabled();
    const tools = await screen.findByRole('group', { name: 'Importa ed esporta' });
    const threshold = screen.getByRole('form', { name: 'Soglia bonus' });
    const follows = (before: Element, after: Element) => Boolean(before.compareDocumentPosition(after) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect([follows(search, status), follows(status, tools), follows(tools, threshold)]).toEqual([true, true, true]);
  });

  it('folds the owner’s tools on a phone, so the first cards follow the search; one tap opens them', async () => {
    // jsdom has no matchMedia: a phone's answer to the screen's query, as Chromium gives it under 720 px.
    const listeners: ((event: { matches: boolean }) => void)[] = [];
    window.matchMedia = ((query: string) => ({
      matches: query === '(max-width: 719px)',
      media: query,
      addEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => listeners.push(listener),
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
    try {
      const { user: person } = renderScreen(BAR_CENTRALE);
      const summary = await screen.findByText('Esporta, importa e soglia bonus');
      // Folded, the tools are not even drawn yet (decision 107: nor is the threshold's rule loaded).
      await screen.findAllByRole('listitem');
      expect(screen.queryByRole('button', { name: 'Esporta carte (CSV)', hidden: true })).toBeNull();
      expect(screen.queryByRole('form', { name: 'Soglia bonus', hidden: true })).toBeNull();
      await person.click(summary);
      const exportCards = screen.getByRole('button', { name: 'Esporta carte (CSV)' });
      expect(exportCards).toBeVisible();
      expect(screen.getByRole('form', { name: 'Soglia bonus' })).toBeVisible();
      // Folded again, then the window grows past a phone's width: the tools open by themselves.
      await person.click(summary);
      expect(exportCards).not.toBeVisible();
      act(() => listeners.forEach((listener) => listener({ matches: false })));
      expect(exportCards).toBeVisible();
    } finally {
      delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });

  it('searches by name, card number and phone and filters Tutte / Attive / Inattive', async () => {
    const shop = await createBusiness(session.token);
    const zero = await createCard(session.token, shop.id, 'Carla Zero', 0);
    await createCard(session.token, shop.id, 'Dario Pieno', 75);
    const { user: person } = renderScreen(shop.id);
    expect(await cardRow('Carla Zero')).toBeInTheDocument();
    expect(await cardRow('Dario Pieno')).toBeInTheDocument();

    await person.selectOptions(screen.getByLabelText('Stato'), 'Attive');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Carla Zero' })).not.toBeInTheDocument());
    expect(await cardRow('Dario Pieno')).toBeInTheDocument();
    await person.selectOptions(screen.getByLabelText('Stato'), 'Inattive');
    expect(await cardRow('Carla Zero')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Dario Pieno' })).not.toBeInTheDocument();
    await person.selectOptions(screen.getByLabelText('Stato'), 'Tutte');

    const search = screen.getByLabelText('Cerca per nome, e-mail, numero carta o telefono');
    await person.type(search, zero.phone.slice(-7));
    expect(await screen.findByText('1 carta')).toBeInTheDocument();
    expect(await cardRow('Carla Zero')).toBeInTheDocument();
    await person.clear(search);
    await person.type(search, 'dario');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Carla Zero' })).not.toBeInTheDocument());
    expect(await cardRow('Dario Pieno')).toBeInTheDocument();
    await person.clear(search);
    await person.type(search, 'nessuno-così');
    expect(await screen.findByText('Nessuna carta trovata')).toBeInTheDocument();
    // «Tutte» is already chosen: the hint does not suggest it.
    expect(screen.getByText('Nessuna carta corrisponde alla ricerca: prova con altre parole (nome, e-mail, numero carta o telefono).')).toBeInTheDocument();
    await person.selectOptions(screen.getByLabelText('Stato'), 'Attive');
    expect(await screen.findByText('Nessuna carta corrisponde alla ricerca o al filtro: prova con altre parole o scegli «Tutte».')).toBeInTheDocument();
  });
});

describe('points', () => {
  it('asks for both fields, accepts decimals and shows the change in the ledger', async () => {
    const shop = await createBusiness(session.token);
    await createCard(session.token, shop.id, 'Elena Punti', 10);
    const { user: person } = renderScreen(shop.id);
    const card = await cardRow('Elena Punti');
    expect(within(card).getByText('10 punti')).toBeInTheDocument();

    await person.type(within(card).getByLabelText('Punti per Elena Punti'), '12,5');
    await person.click(within(card).getByRole('button', { name: 'Aggiorna Elena Punti' }));
    expect(await screen.findByText('Compila sia punti che descrizione')).toBeInTheDocument();
    // The refused field is marked and takes the focus; the points typed stay (decision 101: checked without a form library).
    const description = within(card).getByLabelText('Descrizione per Elena Punti');
    expect(description).toHaveAttribute('aria-invalid', 'true');
    expect(description).toHaveFocus();
    expect(within(card).getByLabelText('Punti per Elena Punti')).not.toHaveAttribute('aria-invalid');
    expect(within(card).getByLabelText('Punti per Elena Punti')).toHaveValue('12,5');

    await person.type(description, 'Spesa del sabato');
    await person.click(within(card).getByRole('button', { name: 'Aggiorna Elena Punti' }));
    expect(await screen.findByText('Punti aggiornati')).toBeInTheDocument();
    // Saved: the row's fields are empty again and no longer marked.
    await waitFor(async () => expect(within(await cardRow('Elena Punti')).getByLabelText('Descrizione per Elena Punti')).toHaveValue(''));
    expect(within(await cardRow('Elena Punti')).getByLabelText('Descrizione per Elena Punti')).not.toHaveAttribute('aria-invalid');
    await waitFor(async () => expect(within(await cardRow('Elena Punti')).getByText('22,5 punti')).toBeInTheDocument());

    await person.click(within(await cardRow('Elena Punti')).getByRole('button', { name: 'Movimenti di Elena Punti' }));
    const dialog = await screen.findByRole('dialog', { name: 'Movimenti di Elena Punti' });
    const entries = await within(dialog).findAllByRole('row');
    expect(entries[1]).toHaveTextContent('+12,5');
    expect(entries[1]).toHaveTextContent('Spesa del sabato');
    expect(entries[1]).toHaveTextContent('Marco Bianchi');
    expect(entries[2]).toHaveTextContent('Saldo iniziale');
  });

  it('keeps what was typed in a row when a search rebuilds the list', async () => {
    const shop = await createBusiness(session.token);
    await createCard(session.token, shop.id, 'Gina Bozza', 3);
    await createCard(session.token, shop.id, 'Ugo Altro', 4);
    const { user: person } = renderScreen(shop.id);
    await person.type(within(await cardRow('Gina Bozza')).getByLabelText('Punti per Gina Bozza'), '4');
    await person.type(screen.getByLabelText('Cerca per nome, e-mail, numero carta o telefono'), 'gina');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ugo Altro' })).not.toBeInTheDocument());
    // The list was rebuilt for the search: a new row, the same draft.
    const card = await cardRow('Gina Bozza');
    expect(within(card).getByLabelText('Punti per Gina Bozza')).toHaveValue('4');
    await person.type(within(card).getByLabelText('Descrizione per Gina Bozza'), 'Caffè');
    await person.click(within(card).getByRole('button', { name: 'Aggiorna Gina Bozza' }));
    expect(await screen.findByText('Punti aggiornati')).toBeInTheDocument();
    await waitFor(async () => expect(within(await cardRow('Gina Bozza')).getByText('7 punti')).toBeInTheDocument());
    expect(within(await cardRow('Gina Bozza')).getByLabelText('Punti per Gina Bozza')).toHaveValue('');
  });

  it("shows the server's error when the balance would go below zero", async () => {
    const shop = await createBusiness(session.token);
    await createCard(session.token, shop.id, 'Franco Vuoto', 5);
    const { user: person } = renderScreen(shop.id);
    const card = await cardRow('Franco Vuoto');
    await person.type(within(card).getByLabelText('Punti per Franco Vuoto'), '-10');
    await person.type(within(card).getByLabelText('Descrizione per Franco Vuoto'), 'Reso');
    await person.click(within(card).getByRole('button', { name: 'Aggiorna Franco Vuoto' }));
    expect(await screen.findByText('Saldo punti insufficiente')).toBeInTheDocument();
  });
});

it("deletes a card only after the product's dialog, naming the customer and what is lost, is confirmed", async () => {
  const shop = await createBusiness(session.token);
  await createCard(session.token, shop.id, 'Gino Via', 12);
  await createCard(session.token, shop.id, 'Ida Resta', 0);
  const { user: person } = renderScreen(shop.id);
  await person.click(within(await cardRow('Gino Via')).getByRole('button', { name: 'Elimina Gino Via' }));
  const dialog = await screen.findByRole('dialog', { name: 'Eliminare questa carta?' });
  expect(dialog).toHaveTextContent(/La carta di Gino Via \(N\. \S+\) sarà eliminata con il saldo di 12 punti e lo storico dei movimenti\. Non si può annullare\./);
  await person.click(within(dialog).getByRole('button', { name: 'Annulla' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('article', { name: 'Gino Via' })).toBeInTheDocument();

  await person.click(within(await cardRow('Gino Via')).getByRole('button', { name: 'Elimina Gino Via' }));
  await person.click(within(await screen.findByRole('dialog', { name: 'Eliminare questa carta?' })).getByRole('button', { name: 'Elimina carta' }));
  expect(await screen.findByText('Carta eliminata')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('article', { name: 'Gino Via' })).not.toBeInTheDocument());
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('article', { name: 'Ida Resta' })).toBeInTheDocument();
  expect(await screen.findByText('1 carta')).toBeInTheDocument();
});

describe('bonus (decided and sent by the server)', () => {
  const today = () => new Date().toLocaleDateString('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric' });
  const thresholdOf = async (businessId: string) => (await apiCall<{ bonus_threshold: number }>('GET', `/settings/${businessId}`, session.token)).bonus_threshold;
  const sentTo = async (cardId: string, businessId: string) => (await outboxMessagesOf(cardId, businessId)).length;
  /** The worker of the test API sends within a second or so of the enqueue. */
  const eventually = (check: () => Promise<void>) => waitFor(check, { timeout: 10_000, interval: 200 });

  it('shows "bonus inviato il …" for a card the server sent a bonus to, and one message only, however many screens are open', async () => {
    const shop = await createBusiness(session.token, { whatsapp: true });
    const card = await createCard(session.token, shop.id, 'Luca Bonus', 2500);
    const below = await createCard(session.token, shop.id, 'Marta Sotto', 999);
    // Two admins' screens at once: nothing in the browser sends anything any more.
    renderScreen(shop.id);
    renderScreen(shop.id);
    await waitFor(() => expect(screen.getAllByRole('article', { name: 'Luca Bonus' })).toHaveLength(2));
    for (const row of screen.getAllByRole('article', { name: 'Luca Bonus' })) {
      expect(within(row).getByText(`bonus inviato il ${today()}`)).toBeInTheDocument();
      expect(within(row).queryByText('Bonus!')).not.toBeInTheDocument();
    }
    expect(within(screen.getAllByRole('article', { name: 'Marta Sotto' })[0]).queryByText(/bonus inviato/)).not.toBeInTheDocument();
    expect(screen.queryByText('WhatsApp non abilitato:')).not.toBeInTheDocument();
    expect(screen.getAllByLabelText('Soglia bonus (punti)')[0]).toHaveValue(1000);

    // 2500 points pass 1000 and reach 2000: one message (migration 046), once.
    await eventually(async () => expect(await sentTo(card.id, shop.id)).toBe(1));
    const messages = await outboxMessagesOf(card.id, shop.id);
    expect(messages.map((m) => [m.channel, m.body])).toEqual([['whatsapp', `Complimenti Luca Bonus! Con 2.500 punti hai raggiunto un premio da ${shop.name}.`]]);
    expect(await sentTo(below.id, shop.id)).toBe(0);
    expect(localStorage.getItem('bonusTriggered')).toBeNull();
  });

  it('queues the bonus when points typed on the screen cross the threshold, and the row says so', async () => {
    const shop = await createBusiness(session.token, { whatsapp: true });
    const card = await createCard(session.token, shop.id, 'Nina Sale', 900);
    const { user: person } = renderScreen(shop.id);
    const row1 = await cardRow('Nina Sale');
    expect(within(row1).queryByText(/bonus inviato/)).not.toBeInTheDocument();
    await person.type(within(row1).getByLabelText('Punti per Nina Sale'), '150');
    await person.type(within(row1).getByLabelText('Descrizione per Nina Sale'), 'Acquisto');
    await person.click(within(row1).getByRole('button', { name: 'Aggiorna Nina Sale' }));
    expect(await screen.findByText('Punti aggiornati')).toBeInTheDocument();
    await waitFor(async () => expect(within(await cardRow('Nina Sale')).getByText(`bonus inviato il ${today()}`)).toBeInTheDocument());
    await eventually(async () => expect(await sentTo(card.id, shop.id)).toBe(1));
  });

  it("with WhatsApp off shows 'Bonus!' on the cards and 'WhatsApp non abilitato' once, sending nothing", async () => {
    const off = await createBusiness(session.token);
    const first = await createCard(session.token, off.id, 'Olga Spenta', 1200);
    const second = await createCard(session.token, off.id, 'Piero Spento', 3100);
    renderScreen(off.id);
    expect(within(await cardRow('Olga Spenta')).getByText('Bonus!')).toBeInTheDocument();
    expect(within(await cardRow('Piero Spento')).getByText('Bonus!')).toBeInTheDocument();
    expect(screen.getAllByText('WhatsApp non abilitato:')).toHaveLength(1);
    expect(await sentTo(first.id, off.id)).toBe(0);
    expect(await sentTo(second.id, off.id)).toBe(0);
  });

  it('says at once when the threshold typed is not one, and saves nothing', async () => {
    const shop = await createBusiness(session.token);
    const { user: person } = renderScreen(shop.id);
    const input = await screen.findByLabelText('Soglia bonus (punti)');
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
    await person.clear(input);
    await person.type(input, '0');
    expect(await screen.findByText('La soglia deve essere un numero intero di almeno 1')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Salva soglia' })).toBeDisabled();
    await person.clear(input);
    await person.type(input, '800');
    await waitFor(() => expect(screen.queryByText('La soglia deve essere un numero intero di almeno 1')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Salva soglia' })).toBeEnabled();
    expect(await thresholdOf(shop.id)).toBe(1000);
  });

  it('asks before a threshold that sends messages: Annulla keeps the old one, Conferma saves it and queues that many', async () => {
    const shop = await createBusiness(session.token, { whatsapp: true });
    const a = await createCard(session.token, shop.id, 'Rita Settecento', 700);
    const b = await createCard(session.token, shop.id, 'Sergio Millecinque', 1500); // 1000 already sent
    await eventually(async () => expect(await sentTo(b.id, shop.id)).toBe(1));
    const { user: person } = renderScreen(shop.id);
    const input = await screen.findByLabelText('Soglia bonus (punti)');
    expect(input).toHaveValue(1000);
    expect(input).toHaveAccessibleDescription('Salvata: 1.000 punti');
    const save = screen.getByRole('button', { name: 'Salva soglia' });
    expect(save).toBeDisabled();

    await person.clear(input);
    await person.type(input, '500');
    await person.click(save);
    const dialog = await screen.findByRole('dialog', { name: 'Nuova soglia bonus' });
    // 700 reaches 500; 1500 reaches 1500 (above the 1000 it was sent): two messages.
    expect(within(dialog).getByText('La nuova soglia invierà 2 messaggi bonus. Confermi?')).toBeInTheDocument();
    await person.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Soglia bonus (punti)')).toHaveValue(1000);
    expect(await thresholdOf(shop.id)).toBe(1000);
    expect(await sentTo(a.id, shop.id)).toBe(0);

    await person.clear(screen.getByLabelText('Soglia bonus (punti)'));
    await person.type(screen.getByLabelText('Soglia bonus (punti)'), '500');
    await person.click(screen.getByRole('button', { name: 'Salva soglia' }));
    await person.click(within(await screen.findByRole('dialog', { name: 'Nuova soglia bonus' })).getByRole('button', { name: 'Conferma' }));
    expect(await screen.findByText('Soglia bonus salvata: 2 messaggi bonus in coda')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await thresholdOf(shop.id)).toBe(500);
    await waitFor(() => expect(screen.getByLabelText('Soglia bonus (punti)')).toHaveValue(500));
    await waitFor(async () => expect(within(await cardRow('Rita Settecento')).getByText(`bonus inviato il ${today()}`)).toBeInTheDocument());
    await eventually(async () => {
      expect(await sentTo(a.id, shop.id)).toBe(1);
      expect(await sentTo(b.id, shop.id)).toBe(2);
    });
  });

  it('asks again with the new number when cards changed between the question and the answer', async () => {
    const shop = await createBusiness(session.token, { whatsapp: true });
    await createCard(session.token, shop.id, 'Tina Seicento', 600);
    const late = await createCard(session.token, shop.id, 'Ugo Ritardo', 100);
    const { user: person } = renderScreen(shop.id);
    const input = await screen.findByLabelText('Soglia bonus (punti)');
    await person.clear(input);
    await person.type(input, '500');
    await person.click(screen.getByRole('button', { name: 'Salva soglia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuova soglia bonus' });
    expect(within(dialog).getByText('La nuova soglia invierà 1 messaggio bonus. Confermi?')).toBeInTheDocument();
    // Meanwhile another admin adds points: one more card would get a message.
    await apiCall('POST', `/loyalty-cards/${late.id}/points`, session.token, { points: 450, description: 'Altra cassa' });
    await person.click(within(dialog).getByRole('button', { name: 'Conferma' }));
    expect(await within(dialog).findByText('La nuova soglia invierà 2 messaggi bonus. Confermi?')).toBeInTheDocument();
    expect(await thresholdOf(shop.id)).toBe(1000);
    await person.click(within(dialog).getByRole('button', { name: 'Conferma' }));
    expect(await screen.findByText('Soglia bonus salvata: 2 messaggi bonus in coda')).toBeInTheDocument();
    expect(await thresholdOf(shop.id)).toBe(500);
  });

  it('saves without asking when nothing would be sent, also with WhatsApp off where the cards get their Bonus!', async () => {
    const off = await createBusiness(session.token);
    await createCard(session.token, off.id, 'Vera Seicento', 600);
    const { user: person } = renderScreen(off.id);
    expect(within(await cardRow('Vera Seicento')).queryByText('Bonus!')).not.toBeInTheDocument();
    const input = screen.getByLabelText('Soglia bonus (punti)');
    await person.clear(input);
    await person.type(input, '500');
    await person.click(screen.getByRole('button', { name: 'Salva soglia' }));
    expect(await screen.findByText('Soglia bonus salvata')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await thresholdOf(off.id)).toBe(500);
    // After the toast has gone, the field still says what is saved.
    await waitFor(() => expect(screen.getByLabelText('Soglia bonus (punti)')).toHaveAccessibleDescription('Salvata: 500 punti'));
    await waitFor(async () => expect(within(await cardRow('Vera Seicento')).getByText('Bonus!')).toBeInTheDocument());
    expect(screen.getAllByText('WhatsApp non abilitato:')).toHaveLength(1);
  });

  it('validates the threshold (integer, at least 1) before asking the server', async () => {
    const off = await createBusiness(session.token);
    const { user: person } = renderScreen(off.id);
    const threshold = await screen.findByLabelText('Soglia bonus (punti)');
    expect(threshold).toHaveAttribute('min', '1');
    for (const typed of ['0', '12.5']) {
      await person.clear(threshold);
      await person.type(threshold, typed);
      expect(screen.getByText('La soglia deve essere un numero intero di almeno 1')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Salva soglia' })).toBeDisabled();
    }
    expect(await thresholdOf(off.id)).toBe(1000);
  });
});

it("shows a card's points expiring within 30 days, as the server reports them", async () => {
  const shop = await createBusiness(session.token);
  await createCard(session.token, shop.id, 'Pia Scadenza', 40);
  await createCard(session.token, shop.id, 'Quinto Tranquillo', 40);
  // The real API's answers, with one card's expiry as the server reports it on a later day.
  const businesses = await apiCall<Business[]>('GET', '/business', session.token);
  const page = await apiCall<CardPage>('GET', `/loyalty-cards/business/${shop.id}?offset=0&limit=50`, session.token);
  const later = await startTestApiServer({
    'GET /business': { body: businesses },
    [`GET /loyalty-cards/business/${shop.id}`]: {
      body: { ...page, items: page.items.map((card) => (card.customer_name === 'Pia Scadenza' ? { ...card, expiring_points: 12.5, expiring_on: '2026-12-20' } : card)) },
    },
  });
  try {
    renderScreen(shop.id);
    expect(within(await cardRow('Pia Scadenza')).getByText('12,5 punti in scadenza il 20/12/2026')).toBeInTheDocument();
    expect(within(await cardRow('Quinto Tranquillo')).queryByText(/in scadenza/)).not.toBeInTheDocument();
  } finally {
    await later.close();
  }
});
