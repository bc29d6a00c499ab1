/**
 * A card whose customer erased their data (POST /customer/erase, api/src/features/customer/routes.ts): the card
 * stays, named «Cliente eliminato», with no e-mail, phone or birth date (as api/test/customer.test.ts checks the
 * row). Its row offers nothing that needs a contact and says why; a card with a contact keeps every action.
 * Only the customer can erase (their session comes from a link sent to them), so the row gets the card as the
 * API lists it after the erasure.
 */
import { screen, within } from '@testing-library/react';
import type { LoyaltyCard } from '@loyalty/shared';
import { renderWithProviders } from '@loyalty/shared/testing';
import { configureTestRuntime } from '../../../../../test/helpers';
import { NO_CONTACT_TEXT, hasContact } from '../../model/contact';
import { CardRow, EMPTY_DRAFT } from '../CardRow';

beforeEach(() => configureTestRuntime());

/** A card as GET /loyalty-cards/business/{id} answers it (the old names carry the same values). */
function listed(fields: Pick<LoyaltyCard, 'customer_name' | 'email' | 'customer_phone' | 'birth_date'>): LoyaltyCard {
  return {
    id: 'c-1',
    business_id: 'b-1',
    user_id: null,
    card_number: 'LC-000123',
    points: 12,
    created_at: '2026-01-10T09:00:00.000Z',
    bonus_due: false,
    last_bonus_at: null,
    marketing_channels: [],
    marketing_consent: false,
    expiring_points: 0,
    expiring_on: null,
    ...fields,
    customername: fields.customer_name,
    customerphone: fields.customer_phone,
    customeremail: fields.email,
    birthdate: fields.birth_date,
    createdat: '2026-01-10T09:00:00.000Z',
  };
}

function renderRow(card: LoyaltyCard) {
  return renderWithProviders(
    <CardRow
      card={card}
      mode="points"
      walletLinks
      onShowLedger={() => {}}
      onShowConsents={() => {}}
      onRedeem={() => {}}
      onDelete={() => {}}
      draft={EMPTY_DRAFT}
      onDraftChange={() => {}}
    />,
  );
}

const buttonNames = (row: HTMLElement) => within(row).getAllByRole('button').map((button) => button.textContent);

it('offers an erased customer’s card no action that needs a contact, and says why in the card’s own text', async () => {
  renderRow(listed({ customer_name: 'Cliente eliminato', email: null, customer_phone: null, birth_date: null }));
  const row = await screen.findByRole('article', { name: 'Cliente eliminato' });
  expect(within(row).queryByRole('button', { name: /link wallet/i })).not.toBeInTheDocument();
  // What is left works without reaching the person: points, a reward at the counter, the history, the consents, delete.
  expect(buttonNames(row)).toEqual(['Aggiorna', 'Riscatta premio', 'Movimenti', 'Storico consensi', 'Elimina']);
  expect(within(row).getByText(NO_CONTACT_TEXT)).toBeInTheDocument();
  expect(NO_CONTACT_TEXT).toBe('Nessun contatto: la carta non può ricevere messaggi né link wallet');
  // Not the empty placeholders of the e-mail, phone and birth date.
  expect(within(row).queryByText('Email —')).not.toBeInTheDocument();
  expect(within(row).queryByText(/^Tel\./)).not.toBeInTheDocument();
  expect(within(row).queryByText(/^Nascita/)).not.toBeInTheDocument();
});

it('keeps «Invia link wallet» and the contact details on a card with a contact', async () => {
  renderRow(listed({ customer_name: 'Wanda Wallet', email: 'wanda@example.it', customer_phone: '+393331234567', birth_date: null }));
  const row = await screen.findByRole('article', { name: 'Wanda Wallet' });
  expect(within(row).getByRole('button', { name: 'Invia link wallet a Wanda Wallet' })).toBeInTheDocument();
  expect(within(row).getByText('wanda@example.it')).toBeInTheDocument();
  expect(within(row).queryByText(NO_CONTACT_TEXT)).not.toBeInTheDocument();
});

it('counts an e-mail or a phone as a contact, blanks as none', () => {
  expect(hasContact({ email: null, customer_phone: null })).toBe(false);
  expect(hasContact({ email: ' ', customer_phone: '' })).toBe(false);
  expect(hasContact({ email: 'a@b.it', customer_phone: null })).toBe(true);
  expect(hasContact({ email: null, customer_phone: '+393331234567' })).toBe(true);
});

it('links the customer’s name to the card’s own page (the one its QR opens), and only a card with its holder’s id', async () => {
  const { unmount } = renderRow({ ...listed({ customer_name: 'Nicolò Greco', email: 'nicolo@example.it', customer_phone: '+393331234567', birth_date: null }), user_id: 'u-9' });
  const row = await screen.findByRole('article', { name: 'Nicolò Greco' });
  const link = within(row).getByRole('link', { name: 'Nicolò Greco' });
  expect(link).toHaveAttribute('href', '/dashboard/add-points?card_id=c-1&user_id=u-9');
  expect(within(row).getByRole('heading', { level: 2, name: 'Nicolò Greco' })).toContainElement(link);
  unmount();
  // The page needs both ids (it sends a visitor without them to /dashboard): no link that leads nowhere.
  renderRow(listed({ customer_name: 'Cliente eliminato', email: null, customer_phone: null, birth_date: null }));
  const erased = await screen.findByRole('article', { name: 'Cliente eliminato' });
  expect(within(erased).queryByRole('link')).not.toBeInTheDocument();
  expect(within(erased).getByRole('heading', { level: 2, name: 'Cliente eliminato' })).toBeInTheDocument();
});
