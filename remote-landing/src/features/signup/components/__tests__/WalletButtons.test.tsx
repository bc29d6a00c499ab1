/**
 * Issue 21: the wallet buttons under the card image of the signup result, each only when its link is in
 * the answer (the prerendered page's script does the same: exposed/page-scripts/__tests__/signup.test.ts).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@loyalty/shared/testing';
import { configureTestRuntime } from '../../../../../test/helpers';
import { LoyaltyCardResult } from '../LoyaltyCardResult';

// jsdom cannot draw: the drawing is recorded (as in the page script's test); the buttons do not depend on it.
jest.mock('@loyalty/shared', () => ({
  ...jest.requireActual<object>('@loyalty/shared'),
  drawLoyaltyCard: jest.fn(() => Promise.resolve()),
}));

/** The drawing has ended (the download is enabled): no update is left to happen after the test. */
const drawn = () => waitFor(() => expect(screen.getByRole('button', { name: 'Scarica la carta (PNG)' })).toBeEnabled());

const CARD = { id: 'c1', user_id: 'u1', business_name: 'Bar Centrale', card_number: 'LC-00000001', my_card_url: 'https://app.example.it/my-card' };
const APPLE = 'https://fidelity.example.it/api/wallet/apple/pass/abc.pkpass';
const GOOGLE = 'https://pay.google.com/gp/v/save/eyJhbGciOi';

beforeEach(() => configureTestRuntime());

it('shows both buttons as links under the card image, in the official wording, reachable by keyboard', async () => {
  renderWithProviders(<LoyaltyCardResult card={{ ...CARD, wallet: { apple: APPLE, google: GOOGLE } }} />);
  await drawn();
  const apple = screen.getByRole('link', { name: 'Aggiungi ad Apple Wallet' });
  const google = screen.getByRole('link', { name: 'Salva in Google Wallet' });
  expect(apple).toHaveAttribute('href', APPLE);
  expect(google).toHaveAttribute('href', GOOGLE);
  // Under the card image, before the PNG download.
  const image = screen.getByRole('img', { name: /Carta fedeltà/ });
  expect(image.compareDocumentPosition(apple) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(apple.compareDocumentPosition(screen.getByRole('button', { name: 'Scarica la carta (PNG)' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  // The heading has focus on arrival; Tab reaches the buttons in order.
  const user = userEvent.setup();
  await user.tab();
  expect(apple).toHaveFocus();
  await user.tab();
  expect(google).toHaveFocus();
});

it('shows only the wallet whose link came, and none without links or with a link that is not a web address', async () => {
  const { unmount } = renderWithProviders(<LoyaltyCardResult card={{ ...CARD, wallet: { apple: APPLE } }} />);
  await drawn();
  expect(screen.getByRole('link', { name: 'Aggiungi ad Apple Wallet' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /Google Wallet/ })).toBeNull();
  unmount();

  const again = renderWithProviders(<LoyaltyCardResult card={CARD} />);
  await drawn();
  // No wallet link: the only link is the customer's page (issue 22), on every card.
  expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Vedi saldo, premi e movimenti']);
  again.unmount();

  renderWithProviders(<LoyaltyCardResult card={{ ...CARD, wallet: { apple: 'javascript:alert(1)', google: GOOGLE } }} />);
  await drawn();
  expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Salva in Google Wallet', 'Vedi saldo, premi e movimenti']);
});

it('draws the card in the shop’s colour the answer carries, and the blue card without one', async () => {
  const { drawLoyaltyCard } = jest.requireMock<{ drawLoyaltyCard: jest.Mock }>('@loyalty/shared');
  drawLoyaltyCard.mockClear();
  const { unmount } = renderWithProviders(<LoyaltyCardResult card={{ ...CARD, brand_color: '#f5e6c8' }} />);
  await drawn();
  expect(drawLoyaltyCard).toHaveBeenCalledWith(expect.any(HTMLCanvasElement), expect.objectContaining({ businessName: 'Bar Centrale', brandColor: '#f5e6c8' }));
  unmount();

  drawLoyaltyCard.mockClear();
  renderWithProviders(<LoyaltyCardResult card={CARD} />);
  await drawn();
  expect(drawLoyaltyCard).toHaveBeenCalledWith(expect.any(HTMLCanvasElement), expect.objectContaining({ brandColor: undefined }));
});
