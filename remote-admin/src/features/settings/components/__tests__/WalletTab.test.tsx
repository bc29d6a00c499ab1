/**
 * Impostazioni App → Wallet against the real API, which runs with Apple Wallet configured by the
 * development certificates and no Google Wallet (tools/jest/real-api.js): each wallet's state, the development
 * certificates said; what is missing and the development hint for the super admin only (a shop's admin is told
 * to ask the platform's administrator); and the shop's colour (picker and hex text, the Italian refusal that
 * goes as soon as the value is valid, linked to both controls, reset).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createAdminWithBusiness } from '@loyalty/shared/testing';
import { DEMO_SUPERADMIN } from '../../../../../test/helpers';
import { callApi, configureTestRuntime, renderSignedIn } from '../../../../../test/helpers';
import { SettingsScreen } from '../SettingsScreen';
import { ASK_PLATFORM_ADMIN, DEVELOPMENT_NOTE } from '../WalletTab';

const PATH = '/dashboard/settings';

beforeEach(() => {
  localStorage.clear();
  configureTestRuntime();
});

async function openWalletTab() {
  const { account, token, businessId } = await createAdminWithBusiness();
  const rendered = await renderSignedIn(<SettingsScreen />, PATH, account, {
    initialEntry: `${PATH}?tab=wallet`,
    preloadedState: { currentBusiness: { id: businessId } },
  });
  return { ...rendered, token, businessId };
}

const brandColorOf = async (businessId: string, token: string) =>
  (await callApi<{ brand_color: string | null }>(`/settings/${businessId}`, { token })).body.brand_color;

it('tells a shop’s admin which wallet is active, that Apple runs on development certificates, and whom to ask for Google: no variables, no set-up hint', async () => {
  await openWalletTab();
  const list = await screen.findByRole('list', { name: 'Stato dei wallet' });
  const apple = within(list).getByRole('listitem', { name: 'Apple Wallet' });
  expect(within(apple).getByText('Configurato')).toBeInTheDocument();
  expect(within(apple).getByText('Sviluppo')).toBeInTheDocument();
  expect(within(apple).getByText(DEVELOPMENT_NOTE)).toBeInTheDocument();
  expect(within(apple).queryByRole('list')).toBeNull();
  const google = within(list).getByRole('listitem', { name: 'Google Wallet' });
  expect(within(google).getByText('Non configurato')).toBeInTheDocument();
  expect(within(google).getByText(ASK_PLATFORM_ADMIN)).toBeInTheDocument();
  expect(within(google).queryByText(DEVELOPMENT_NOTE)).toBeNull();
  expect(within(google).queryByRole('list')).toBeNull();
  expect(screen.queryByText(/WALLET_/)).toBeNull();
  expect(screen.queryByText('npm run wallet:dev-certs')).toBeNull();
});

it('shows the super admin what Google misses and how to try the wallets in development', async () => {
  await renderSignedIn(<SettingsScreen />, PATH, DEMO_SUPERADMIN, { initialEntry: `${PATH}?tab=wallet` });
  const list = await screen.findByRole('list', { name: 'Stato dei wallet' });
  const apple = within(list).getByRole('listitem', { name: 'Apple Wallet' });
  expect(within(apple).getByText(DEVELOPMENT_NOTE)).toBeInTheDocument();
  const google = within(list).getByRole('listitem', { name: 'Google Wallet' });
  expect(within(google).getByText('Non configurato')).toBeInTheDocument();
  const missing = within(google).getByRole('list', { name: 'Variabili mancanti per Google Wallet' });
  expect(within(missing).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['WALLET_GOOGLE_ISSUER_ID', 'WALLET_GOOGLE_SERVICE_ACCOUNT']);
  expect(within(google).queryByText(ASK_PLATFORM_ADMIN)).toBeNull();
  expect(screen.getByText('npm run wallet:dev-certs')).toBeInTheDocument();
});

it('saves the shop’s colour from the hex text or the picker, refuses a bad one in Italian, and resets it', async () => {
  const { user, token, businessId } = await openWalletTab();
  const hex = await screen.findByRole('textbox', { name: 'Colore del negozio (#rrggbb)' });
  const picker = screen.getByLabelText('Scegli il colore');
  expect(hex).toHaveValue('');
  expect(picker).toHaveValue('#1e3a8a');

  await user.type(hex, 'rosso');
  await user.click(screen.getByRole('button', { name: 'Salva colore' }));
  const error = await screen.findByText('Il colore del negozio deve essere nel formato #rrggbb (es. #1e3a8a)');
  expect(hex).toHaveAttribute('aria-invalid', 'true');
  // The error is read with both controls; the swatch has its own name.
  expect(hex).toHaveAccessibleDescription(error.textContent!);
  expect(picker).toHaveAccessibleDescription(error.textContent!);
  expect(picker).toHaveAccessibleName('Scegli il colore');
  expect(await brandColorOf(businessId, token)).toBeNull();

  await user.clear(hex);
  await user.type(hex, '#F5E6C8');
  // The error goes as soon as the value is valid, before saving; the picker follows the text.
  expect(screen.queryByText('Il colore del negozio deve essere nel formato #rrggbb (es. #1e3a8a)')).toBeNull();
  expect(hex).not.toHaveAttribute('aria-invalid');
  expect(picker).not.toHaveAccessibleDescription();
  expect(picker).toHaveValue('#f5e6c8');
  await user.click(screen.getByRole('button', { name: 'Salva colore' }));
  expect(await screen.findByText('Colore del negozio salvato')).toBeInTheDocument();
  await waitFor(async () => expect(await brandColorOf(businessId, token)).toBe('#f5e6c8'));

  await user.click(await screen.findByRole('button', { name: 'Usa il colore predefinito' }));
  await waitFor(async () => expect(await brandColorOf(businessId, token)).toBeNull());
  await waitFor(() => expect(hex).toHaveValue(''));

  // A colour chosen in the picker is written as its hex text, and saved like it.
  fireEvent.change(picker, { target: { value: '#7f1d1d' } });
  expect(hex).toHaveValue('#7f1d1d');
  await user.click(screen.getByRole('button', { name: 'Salva colore' }));
  await waitFor(async () => expect(await brandColorOf(businessId, token)).toBe('#7f1d1d'));
});
