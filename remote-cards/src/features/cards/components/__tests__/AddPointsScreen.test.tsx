/** /dashboard/add-points, the page a card's QR opens, against the real API on PGlite. */
import { Route, Routes } from '@loyalty/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { Business, User } from '@loyalty/shared';
import {
  DASHBOARD_BASE_URL,
  apiCall,
  createBusiness,
  createCard,
  currentLocation,
  LocationProbe,
  renderWithSession,
  signedInAsDemoAdmin,
  type TestCard,
} from '../../../../../test/helpers';
import { AddPointsScreen, SCAN_HINT } from '../AddPointsScreen';

const session = signedInAsDemoAdmin();
let shop: Business;
let card: TestCard;

beforeAll(async () => {
  shop = await createBusiness(session.token);
  card = await createCard(session.token, shop.id, 'Sara Scansione', 10);
});

function renderAddPoints(route: string, who: User = session.user) {
  return renderWithSession(
    <>
      <Routes>
        <Route path="/dashboard/add-points" element={<AddPointsScreen />} />
        <Route path="/dashboard" element={<h1>Panoramica</h1>} />
      </Routes>
      <LocationProbe />
    </>,
    { token: session.token, user: who, businessId: shop.id, route },
  );
}

const linkOf = (c: TestCard) => `/dashboard/add-points?card_id=${c.id}&user_id=${c.userId}`;

it('shows the holder and balance, adds 50 points by default and shows the new balance', async () => {
  const { user: person } = renderAddPoints(linkOf(card));
  expect(await screen.findByText('Sara Scansione')).toBeInTheDocument();
  expect(screen.getByText('10 punti')).toBeInTheDocument();
  const points = screen.getByLabelText('Punti da aggiungere');
  expect(points).toHaveValue(50);
  expect(points).toBeRequired();
  expect(points).toHaveAttribute('min', '1');

  // Nothing under «Scansiona» until a customer has been served here.
  expect(screen.getByRole('button', { name: 'Scansiona' })).not.toHaveAccessibleDescription();
  expect(screen.queryByText(SCAN_HINT)).not.toBeInTheDocument();
  await person.click(screen.getByRole('button', { name: 'Aggiungi punti' }));
  const outcome = await screen.findByText(/Punti aggiunti con successo/);
  expect(outcome).toHaveTextContent('Nuovo saldo: 60 punti');
  await waitFor(() => expect(screen.getByText('60 punti', { selector: 'dd' })).toBeInTheDocument());
  // Then the button says why the next customer's card is better opened from here (decision 103).
  expect(screen.getByRole('button', { name: 'Scansiona' })).toHaveAccessibleDescription(SCAN_HINT);
});

it('refuses less than 1 point', async () => {
  const own = await createCard(session.token, shop.id, 'Rita Rifiuto', 10);
  const { user: person } = renderAddPoints(linkOf(own));
  const points = await screen.findByLabelText('Punti da aggiungere');
  await person.clear(points);
  await person.type(points, '0');
  await person.click(screen.getByRole('button', { name: 'Aggiungi punti' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Inserisci almeno 1 punto');
  // The field says it is the one refused, is described by the alert and has the focus back; nothing was sent.
  expect(points).toHaveAttribute('aria-invalid', 'true');
  expect(points).toHaveAttribute('aria-describedby', alert.id);
  expect(points).toHaveFocus();
  expect(screen.getByText('10 punti', { selector: 'dd' })).toBeInTheDocument();
  // Corrected, it goes: the field is valid again and the balance is the server's.
  await person.clear(points);
  await person.type(points, '5');
  await person.click(screen.getByRole('button', { name: 'Aggiungi punti' }));
  expect(await screen.findByText(/Punti aggiunti con successo/)).toHaveTextContent('Nuovo saldo: 15 punti');
  expect(points).not.toHaveAttribute('aria-invalid');
});

it("shows the server's error when the user is not the card's holder", async () => {
  const other = await createCard(session.token, shop.id, 'Tino Altro', 0);
  const { user: person } = renderAddPoints(`/dashboard/add-points?card_id=${card.id}&user_id=${other.userId}`);
  await screen.findByText('Sara Scansione');
  await person.click(screen.getByRole('button', { name: 'Aggiungi punti' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Carta non trovata');
});

it('sends a visitor without both ids, or who is not an admin, to /dashboard', async () => {
  renderAddPoints(`/dashboard/add-points?card_id=${card.id}`);
  await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
});

it('sends a client to /dashboard', async () => {
  renderAddPoints(linkOf(card), { ...session.user, role: 'client' });
  await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
});

it("opens another card's page from 'Scansiona' (a pasted link where there is no camera)", async () => {
  const next = await createCard(session.token, shop.id, 'Ugo Successivo', 3);
  const { user: person } = renderAddPoints(linkOf(card));
  await screen.findByText('Sara Scansione');
  await person.click(screen.getByRole('button', { name: 'Scansiona' }));
  const dialog = await screen.findByRole('dialog', { name: 'Scansiona una carta' });
  expect(await within(dialog).findByText(/Fotocamera non disponibile/)).toBeInTheDocument();

  await person.type(within(dialog).getByLabelText('Link della carta'), 'https://example.it/promo');
  await person.click(within(dialog).getByRole('button', { name: 'Apri' }));
  const refusal = within(dialog).getByRole('alert');
  expect(refusal).toHaveTextContent('Questo QR non è una carta fedeltà');
  expect(within(dialog).getByLabelText('Link della carta')).toHaveAttribute('aria-describedby', refusal.id);
  expect(within(dialog).getByLabelText('Link della carta')).toHaveFocus();
  expect(currentLocation()).toBe(linkOf(card));

  await person.clear(within(dialog).getByLabelText('Link della carta'));
  await person.type(within(dialog).getByLabelText('Link della carta'), `${DASHBOARD_BASE_URL}${linkOf(next)}`);
  await person.click(within(dialog).getByRole('button', { name: 'Apri' }));
  await waitFor(() => expect(currentLocation()).toBe(linkOf(next)));
  expect(await screen.findByText('Ugo Successivo')).toBeInTheDocument();
  expect(screen.getByText('3 punti')).toBeInTheDocument();
});

it("asks for the shop's earning rule with the card, not once the card's answer is in (one round trip less at the counter)", async () => {
  const own = await createCard(session.token, shop.id, 'Paola Parallela', 4);
  const realFetch = globalThis.fetch;
  const asked: string[] = [];
  let releaseCard: () => void = () => undefined;
  const cardHeld = new Promise<void>((resolve) => {
    releaseCard = resolve;
  });
  // The card's answer is held back until the test lets it go: a preview asked only after it would never leave.
  const fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    asked.push(path);
    const answer = realFetch(input, init);
    if (path.endsWith(`/loyalty-cards/${own.id}`)) await cardHeld;
    return answer;
  });
  try {
    renderAddPoints(linkOf(own));
    await waitFor(() => expect(asked).toContain(`/api/loyalty-cards/${own.id}/sales/preview`));
    expect(screen.queryByText('Paola Parallela')).not.toBeInTheDocument();
    releaseCard();
    expect(await screen.findByText('Paola Parallela')).toBeInTheDocument();
    expect(await screen.findByLabelText('Punti da aggiungere')).toHaveValue(50);
    // Asked once: the counter below the card reads the same answer.
    expect(asked.filter((path) => path.endsWith('/sales/preview'))).toHaveLength(1);
  } finally {
    releaseCard();
    fetchSpy.mockRestore();
  }
});

describe('a shop whose points come from the sale (decision 075)', () => {
  let euroShop: Business;
  beforeAll(async () => {
    euroShop = await createBusiness(session.token);
    await apiCall('PUT', `/rewards/business/${euroShop.id}/program`, session.token, { earning_rule: 'per_euro', earn_points: 1, earn_every_cents: 100 });
    await apiCall('POST', '/rewards/promotions', session.token, { businessId: euroShop.id, name: 'Doppi punti', multiplier: 2 });
  });

  it('asks for the amount, shows the points before confirming, records one sale and asks before a second within 60 s', async () => {
    const buyer = await createCard(session.token, euroShop.id, 'Vera Vendita', 10);
    const { user: person } = renderAddPoints(linkOf(buyer));
    const amount = await screen.findByLabelText('Importo speso (€)');
    expect(screen.queryByLabelText('Punti da aggiungere')).not.toBeInTheDocument();
    await person.type(amount, '23,50');
    expect(await screen.findByText('+46 punti')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('23,50 €: +46 punti (Doppi punti)');
    await person.click(screen.getByRole('button', { name: 'Conferma vendita' }));
    expect(await screen.findByText(/Vendita registrata \(23,50 €\): \+46 punti/)).toHaveTextContent('Nuovo saldo: 56 punti');
    expect(screen.getByTestId('card-balance')).toHaveTextContent('56 punti');
    expect(amount).toHaveValue('');
    // Ready for the next customer: the keyboard is in the emptied field (its button is disabled until an amount).
    expect(amount).toHaveFocus();

    await person.type(amount, '5');
    await person.click(await screen.findByRole('button', { name: 'Conferma vendita' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vendita appena registrata' });
    expect(dialog).toHaveTextContent("Hai appena registrato 46 punti su questa carta: registrare un'altra vendita?");
    expect(screen.getByTestId('card-balance')).toHaveTextContent('56 punti');
    await person.click(within(dialog).getByRole('button', { name: 'Registra un’altra vendita' }));
    await waitFor(() => expect(screen.getByTestId('card-balance')).toHaveTextContent('66 punti'));
    const ledger = await apiCall<{ amount_cents: number | null }[]>('GET', `/loyalty-cards/${buyer.id}/ledger`, session.token);
    // Newest first; the card's opening balance is a row without an amount.
    expect(ledger.map((e) => e.amount_cents)).toEqual([500, 2350, null]);
  });

  it('says what is wrong with an amount and sends nothing', async () => {
    const buyer = await createCard(session.token, euroShop.id, 'Ugo Importo', 0);
    const { user: person } = renderAddPoints(linkOf(buyer));
    const amount = await screen.findByLabelText('Importo speso (€)');
    await person.type(amount, '1.23,5');
    expect(await screen.findByRole('alert')).toHaveTextContent('Importo non valido: scrivi un numero in euro, per esempio 23,50');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Conferma vendita' })).toBeDisabled();
    expect(await apiCall('GET', `/loyalty-cards/${buyer.id}/ledger`, session.token)).toEqual([]);
  });

  it('asks before an amount from 1.000 € on: corrected, nothing is sent; confirmed, one sale', async () => {
    const buyer = await createCard(session.token, euroShop.id, 'Alta Spesa', 0);
    const { user: person } = renderAddPoints(linkOf(buyer));
    const amount = await screen.findByLabelText('Importo speso (€)');
    // «23,50» typed without its comma.
    await person.type(amount, '2350');
    expect(await screen.findByText('+4.700 punti')).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Conferma vendita' }));
    let dialog = await screen.findByRole('dialog', { name: 'Importo alto' });
    expect(dialog).toHaveTextContent('Stai registrando una vendita di 2.350,00 € (+4.700 punti). L’importo è giusto?');
    await person.click(within(dialog).getByRole('button', { name: 'Correggi l’importo' }));
    await waitFor(() => expect(amount).toHaveFocus());
    expect(screen.queryByRole('dialog', { name: 'Importo alto' })).toBeNull();
    expect(await apiCall('GET', `/loyalty-cards/${buyer.id}/ledger`, session.token)).toEqual([]);

    // Under 1.000 € nothing is asked.
    await person.clear(amount);
    await person.type(amount, '999,99');
    await person.click(await screen.findByRole('button', { name: 'Conferma vendita' }));
    expect(await screen.findByText(/Vendita registrata \(999,99 €\)/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Importo alto' })).toBeNull();

    // A real 1.000,00 € sale, confirmed: recorded once (the second sale within 60 s asks that question too).
    await person.type(amount, '1.000');
    await person.click(await screen.findByRole('button', { name: 'Conferma vendita' }));
    dialog = await screen.findByRole('dialog', { name: 'Importo alto' });
    expect(dialog).toHaveTextContent('Stai registrando una vendita di 1.000,00 €');
    await person.click(within(dialog).getByRole('button', { name: 'Sì, registra' }));
    const again = await screen.findByRole('dialog', { name: 'Vendita appena registrata' });
    await person.click(within(again).getByRole('button', { name: 'Registra un’altra vendita' }));
    expect(await screen.findByText(/Vendita registrata \(1\.000,00 €\)/)).toBeInTheDocument();
    const ledger = await apiCall<{ amount_cents: number | null }[]>('GET', `/loyalty-cards/${buyer.id}/ledger`, session.token);
    expect(ledger.map((e) => e.amount_cents)).toEqual([100000, 99999]);
  });

  it('leaves no earlier sale’s line beside a new attempt’s error', async () => {
    const buyer = await createCard(session.token, euroShop.id, 'Enzo Errore', 0);
    const { user: person } = renderAddPoints(linkOf(buyer));
    await person.type(await screen.findByLabelText('Importo speso (€)'), '12');
    await person.click(screen.getByRole('button', { name: 'Conferma vendita' }));
    expect(await screen.findByText(/Vendita registrata/)).toHaveTextContent('Nuovo saldo: 24 punti');
    await person.click(screen.getByText('Rettifica punti'));
    await person.click(screen.getByRole('button', { name: 'Salva rettifica' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Compila sia punti che descrizione');
    expect(screen.queryByText(/Vendita registrata/)).not.toBeInTheDocument();
    // The balance stays the server's.
    expect(screen.getByTestId('card-balance')).toHaveTextContent('24 punti');
  });

  it('shows the server’s balance after a redemption, not the sale’s', async () => {
    const buyer = await createCard(session.token, euroShop.id, 'Rita Riscatto', 0);
    await apiCall('POST', '/rewards', session.token, { businessId: euroShop.id, name: 'Caffè', cost: 20 });
    const { user: person } = renderAddPoints(linkOf(buyer));
    await person.type(await screen.findByLabelText('Importo speso (€)'), '15');
    await person.click(screen.getByRole('button', { name: 'Conferma vendita' }));
    expect(await screen.findByText(/Vendita registrata/)).toHaveTextContent('Nuovo saldo: 30 punti');
    await person.click(screen.getByRole('button', { name: 'Riscatta premio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Riscatta premio – Rita Riscatto' });
    await person.click(await within(dialog).findByRole('button', { name: /Riscatta.*Caffè|Caffè/ }));
    await person.click(await within(dialog).findByRole('button', { name: 'Conferma riscatto' }));
    await within(dialog).findByText(/Nuovo saldo: 10 punti/);
    await waitFor(() => expect(screen.getByTestId('card-balance')).toHaveTextContent('10 punti'));
    // The page's own line, outside the dialog, says the server's balance too.
    expect(screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === 'Premio riscattato. Nuovo saldo: 10 punti')).toBeInTheDocument();
    expect(screen.queryByText(/Nuovo saldo: 30 punti/)).not.toBeInTheDocument();
  });
});
