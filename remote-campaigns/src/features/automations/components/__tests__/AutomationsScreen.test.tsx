/** The Automazioni screen against the real API and its demo seed (decision 080). */
import { screen, within } from '@testing-library/react';
import type { Business } from '@loyalty/shared';
import { DEMO_ADMIN, callApi, configureTestRuntime, logIn, renderWithProviders, unique } from '@loyalty/shared/testing';
import type { Automations } from '../../api';
import { AutomationsScreen } from '../AutomationsScreen';

jest.setTimeout(30_000);

let session: Awaited<ReturnType<typeof logIn>>;
beforeAll(async () => {
  configureTestRuntime();
  session = await logIn(DEMO_ADMIN);
});
beforeEach(() => {
  localStorage.clear();
  configureTestRuntime();
});

async function newShop(): Promise<Business> {
  const created = await callApi<Business>('/business', { method: 'POST', token: session.token, body: { name: unique('Automazioni') } });
  expect(created.status).toBe(201);
  return created.body;
}
const automationsOf = async (shop: string) => (await callApi<Automations>(`/automations/business/${shop}`, { token: session.token })).body;

function renderScreen(businessId: string) {
  localStorage.setItem('token', session.token);
  return renderWithProviders(<AutomationsScreen />, {
    route: '/dashboard/automations',
    preloadedState: { session: { user: session.user, loading: false, checked: true }, currentBusiness: { id: businessId } },
  });
}

it('shows the welcome, the birthday and «Ci manchi» with their texts and counts, and saves the win-back', async () => {
  const shop = await newShop();
  const { user } = renderScreen(shop.id);
  expect(screen.getByRole('heading', { level: 1, name: 'Automazioni' })).toBeInTheDocument();
  const form = await screen.findByRole('form', { name: 'Automazioni' });
  const welcome = within(form).getByRole('region', { name: 'Benvenuto' });
  expect(within(welcome).getByLabelText('Invia il messaggio di benvenuto')).toBeChecked();
  expect(within(welcome).getByText(/Benvenuto da \{negozio\}!/)).toBeInTheDocument();
  expect(within(welcome).getByText('Ultimi 30 giorni: 0 inviati, 0 in coda, 0 non consegnati, 0 saltati')).toBeInTheDocument();
  expect(within(form).getByRole('region', { name: 'Compleanno' })).toHaveTextContent('Spento: nessun regalo di compleanno.');
  const winBack = within(form).getByRole('region', { name: 'Ci manchi' });
  expect(within(winBack).getByLabelText('Invia il messaggio «Ci manchi»')).not.toBeChecked();
  expect(within(winBack).getByLabelText('Dopo quanti giorni senza visite')).toHaveValue('60');
  expect(within(form).getByRole('button', { name: 'Salva automazioni' })).toBeDisabled();
  // A new shop has no channel on: «Ci manchi» says it will not leave.
  expect(within(winBack).getByRole('note')).toHaveTextContent('Il canale WhatsApp non è abilitato per questa attività');

  // Refused before sending, in the API's words: nothing changes.
  await user.click(within(winBack).getByLabelText('Invia il messaggio «Ci manchi»'));
  await user.clear(within(winBack).getByLabelText('Dopo quanti giorni senza visite'));
  await user.type(within(winBack).getByLabelText('Dopo quanti giorni senza visite'), '0');
  await user.type(within(winBack).getByLabelText('Punti bonus (facoltativi)'), '50');
  await user.click(within(form).getByRole('button', { name: 'Salva automazioni' }));
  expect(await within(winBack).findByText('I giorni senza visite devono essere un numero intero maggiore di zero (al massimo 3650)')).toBeInTheDocument();
  expect(within(winBack).getByText('Indica sia i punti bonus sia i giorni di validità, oppure nessuno dei due')).toBeInTheDocument();
  expect((await automationsOf(shop.id)).win_back.enabled).toBe(false);

  await user.clear(within(winBack).getByLabelText('Dopo quanti giorni senza visite'));
  await user.type(within(winBack).getByLabelText('Dopo quanti giorni senza visite'), '45');
  await user.type(within(winBack).getByLabelText('Validi per giorni'), '14');
  await user.selectOptions(within(winBack).getByLabelText('Canale'), 'SMS');
  await user.type(within(winBack).getByLabelText('Messaggio «Ci manchi»'), 'Ciao {{nome}, torna da {{negozio}!');
  await user.click(within(form).getByRole('button', { name: 'Salva automazioni' }));
  expect(await screen.findByText('Automazioni salvate')).toBeInTheDocument();
  expect((await automationsOf(shop.id)).win_back).toMatchObject({
    enabled: true,
    days: 45,
    channel: 'sms',
    message: 'Ciao {nome}, torna da {negozio}!',
    bonus_points: 50,
    bonus_days: 14,
  });
});
