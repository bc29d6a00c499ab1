/** The Premi screen against the real API on PGlite: the catalogue, its dialog, delete, the program. */
import { screen, waitFor, within } from '@testing-library/react';
import type { Business } from '@loyalty/shared';
import { apiCall, createBusiness, createCard, signedInAsDemoAdmin } from '../../../../../test/helpers';
import type { Program, Promotion, Reward } from '../../api';
import { PromotionsSection } from '../PromotionsSection';
import { RewardsScreen } from '../RewardsScreen';

const session = signedInAsDemoAdmin();

const renderScreen = (businessId: string) => session.render(<RewardsScreen />, businessId);
const rewardsOf = (businessId: string) => apiCall<Reward[]>('GET', `/rewards/business/${businessId}`, session.token);
const programOf = (businessId: string) => apiCall<Program>('GET', `/rewards/business/${businessId}/program`, session.token);
const createReward = (businessId: string, reward: { name: string; cost: number; stock?: number | null; description?: string }) =>
  apiCall<Reward>('POST', '/rewards', session.token, { businessId, ...reward });
const promotionsOf = (businessId: string) => apiCall<Promotion[]>('GET', `/rewards/business/${businessId}/promotions`, session.token);
const rewardRow = (name: string) => screen.findByRole('row', { name });

describe('the catalogue', () => {
  it('tells a business without rewards what to do, and creates the first from there', async () => {
    const shop = await createBusiness(session.token);
    const { user: person } = renderScreen(shop.id);
    expect(await screen.findByRole('heading', { level: 1, name: 'Premi' })).toBeInTheDocument();
    expect(await screen.findByText('Nessun premio')).toBeInTheDocument();
    expect(screen.getByText(/Crea il primo premio, ad esempio «Caffè omaggio» per 10 punti/)).toBeInTheDocument();

    await person.click(screen.getByRole('button', { name: 'Crea il primo premio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuovo premio' });
    await person.type(within(dialog).getByLabelText('Nome del premio'), 'Caffè omaggio');
    await person.type(within(dialog).getByLabelText('Costo (punti)'), '2,5');
    await person.click(within(dialog).getByRole('button', { name: 'Salva premio' }));
    // Refused before sending, in the API's words, under its field: nothing is created.
    expect(await within(dialog).findByText('Il costo deve essere un numero intero di almeno 1')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Costo (punti)')).toHaveAttribute('aria-invalid', 'true');
    expect(await rewardsOf(shop.id)).toEqual([]);

    await person.clear(within(dialog).getByLabelText('Costo (punti)'));
    await person.type(within(dialog).getByLabelText('Costo (punti)'), '100');
    await person.type(within(dialog).getByLabelText('Descrizione (facoltativa)'), 'Un espresso al banco');
    await person.click(within(dialog).getByRole('button', { name: 'Salva premio' }));
    expect(await screen.findByText('Premio «Caffè omaggio» creato')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nuovo premio' })).not.toBeInTheDocument());

    const row = await rewardRow('Caffè omaggio');
    const cells = within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(0, 6)).toEqual(['Caffè omaggioUn espresso al banco', '100 punti', 'Attivo', 'Sempre', 'Illimitati', 'Mai']);
    expect(await rewardsOf(shop.id)).toMatchObject([{ name: 'Caffè omaggio', cost: 100, description: 'Un espresso al banco', active: true, stock: null }]);
  });

  it('lists the rewards cheapest first and edits one: dates, stock, inactive', async () => {
    const shop = await createBusiness(session.token);
    await createReward(shop.id, { name: 'Cena per due', cost: 900 });
    await createReward(shop.id, { name: 'Cornetto', cost: 40 });
    const { user: person } = renderScreen(shop.id);
    const table = await screen.findByRole('table', { name: 'Premi' });
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1).map((r) => r.getAttribute('aria-label'))).toEqual(['Cornetto', 'Cena per due']));

    await person.click(within(await rewardRow('Cornetto')).getByRole('button', { name: 'Modifica Cornetto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifica premio' });
    expect(within(dialog).getByLabelText('Nome del premio')).toHaveValue('Cornetto');
    expect(within(dialog).getByLabelText('Costo (punti)')).toHaveValue('40');
    await person.type(within(dialog).getByLabelText('Valido dal'), '2026-12-01');
    await person.type(within(dialog).getByLabelText('Valido fino al'), '2026-11-30');
    await person.click(within(dialog).getByRole('button', { name: 'Salva premio' }));
    expect(await within(dialog).findByText('La data di fine validità non può precedere quella di inizio')).toBeInTheDocument();

    await person.clear(within(dialog).getByLabelText('Valido fino al'));
    await person.type(within(dialog).getByLabelText('Valido fino al'), '2026-12-31');
    await person.type(within(dialog).getByLabelText('Pezzi disponibili'), '12');
    await person.click(within(dialog).getByLabelText('Attivo (riscattabile alla cassa)'));
    await person.click(within(dialog).getByRole('button', { name: 'Salva premio' }));
    expect(await screen.findByText('Premio «Cornetto» aggiornato')).toBeInTheDocument();
    await waitFor(async () => expect(within(await rewardRow('Cornetto')).getByText('Dal 01/12/2026 al 31/12/2026')).toBeInTheDocument());
    const row = await rewardRow('Cornetto');
    expect(within(row).getByText('12 pezzi')).toBeInTheDocument();
    expect(within(row).getByText('Non attivo')).toBeInTheDocument();
    expect((await rewardsOf(shop.id)).find((r) => r.name === 'Cornetto')).toMatchObject({ active: false, stock: 12, valid_from: '2026-12-01', valid_until: '2026-12-31' });
  });

  // Dates far from today, so the test holds whatever the day and the hour in Rome (the boundary is rewardText's test).
  it('warns before saving a reward already expired, and saves it if the owner goes on', async () => {
    const shop = await createBusiness(session.token);
    const { user: person } = renderScreen(shop.id);
    await person.click(await screen.findByRole('button', { name: 'Crea il primo premio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuovo premio' });
    await person.type(within(dialog).getByLabelText('Nome del premio'), 'Panettone di Natale');
    await person.type(within(dialog).getByLabelText('Costo (punti)'), '300');
    const until = within(dialog).getByLabelText('Valido fino al');
    expect(within(dialog).getByRole('status')).toBeEmptyDOMElement();

    await person.type(until, '2020-01-06');
    // Said in the live region as soon as the date is typed, and named by the date field's description.
    const warning = 'Questo premio è già scaduto: i clienti non potranno riscattarlo. Puoi salvarlo così o cambiare «Valido fino al».';
    expect(within(dialog).getByRole('status')).toHaveTextContent(warning);
    expect(until).toHaveAccessibleDescription(`Vuoto: senza scadenza ${warning}`);
    expect(await rewardsOf(shop.id)).toEqual([]);

    // Corrected, the warning goes; back to the past, it returns; saved anyway, the list says Scaduto.
    await person.clear(until);
    await person.type(until, '2099-01-06');
    expect(within(dialog).getByRole('status')).toBeEmptyDOMElement();
    expect(until).toHaveAccessibleDescription('Vuoto: senza scadenza');
    await person.clear(until);
    await person.type(until, '2020-01-06');
    expect(within(dialog).getByRole('status')).toHaveTextContent(warning);
    await person.click(within(dialog).getByRole('button', { name: 'Salva premio' }));
    expect(await screen.findByText('Premio «Panettone di Natale» creato')).toBeInTheDocument();
    expect(await within(await rewardRow('Panettone di Natale')).findByText('Scaduto')).toBeInTheDocument();
    expect(await rewardsOf(shop.id)).toMatchObject([{ name: 'Panettone di Natale', valid_until: '2020-01-06' }]);

    // Editing it says so again, before anything is saved.
    await person.click(within(await rewardRow('Panettone di Natale')).getByRole('button', { name: 'Modifica Panettone di Natale' }));
    const edit = await screen.findByRole('dialog', { name: 'Modifica premio' });
    // (The notice of the creation may still be showing: the warning is found by its words, in its live region.)
    expect(within(edit).getByText(warning).closest('[role="status"]')).not.toBeNull();
    expect(within(edit).getByLabelText('Valido fino al')).toHaveAccessibleDescription(`Vuoto: senza scadenza ${warning}`);
  });

  it("shows the API's Italian error as it says it (a reward deleted meanwhile)", async () => {
    const shop = await createBusiness(session.token);
    const gone = await createReward(shop.id, { name: 'Gelato', cost: 30 });
    const { user: person } = renderScreen(shop.id);
    await person.click(within(await rewardRow('Gelato')).getByRole('button', { name: 'Modifica Gelato' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifica premio' });
    await apiCall('DELETE', `/rewards/${gone.id}`, session.token);
    await person.clear(within(dialog).getByLabelText('Costo (punti)'));
    await person.type(within(dialog).getByLabelText('Costo (punti)'), '35');
    await person.click(within(dialog).getByRole('button', { name: 'Salva premio' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Premio non trovato');
  });

  it('says before deleting whether the reward goes or is archived, and what the server did', async () => {
    const shop = await createBusiness(session.token);
    const card = await createCard(session.token, shop.id, 'Rita Riscatto', 500);
    const redeemed = await createReward(shop.id, { name: 'Borraccia', cost: 100 });
    await createReward(shop.id, { name: 'Adesivo', cost: 10 });
    await apiCall('POST', `/loyalty-cards/${card.id}/redeem`, session.token, { reward_id: redeemed.id });
    const { user: person } = renderScreen(shop.id);

    await person.click(within(await rewardRow('Adesivo')).getByRole('button', { name: 'Elimina Adesivo' }));
    let dialog = await screen.findByRole('dialog', { name: 'Eliminare il premio?' });
    expect(dialog).toHaveTextContent('«Adesivo» non è mai stato riscattato: sarà eliminato definitivamente.');
    await person.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    expect(await rewardRow('Adesivo')).toBeInTheDocument();
    await person.click(within(await rewardRow('Adesivo')).getByRole('button', { name: 'Elimina Adesivo' }));
    dialog = await screen.findByRole('dialog', { name: 'Eliminare il premio?' });
    await person.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Premio eliminato')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Adesivo' })).not.toBeInTheDocument());

    const borraccia = await rewardRow('Borraccia');
    expect(within(borraccia).getByText('1 volta')).toBeInTheDocument();
    await person.click(within(borraccia).getByRole('button', { name: 'Elimina Borraccia' }));
    dialog = await screen.findByRole('dialog', { name: 'Archiviare il premio?' });
    expect(dialog).toHaveTextContent('«Borraccia» è stato riscattato 1 volta: sarà archiviato.');
    await person.click(within(dialog).getByRole('button', { name: 'Archivia' }));
    expect(await screen.findByText('Premio archiviato')).toBeInTheDocument();
    expect(await screen.findByText('Nessun premio')).toBeInTheDocument();
  });
});

describe('the program', () => {
  it('saves stamps, an expiry with its reminder and a birthday gift; the screen then speaks of timbri', async () => {
    const shop = await createBusiness(session.token);
    await createReward(shop.id, { name: 'Caffè', cost: 10 });
    const { user: person } = renderScreen(shop.id);
    const form = await screen.findByRole('form', { name: 'Programma fedeltà' });
    expect(await within(await rewardRow('Caffè')).findByText('10 punti')).toBeInTheDocument();
    expect(within(form).getByLabelText('Il programma raccoglie')).toHaveValue('points');
    expect(within(form).getByLabelText('Scadenza dei punti')).toHaveValue('never');
    expect(within(form).queryByLabelText('Mesi di validità')).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Salva programma' })).toBeDisabled();

    await person.selectOptions(within(form).getByLabelText('Il programma raccoglie'), 'Timbri');
    await person.selectOptions(within(form).getByLabelText('Scadenza dei timbri'), 'Dopo un numero di mesi');
    await person.clear(within(form).getByLabelText('Mesi di validità'));
    await person.type(within(form).getByLabelText('Mesi di validità'), '200');
    await person.click(within(form).getByRole('button', { name: 'Salva programma' }));
    expect(await within(form).findByText('La scadenza dei punti deve essere un numero intero di mesi tra 1 e 120')).toBeInTheDocument();
    expect((await programOf(shop.id)).loyalty_mode).toBe('points');

    await person.clear(within(form).getByLabelText('Mesi di validità'));
    await person.type(within(form).getByLabelText('Mesi di validità'), '6');
    await person.clear(within(form).getByLabelText('Promemoria (giorni prima della scadenza)'));
    await person.type(within(form).getByLabelText('Promemoria (giorni prima della scadenza)'), '7');
    await person.clear(within(form).getByLabelText('Regalo di compleanno (timbri)'));
    await person.type(within(form).getByLabelText('Regalo di compleanno (timbri)'), '2');
    await person.click(within(form).getByRole('button', { name: 'Salva programma' }));
    expect(await screen.findByText('Programma fedeltà salvato')).toBeInTheDocument();
    // The earning rule (decision 075) stays manual, as it was.
    const manual = { earning_rule: 'manual', earn_points: 1, earn_every_cents: 100, earn_rounding: 'down', min_spend_cents: null, visit_points: 1, visit_once_per_day: true };
    expect(await programOf(shop.id)).toEqual({ loyalty_mode: 'stamps', expiry_months: 6, expiry_reminder_days: 7, birthday_points: 2, birthday_message: null, ...manual });
    // The business list follows (the mode lives on the business): the catalogue now counts timbri.
    expect(await within(await rewardRow('Caffè')).findByText('10 timbri')).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Nuovo premio' }));
    expect(await screen.findByLabelText('Costo (timbri)')).toBeInTheDocument();
  });

  it("refuses stamps while a card holds a fractional balance, in the API's words, and changes nothing", async () => {
    const shop: Business = await createBusiness(session.token);
    await createCard(session.token, shop.id, 'Sergio Decimali', 12.5);
    const { user: person } = renderScreen(shop.id);
    const form = await screen.findByRole('form', { name: 'Programma fedeltà' });
    await waitFor(() => expect(within(form).getByLabelText('Il programma raccoglie')).toHaveValue('points'));
    await person.selectOptions(within(form).getByLabelText('Il programma raccoglie'), 'Timbri');
    await person.click(within(form).getByRole('button', { name: 'Salva programma' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Non puoi passare ai timbri: alcune carte hanno un saldo con decimali.');
    expect((await programOf(shop.id)).loyalty_mode).toBe('points');
  });

  it('lists the balances with decimals when «Timbri» is chosen, rounds them with a ledger row each, then switches', async () => {
    const shop: Business = await createBusiness(session.token);
    const half = await createCard(session.token, shop.id, 'Irene Mezza', 12.5);
    const third = await createCard(session.token, shop.id, 'Ugo Terzo', 3.25);
    const whole = await createCard(session.token, shop.id, 'Piero Intero', 7);
    const { user: person } = renderScreen(shop.id);
    const form = await screen.findByRole('form', { name: 'Programma fedeltà' });
    await waitFor(() => expect(within(form).getByLabelText('Il programma raccoglie')).toHaveValue('points'));
    expect(within(form).queryByRole('group', { name: 'Saldi con decimali' })).not.toBeInTheDocument();

    await person.selectOptions(within(form).getByLabelText('Il programma raccoglie'), 'Timbri');
    const group = await within(form).findByRole('group', { name: 'Saldi con decimali' });
    expect(within(group).getByText(/2 carte hanno un saldo con decimali/)).toBeInTheDocument();
    const listed = within(within(group).getByRole('list', { name: 'Carte con saldo decimale' })).getAllByRole('listitem').map((item) => item.textContent);
    expect(listed.sort()).toEqual([expect.stringMatching(/^Irene Mezza \(N\. .+\): 12,5 punti$/), expect.stringMatching(/^Ugo Terzo \(N\. .+\): 3,25 punti$/)]);

    await person.click(within(group).getByRole('button', { name: 'Arrotonda per eccesso' }));
    expect(await within(form).findByText('Saldi arrotondati: 2 carte. Ora puoi salvare il programma con i timbri.')).toBeInTheDocument();
    await waitFor(() => expect(within(form).queryByRole('group', { name: 'Saldi con decimali' })).not.toBeInTheDocument());
    const balanceOf = async (id: string) => (await apiCall<{ points: number }>('GET', `/loyalty-cards/${id}`, session.token)).points;
    expect([await balanceOf(half.id), await balanceOf(third.id), await balanceOf(whole.id)]).toEqual([13, 4, 7]);
    const ledger = await apiCall<{ points: number; description: string }[]>('GET', `/loyalty-cards/${third.id}/ledger`, session.token);
    expect(ledger.map((row) => [row.points, row.description])).toContainEqual([0.75, 'Arrotondamento per il passaggio ai timbri']);
    expect(await apiCall<{ points: number }[]>('GET', `/loyalty-cards/${whole.id}/ledger`, session.token)).toHaveLength(1);

    await person.click(within(form).getByRole('button', { name: 'Salva programma' }));
    expect(await screen.findByText('Programma fedeltà salvato')).toBeInTheDocument();
    expect((await programOf(shop.id)).loyalty_mode).toBe('stamps');
  });

  it('rounds down too', async () => {
    const shop: Business = await createBusiness(session.token);
    const card = await createCard(session.token, shop.id, 'Dora Difetto', 9.99);
    const { user: person } = renderScreen(shop.id);
    const form = await screen.findByRole('form', { name: 'Programma fedeltà' });
    await waitFor(() => expect(within(form).getByLabelText('Il programma raccoglie')).toHaveValue('points'));
    await person.selectOptions(within(form).getByLabelText('Il programma raccoglie'), 'Timbri');
    const group = await within(form).findByRole('group', { name: 'Saldi con decimali' });
    expect(within(group).getByText(/1 carta ha un saldo con decimali/)).toBeInTheDocument();
    await person.click(within(group).getByRole('button', { name: 'Arrotonda per difetto' }));
    expect(await within(form).findByText('Saldi arrotondati: 1 carta. Ora puoi salvare il programma con i timbri.')).toBeInTheDocument();
    expect((await apiCall<{ points: number }>('GET', `/loyalty-cards/${card.id}`, session.token)).points).toBe(9);
  });

  it('sets «1 punto ogni 1 €» with a minimum spend, naming a wrong field in the API’s words (decision 075)', async () => {
    const shop: Business = await createBusiness(session.token);
    const { user: person } = renderScreen(shop.id);
    const form = await screen.findByRole('form', { name: 'Programma fedeltà' });
    await waitFor(() => expect(within(form).getByLabelText('Come si guadagnano i punti')).toHaveValue('manual'));
    expect(within(form).queryByLabelText('Ogni (€)')).not.toBeInTheDocument();
    await person.selectOptions(within(form).getByLabelText('Come si guadagnano i punti'), 'Dall’importo speso');
    expect(within(form).getByLabelText('Ogni (€)')).toHaveValue('1');
    await person.clear(within(form).getByLabelText('Punti guadagnati'));
    await person.type(within(form).getByLabelText('Punti guadagnati'), '0');
    await person.click(within(form).getByRole('button', { name: 'Salva programma' }));
    expect(await within(form).findByText('Campo "punti guadagnati" non valido: un numero intero tra 1 e 10.000')).toBeInTheDocument();
    expect((await programOf(shop.id)).earning_rule).toBe('manual');
    await person.clear(within(form).getByLabelText('Punti guadagnati'));
    await person.type(within(form).getByLabelText('Punti guadagnati'), '1');
    await person.type(within(form).getByLabelText('Spesa minima (€)'), '5,50');
    await person.click(within(form).getByRole('button', { name: 'Salva programma' }));
    expect(await screen.findByText('Programma fedeltà salvato')).toBeInTheDocument();
    expect(await programOf(shop.id)).toMatchObject({ earning_rule: 'per_euro', earn_points: 1, earn_every_cents: 100, earn_rounding: 'down', min_spend_cents: 550 });
  });
});

/** The promotions the screen sent from now on (`POST /rewards/promotions`), to prove a refused form sends nothing. */
function watchPromotionPosts() {
  const requests = jest.spyOn(global, 'fetch');
  const isPromotionPost = ([input, init]: Parameters<typeof fetch>) => {
    const request = typeof input === 'object' && 'url' in input ? input : null;
    const method = request ? request.method : (init?.method ?? 'GET');
    return method.toUpperCase() === 'POST' && (request ? request.url : String(input)).endsWith('/rewards/promotions');
  };
  return { count: () => requests.mock.calls.filter(isPromotionPost).length, restore: () => requests.mockRestore() };
}

describe('promotions (decision 075)', () => {
  let posts: ReturnType<typeof watchPromotionPosts>;
  beforeEach(() => {
    posts = watchPromotionPosts();
  });
  afterEach(() => posts.restore());

  it('creates «Doppi punti oggi», refuses an end before the start beside «Al» before sending, suspends and deletes', async () => {
    const shop: Business = await createBusiness(session.token);
    const { user: person } = renderScreen(shop.id);
    const form = await screen.findByRole('form', { name: 'Nuova promozione' });
    expect(await screen.findByText('Nessuna promozione')).toBeInTheDocument();
    await person.type(within(form).getByLabelText('Nome della promozione'), 'Doppi punti oggi');
    await person.type(within(form).getByLabelText('Dal (facoltativo)'), '2026-12-10');
    await person.type(within(form).getByLabelText('Al (facoltativo)'), '2026-12-01');
    await person.click(within(form).getByRole('button', { name: 'Crea promozione' }));
    // Refused before sending, beside the field, named by its label: nothing is sent, nothing is created.
    const until = within(form).getByLabelText('Al (facoltativo)');
    await waitFor(() => expect(until).toHaveAccessibleDescription('La data «Al» non può precedere quella «Dal»'));
    expect(until).toHaveAttribute('aria-invalid', 'true');
    expect(until).toHaveFocus();
    expect(within(form).getByLabelText('Dal (facoltativo)')).not.toHaveAttribute('aria-invalid');
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(posts.count()).toBe(0);
    expect(await promotionsOf(shop.id)).toEqual([]);
    expect(screen.getByText('Nessuna promozione')).toBeInTheDocument();

    await person.clear(within(form).getByLabelText('Al (facoltativo)'));
    await person.type(within(form).getByLabelText('Al (facoltativo)'), '2026-12-10');
    expect(until).not.toHaveAttribute('aria-invalid');
    await person.click(within(form).getByLabelText('martedì'));
    await person.click(within(form).getByRole('button', { name: 'Crea promozione' }));
    const list = await screen.findByRole('list', { name: 'Promozioni' });
    expect(await within(list).findByText(/×2 · il 10\/12\/2026 · martedì/)).toBeInTheDocument();
    expect(posts.count()).toBe(1);
    await person.click(within(list).getByRole('button', { name: 'Sospendi Doppi punti oggi' }));
    expect(await within(list).findByText('Sospesa')).toBeInTheDocument();
    await person.click(within(list).getByRole('button', { name: 'Elimina Doppi punti oggi' }));
    expect(await screen.findByText('Nessuna promozione')).toBeInTheDocument();
  });

  it('asks for the name beside its field before sending', async () => {
    const shop = await createBusiness(session.token);
    const { user: person } = renderScreen(shop.id);
    const form = await screen.findByRole('form', { name: 'Nuova promozione' });
    await person.type(within(form).getByLabelText('Nome della promozione'), '   ');
    await person.click(within(form).getByRole('button', { name: 'Crea promozione' }));
    const name = within(form).getByLabelText('Nome della promozione');
    await waitFor(() => expect(name).toHaveAccessibleDescription('Il nome della promozione è obbligatorio'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(posts.count()).toBe(0);
    expect(await promotionsOf(shop.id)).toEqual([]);
  });

  it('checks the hours beside «Alle» before sending: both or neither, the end after the start', async () => {
    const shop = await createBusiness(session.token);
    const { user: person } = renderScreen(shop.id);
    const form = await screen.findByRole('form', { name: 'Nuova promozione' });
    expect(await screen.findByText('Nessuna promozione')).toBeInTheDocument();
    const [from, to] = [within(form).getByLabelText('Dalle (facoltativo)'), within(form).getByLabelText('Alle (facoltativo)')];
    await person.type(within(form).getByLabelText('Nome della promozione'), 'Aperitivo');
    await person.type(from, '18:00');
    await person.type(to, '18:00');
    await person.click(within(form).getByRole('button', { name: 'Crea promozione' }));
    await waitFor(() => expect(to).toHaveAccessibleDescription('L’orario «Alle» deve venire dopo quello «Dalle»'));
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveFocus();
    expect(from).not.toHaveAttribute('aria-invalid');

    // Earlier is refused the same way; no end at all, beside the one left blank.
    await person.clear(to);
    await waitFor(() => expect(to).toHaveAccessibleDescription('Indica sia «Dalle» che «Alle», oppure nessuno dei due orari'));
    await person.type(to, '17:30');
    await waitFor(() => expect(to).toHaveAccessibleDescription('L’orario «Alle» deve venire dopo quello «Dalle»'));
    await person.click(within(form).getByRole('button', { name: 'Crea promozione' }));
    expect(to).toHaveFocus();
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(posts.count()).toBe(0);
    expect(await promotionsOf(shop.id)).toEqual([]);
    expect(screen.getByText('Nessuna promozione')).toBeInTheDocument();

    await person.clear(to);
    await person.type(to, '20:00');
    expect(to).not.toHaveAttribute('aria-invalid');
    await person.click(within(form).getByRole('button', { name: 'Crea promozione' }));
    const list = await screen.findByRole('list', { name: 'Promozioni' });
    expect(await within(list).findByText(/×2 · 18:00–20:00/)).toBeInTheDocument();
    expect(posts.count()).toBe(1);
  });

  it('checks the multiplier and the extra points against the API’s range beside the field, before sending', async () => {
    const shop = await createBusiness(session.token);
    const { user: person } = renderScreen(shop.id);
    const form = await screen.findByRole('form', { name: 'Nuova promozione' });
    expect(await screen.findByText('Nessuna promozione')).toBeInTheDocument();
    await person.type(within(form).getByLabelText('Nome della promozione'), 'Punti in più');
    const multiplierMessage = 'Il moltiplicatore deve essere un numero maggiore di 1 e al massimo 10, con al massimo due decimali (per esempio 2 o 1,5)';
    const multiplier = within(form).getByLabelText('Moltiplicatore');
    for (const wrong of ['1', '10,01', '1,255', '0', 'due', '']) {
      await person.clear(multiplier);
      if (wrong) await person.type(multiplier, wrong);
      await person.click(within(form).getByRole('button', { name: 'Crea promozione' }));
      await waitFor(() => expect(multiplier).toHaveAccessibleDescription(`Più di 1, al massimo 10 (2 = doppi punti) ${multiplierMessage}`));
      expect(multiplier).toHaveAttribute('aria-invalid', 'true');
      expect(multiplier).toHaveFocus();
    }
    expect(within(form).queryByRole('alert')).toBeNull();

    // Another kind starts from its own value, the previous error gone.
    await person.selectOptions(within(form).getByLabelText('Tipo'), 'Punti extra (+)');
    const bonus = within(form).getByLabelText('Punti extra');
    expect(bonus).toHaveValue('20');
    expect(bonus).not.toHaveAttribute('aria-invalid');
    const bonusMessage = 'I punti extra devono essere un numero intero tra 1 e 10.000';
    for (const wrong of ['0', '10001', '2,5', '-3']) {
      await person.clear(bonus);
      await person.type(bonus, wrong);
      await person.click(within(form).getByRole('button', { name: 'Crea promozione' }));
      await waitFor(() => expect(bonus).toHaveAccessibleDescription(`Da 1 a 10.000 per vendita ${bonusMessage}`));
      expect(bonus).toHaveAttribute('aria-invalid', 'true');
      expect(bonus).toHaveFocus();
    }
    expect(posts.count()).toBe(0);
    expect(await promotionsOf(shop.id)).toEqual([]);
    expect(screen.getByText('Nessuna promozione')).toBeInTheDocument();

    // The limits themselves pass, as the API takes them.
    await person.clear(bonus);
    await person.type(bonus, '10000');
    await person.click(within(form).getByRole('button', { name: 'Crea promozione' }));
    const list = await screen.findByRole('list', { name: 'Promozioni' });
    expect(await within(list).findByText(/\+10000 punti · sempre/)).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByLabelText('Moltiplicatore')).toHaveValue('2'));
    await person.type(within(form).getByLabelText('Nome della promozione'), 'Quasi doppi');
    await person.clear(within(form).getByLabelText('Moltiplicatore'));
    await person.type(within(form).getByLabelText('Moltiplicatore'), '1,01');
    await person.click(within(form).getByRole('button', { name: 'Crea promozione' }));
    expect(await within(list).findByText(/×1,01 · sempre/)).toBeInTheDocument();
    expect(posts.count()).toBe(2);
    expect((await promotionsOf(shop.id)).map((p) => [p.multiplier, p.bonus_points])).toEqual(expect.arrayContaining([[null, 10_000], [1.01, null]]));
  });

  it('still shows a refusal only the server can make, in its words', async () => {
    const shop = await createBusiness(session.token);
    // The base query notes the server's refusals (4xx) as warnings; this test asks for them.
    const logged = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      // A business the admin does not manage: the form's checks pass, the API refuses.
      const { user: person } = session.render(<PromotionsSection businessId="azienda-inesistente" />, shop.id);
      const form = await screen.findByRole('form', { name: 'Nuova promozione' });
      await person.type(within(form).getByLabelText('Nome della promozione'), 'Doppi punti');
      await person.click(within(form).getByRole('button', { name: 'Crea promozione' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent('Azienda non trovata');
      expect(posts.count()).toBe(1);
      expect(within(form).getByLabelText('Nome della promozione')).toHaveValue('Doppi punti');
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('POST /rewards/promotions'), expect.anything());
    } finally {
      logged.mockRestore();
    }
  });
});
