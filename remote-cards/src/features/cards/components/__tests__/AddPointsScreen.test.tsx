/** /dashboard/add-points, the page a card's QR opens, against the real API on PGlite. */
import { Route, Routes } from '@loyalty/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { Business, User } from '@loyalty/shared';
import {
  DASHBOARD_BASE_URL,
  createBusiness,
  createCard,
  currentLocation,
  LocationProbe,
  renderWithSession,
  signedInAsDemoAdmin,
  type TestCard,
} from '../../../../../test/helpers';
import { AddPointsScreen } from '../AddPointsScreen';

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

  await person.click(screen.getByRole('button', { name: 'Aggiungi punti' }));
  const outcome = await screen.findByText(/Punti aggiunti con successo/);
  expect(outcome).toHaveTextContent('Nuovo saldo: 60 punti');
  await waitFor(() => expect(screen.getByText('60 punti', { selector: 'dd' })).toBeInTheDocument());
});

it('refuses less than 1 point', async () => {
  const { user: person } = renderAddPoints(linkOf(card));
  const points = await screen.findByLabelText('Punti da aggiungere');
  await person.clear(points);
  await person.type(points, '0');
  await person.click(screen.getByRole('button', { name: 'Aggiungi punti' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Inserisci almeno 1 punto');
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
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Questo QR non è una carta fedeltà');

  await person.clear(within(dialog).getByLabelText('Link della carta'));
  await person.type(within(dialog).getByLabelText('Link della carta'), `${DASHBOARD_BASE_URL}${linkOf(next)}`);
  await person.click(within(dialog).getByRole('button', { name: 'Apri' }));
  await waitFor(() => expect(currentLocation()).toBe(linkOf(next)));
  expect(await screen.findByText('Ugo Successivo')).toBeInTheDocument();
  expect(screen.getByText('3 punti')).toBeInTheDocument();
});
