/** The loyalty cards screen (SPEC §2, §4, §5) against the real API on PGlite. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Business, User } from '@loyalty/shared';
import {
  BAR_CENTRALE,
  cardCount,
  configureTestRuntime,
  createBusiness,
  createCard,
  login,
  outboxMessagesOf,
  renderSignedIn,
} from '../../../../test/helpers';
import { LoyaltyCardsScreen } from '../LoyaltyCardsScreen';

let token: string;
let user: User;

beforeAll(async () => {
  configureTestRuntime();
  ({ token, user } = await login());
});

beforeEach(() => {
  localStorage.clear();
  configureTestRuntime();
});

const row = (name: string) => screen.findByRole('article', { name });
const renderScreen = (businessId: string) => renderSignedIn(<LoyaltyCardsScreen />, { token, user, businessId });

describe('the list', () => {
  it('renders only the rows in view and more as it scrolls (Bar Centrale, its demo cards)', async () => {
    const total = await cardCount(token, BAR_CENTRALE);
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

  it('searches by name, card number and phone and filters Tutte / Attive / Inattive', async () => {
    const shop = await createBusiness(token);
    const zero = await createCard(token, shop.id, 'Carla Zero', 0);
    await createCard(token, shop.id, 'Dario Pieno', 75);
    const { user: person } = renderScreen(shop.id);
    expect(await row('Carla Zero')).toBeInTheDocument();
    expect(await row('Dario Pieno')).toBeInTheDocument();

    await person.selectOptions(screen.getByLabelText('Stato'), 'Attive');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Carla Zero' })).not.toBeInTheDocument());
    expect(await row('Dario Pieno')).toBeInTheDocument();
    await person.selectOptions(screen.getByLabelText('Stato'), 'Inattive');
    expect(await row('Carla Zero')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Dario Pieno' })).not.toBeInTheDocument();
    await person.selectOptions(screen.getByLabelText('Stato'), 'Tutte');

    const search = screen.getByLabelText('Cerca per nome, numero carta o telefono');
    await person.type(search, zero.phone.slice(-7));
    expect(await screen.findByText('1 carta')).toBeInTheDocument();
    expect(await row('Carla Zero')).toBeInTheDocument();
    await person.clear(search);
    await person.type(search, 'dario');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Carla Zero' })).not.toBeInTheDocument());
    expect(await row('Dario Pieno')).toBeInTheDocument();
    await person.clear(search);
    await person.type(search, 'nessuno-così');
    expect(await screen.findByText('No cards found')).toBeInTheDocument();
    expect(screen.getByText('Nessuna carta corrisponde alla ricerca o al filtro: prova con altre parole o scegli «Tutte».')).toBeInTheDocument();
  });
});

describe('points', () => {
  it('asks for both fields, accepts decimals and shows the change in the ledger', async () => {
    const shop = await createBusiness(token);
    await createCard(token, shop.id, 'Elena Punti', 10);
    const { user: person } = renderScreen(shop.id);
    const card = await row('Elena Punti');
    expect(within(card).getByText('10 punti')).toBeInTheDocument();

    await person.type(within(card).getByLabelText('Punti per Elena Punti'), '12,5');
    await person.click(within(card).getByRole('button', { name: 'Aggiorna Elena Punti' }));
    expect(await screen.findByText('Compila sia punti che descrizione')).toBeInTheDocument();

    await person.type(within(card).getByLabelText('Descrizione per Elena Punti'), 'Spesa del sabato');
    await person.click(within(card).getByRole('button', { name: 'Aggiorna Elena Punti' }));
    expect(await screen.findByText('Punti aggiornati')).toBeInTheDocument();
    await waitFor(async () => expect(within(await row('Elena Punti')).getByText('22,5 punti')).toBeInTheDocument());

    await person.click(within(await row('Elena Punti')).getByRole('button', { name: 'Movimenti di Elena Punti' }));
    const dialog = await screen.findByRole('dialog', { name: 'Movimenti di Elena Punti' });
    const entries = await within(dialog).findAllByRole('row');
    expect(entries[1]).toHaveTextContent('+12,5');
    expect(entries[1]).toHaveTextContent('Spesa del sabato');
    expect(entries[1]).toHaveTextContent('Marco Bianchi');
    expect(entries[2]).toHaveTextContent('Saldo iniziale');
  });

  it('keeps what was typed in a row when a search rebuilds the list', async () => {
    const shop = await createBusiness(token);
    await createCard(token, shop.id, 'Gina Bozza', 3);
    await createCard(token, shop.id, 'Ugo Altro', 4);
    const { user: person } = renderScreen(shop.id);
    await person.type(within(await row('Gina Bozza')).getByLabelText('Punti per Gina Bozza'), '4');
    await person.type(screen.getByLabelText('Cerca per nome, numero carta o telefono'), 'gina');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ugo Altro' })).not.toBeInTheDocument());
    // The list was rebuilt for the search: a new row, the same draft.
    const card = await row('Gina Bozza');
    expect(within(card).getByLabelText('Punti per Gina Bozza')).toHaveValue('4');
    await person.type(within(card).getByLabelText('Descrizione per Gina Bozza'), 'Caffè');
    await person.click(within(card).getByRole('button', { name: 'Aggiorna Gina Bozza' }));
    expect(await screen.findByText('Punti aggiornati')).toBeInTheDocument();
    await waitFor(async () => expect(within(await row('Gina Bozza')).getByText('7 punti')).toBeInTheDocument());
    expect(within(await row('Gina Bozza')).getByLabelText('Punti per Gina Bozza')).toHaveValue('');
  });

  it("shows the server's error when the balance would go below zero", async () => {
    const shop = await createBusiness(token);
    await createCard(token, shop.id, 'Franco Vuoto', 5);
    const { user: person } = renderScreen(shop.id);
    const card = await row('Franco Vuoto');
    await person.type(within(card).getByLabelText('Punti per Franco Vuoto'), '-10');
    await person.type(within(card).getByLabelText('Descrizione per Franco Vuoto'), 'Reso');
    await person.click(within(card).getByRole('button', { name: 'Aggiorna Franco Vuoto' }));
    expect(await screen.findByText('Saldo punti insufficiente')).toBeInTheDocument();
  });
});

it("deletes a card only after 'Eliminare questa carta?' is confirmed", async () => {
  const shop = await createBusiness(token);
  await createCard(token, shop.id, 'Gino Via', 0);
  await createCard(token, shop.id, 'Ida Resta', 0);
  const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
  const { user: person } = renderScreen(shop.id);
  await person.click(within(await row('Gino Via')).getByRole('button', { name: 'Elimina Gino Via' }));
  expect(confirm).toHaveBeenCalledWith('Eliminare questa carta?');
  expect(screen.getByRole('article', { name: 'Gino Via' })).toBeInTheDocument();

  await person.click(within(await row('Gino Via')).getByRole('button', { name: 'Elimina Gino Via' }));
  expect(await screen.findByText('Carta eliminata')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('article', { name: 'Gino Via' })).not.toBeInTheDocument());
  expect(screen.getByRole('article', { name: 'Ida Resta' })).toBeInTheDocument();
  expect(await screen.findByText('1 carta')).toBeInTheDocument();
});

describe('bonus automation', () => {
  let shop: Business;
  beforeAll(async () => {
    shop = await createBusiness(token, { whatsapp: true });
  });

  it('sends the bonus WhatsApp once per threshold reached, also after a reload or with the storage lost', async () => {
    const card = await createCard(token, shop.id, 'Luca Bonus', 2500);
    const below = await createCard(token, shop.id, 'Marta Sotto', 999);

    const first = renderScreen(shop.id);
    expect(await screen.findByText('WhatsApp inviato')).toBeInTheDocument();
    await waitFor(async () => expect(await outboxMessagesOf(card.id, shop.id)).toHaveLength(1));
    expect(JSON.parse(localStorage.getItem('bonusTriggered')!)).toEqual({ [card.id]: 2 });
    expect(within(await row('Luca Bonus')).queryByText('Bonus!')).not.toBeInTheDocument();
    first.unmount();

    // A reload: the stored count says it is done.
    const again = renderScreen(shop.id);
    expect(await row('Luca Bonus')).toBeInTheDocument();
    again.unmount();

    // Another browser (nothing stored): the server's idempotency key drops the repeat.
    localStorage.removeItem('bonusTriggered');
    renderScreen(shop.id);
    await waitFor(() => expect(JSON.parse(localStorage.getItem('bonusTriggered') ?? '{}')).toEqual({ [card.id]: 2 }));
    // Give a wrongly repeated message time to be written.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const messages = await outboxMessagesOf(card.id, shop.id);
    expect(messages).toHaveLength(1);
    expect(messages[0].channel).toBe('whatsapp');
    expect(messages[0].body).toContain('Luca Bonus');
    expect(await outboxMessagesOf(below.id, shop.id)).toHaveLength(0);
  });

  it('sends once when two tabs run the automation at the same moment', async () => {
    const card = await createCard(token, shop.id, 'Rita Due Schede', 3000);
    // Two stores, one local storage: two tabs of one browser opening the screen together.
    renderScreen(shop.id);
    renderScreen(shop.id);
    await waitFor(() => expect(JSON.parse(localStorage.getItem('bonusTriggered') ?? '{}')[card.id]).toBe(3));
    await new Promise((resolve) => setTimeout(resolve, 500));
    await waitFor(async () => expect(await outboxMessagesOf(card.id, shop.id)).toHaveLength(1));
  });

  it('sends again when a further threshold is reached', async () => {
    const card = await createCard(token, shop.id, 'Nina Sale', 1000);
    const { user: person } = renderScreen(shop.id);
    await waitFor(() => expect(JSON.parse(localStorage.getItem('bonusTriggered') ?? '{}')[card.id]).toBe(1));
    const row1 = await row('Nina Sale');
    await person.type(within(row1).getByLabelText('Punti per Nina Sale'), '1000');
    await person.type(within(row1).getByLabelText('Descrizione per Nina Sale'), 'Acquisto');
    await person.click(within(row1).getByRole('button', { name: 'Aggiorna Nina Sale' }));
    await waitFor(() => expect(JSON.parse(localStorage.getItem('bonusTriggered') ?? '{}')[card.id]).toBe(2));
    await waitFor(async () => expect(await outboxMessagesOf(card.id, shop.id)).toHaveLength(2));
  });

  it("shows 'Bonus!' and 'WhatsApp non abilitato' without sending when the business has WhatsApp off", async () => {
    const off = await createBusiness(token);
    const card = await createCard(token, off.id, 'Olga Spenta', 1200);
    renderScreen(off.id);
    expect(await screen.findByText('WhatsApp non abilitato')).toBeInTheDocument();
    expect(within(await row('Olga Spenta')).getByText('Bonus!')).toBeInTheDocument();
    expect(localStorage.getItem('bonusTriggered')).toBeNull();
    expect(await outboxMessagesOf(card.id, off.id)).toHaveLength(0);
  });

  it('validates the threshold (integer, at least 1) and uses it for the badge', async () => {
    const off = await createBusiness(token);
    await createCard(token, off.id, 'Pia Soglia', 150);
    const { user: person } = renderScreen(off.id);
    const threshold = await screen.findByLabelText('Soglia bonus (punti)');
    expect(threshold).toHaveValue(1000);
    expect(threshold).toHaveAttribute('min', '1');
    expect(within(await row('Pia Soglia')).queryByText('Bonus!')).not.toBeInTheDocument();
    await person.clear(threshold);
    await person.type(threshold, '0');
    expect(screen.getByText('La soglia deve essere un numero intero di almeno 1')).toBeInTheDocument();
    await person.clear(threshold);
    await person.type(threshold, '100');
    expect(within(await row('Pia Soglia')).getByText('Bonus!')).toBeInTheDocument();
  });
});
