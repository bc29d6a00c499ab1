/**
 * A card's ledger (Movimenti) in its dialog: every column of every row, in a dialog wider than the shared
 * dialog's usual width (the five columns were cut at 1280 px), the table in shared's scroll box with its cue,
 * against the real API on PGlite. The widths themselves are measured in a browser (e2e ledger-dialog-width).
 */
import { screen, within } from '@testing-library/react';
import { theme } from '@loyalty/shared';
import { apiCall, createBusiness, createCard, signedInAsDemoAdmin, cardRow } from '../../../../../test/helpers';
import { LoyaltyCardsScreen } from '../LoyaltyCardsScreen';

const session = signedInAsDemoAdmin();

const rem = (size: string) => Number(size.replace(/rem$/, ''));

it('shows every column of each movement in a wider dialog, the table in its own scroll box with a cue', async () => {
  const shop = await createBusiness(session.token);
  const card = await createCard(session.token, shop.id, 'Lucia Larghi', 10);
  await apiCall('POST', `/loyalty-cards/${card.id}/points`, session.token, { points: 47, description: 'Vendita di 23,50 € · Doppi punti il martedì' });
  const { user: person } = session.render(<LoyaltyCardsScreen />, shop.id);

  await person.click(within(await cardRow('Lucia Larghi')).getByRole('button', { name: 'Movimenti di Lucia Larghi' }));
  const ledger = await screen.findByRole('dialog', { name: 'Movimenti di Lucia Larghi' });
  const region = await within(ledger).findByRole('region', { name: 'Tabella dei movimenti' });
  const rows = within(region).getAllByRole('row');
  expect(within(rows[0]).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Data', 'Tipo', 'Punti', 'Descrizione', 'Operatore']);
  const cells = rows.slice(1).map((row) => within(row).getAllByRole('cell').map((td) => td.textContent));
  expect(cells).toHaveLength(2);
  expect(cells.map((row) => row.slice(1))).toEqual([
    ['accredito', '+47', 'Vendita di 23,50 € · Doppi punti il martedì', session.user.full_name],
    ['accredito', '+10', 'Saldo iniziale', session.user.full_name],
  ]);
  expect(cells.every((row) => /^\d{2}\/\d{2}\/\d{4}/.test(row[0]!))).toBe(true);

  // The dialog takes more than the shared dialog's usual width; the table keeps its minimum width in the box,
  // which a keyboard reaches and which says, on a phone, that it scrolls.
  const maxWidth = getComputedStyle(ledger).maxWidth;
  expect(maxWidth).toMatch(/rem$/);
  expect(rem(maxWidth)).toBeGreaterThan(rem(theme.sizes.modalWidth));
  expect(region).toHaveAttribute('tabindex', '0');
  expect(within(ledger).getByText('Scorri la tabella di lato per vedere tutte le colonne →')).toHaveAttribute('aria-hidden', 'true');
});
