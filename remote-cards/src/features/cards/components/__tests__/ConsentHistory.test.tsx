/**
 * "Storico consensi" (decision 047) on a card's row opens a dialog with the card's consent events in
 * Italian, newest first, against the real API on PGlite; and its empty and error states.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { API, apiCall, createBusiness, createCard, unique, signedInAsDemoAdmin, cardRow } from '../../../../../test/helpers';
import { LoyaltyCardsScreen } from '../LoyaltyCardsScreen';

const session = signedInAsDemoAdmin();

const renderCards = (businessId: string) => session.render(<LoyaltyCardsScreen />, businessId);

it('lists the events newest first in Italian: signup consents, then an admin-recorded channel', async () => {
  const shop = await createBusiness(session.token);
  // A public signup: the privacy notice and WhatsApp, from the form.
  await apiCall('POST', '/users/loyalty-cards/create', null, {
    email: `${unique('consenso').replace(/\W+/g, '.')}@example.it`,
    full_name: 'Carla Consenso',
    phone: `+39 333 ${String(1_000_000 + Math.floor(Math.random() * 8_999_999))}`,
    business_id: shop.id,
    privacy_ack: true,
    marketing_channels: ['whatsapp'],
  });
  const { user: person } = renderCards(shop.id);
  await person.click(within(await cardRow('Carla Consenso')).getByRole('button', { name: 'Storico consensi di Carla Consenso' }));
  const dialog = await screen.findByRole('dialog', { name: 'Storico consensi di Carla Consenso' });
  const list = await within(dialog).findByRole('list', { name: 'Consensi, dal più recente' });
  const items = within(list).getAllByRole('listitem').map((item) => item.textContent);
  // Same instant: written in order, so the newest (WhatsApp) comes first.
  expect(items).toHaveLength(2);
  expect(items[0]).toMatch(/^\d{2}\/\d{2}\/\d{4}.*\d{2}:\d{2} — Marketing WhatsApp: concesso — modulo di iscrizione \(testo v1\)$/);
  expect(items[1]).toMatch(/ — Informativa privacy: concesso — modulo di iscrizione \(testo v1\)$/);

  await person.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('names the admin who recorded a consent at the counter', async () => {
  const shop = await createBusiness(session.token);
  await apiCall('POST', '/users', session.token, {
    email: `${unique('banco').replace(/\W+/g, '.')}@example.it`,
    full_name: 'Bruno Banco',
    role: 'client',
    business_id: shop.id,
    marketing_channels: ['sms', 'email'],
  });
  const { user: person } = renderCards(shop.id);
  await person.click(within(await cardRow('Bruno Banco')).getByRole('button', { name: 'Storico consensi di Bruno Banco' }));
  const dialog = await screen.findByRole('dialog', { name: 'Storico consensi di Bruno Banco' });
  const items = within(await within(dialog).findByRole('list')).getAllByRole('listitem').map((item) => item.textContent);
  expect(items.map((text) => text?.replace(/^.* — (Marketing)/, '$1'))).toEqual([
    `Marketing Email: concesso — registrato da ${session.user.full_name} (testo v1)`,
    `Marketing SMS: concesso — registrato da ${session.user.full_name} (testo v1)`,
  ]);
});

it('shows the empty state for a card without consents and the error of a card deleted meanwhile', async () => {
  const shop = await createBusiness(session.token);
  // An admin's client without channels: no privacy notice acknowledged there, no marketing.
  await createCard(session.token, shop.id, 'Nina Nessuno');
  const gone = await createCard(session.token, shop.id, 'Gino Già Via');
  const { user: person } = renderCards(shop.id);
  await person.click(within(await cardRow('Nina Nessuno')).getByRole('button', { name: 'Storico consensi di Nina Nessuno' }));
  const empty = await screen.findByRole('dialog', { name: 'Storico consensi di Nina Nessuno' });
  expect(await within(empty).findByText('Nessun consenso registrato')).toBeInTheDocument();
  await person.keyboard('{Escape}');

  await apiCall('DELETE', `/loyalty-cards/${gone.id}`, session.token);
  await person.click(within(await cardRow('Gino Già Via')).getByRole('button', { name: 'Storico consensi di Gino Già Via' }));
  const failed = await screen.findByRole('dialog', { name: 'Storico consensi di Gino Già Via' });
  expect(await within(failed).findByRole('alert')).toHaveTextContent('Carta non trovata');
});

describe('Modifica consensi (decision 050)', () => {
  it("records what the customer asked at the counter: the history refreshes with the admin's rows and the row shows the new channels", async () => {
    const shop = await createBusiness(session.token);
    await apiCall('POST', '/users', session.token, {
      email: `${unique('banco').replace(/\W+/g, '.')}@example.it`,
      full_name: 'Dora Banco',
      role: 'client',
      business_id: shop.id,
      marketing_channels: ['sms'],
    });
    const { user: person } = renderCards(shop.id);
    const dora = await cardRow('Dora Banco');
    expect(within(dora).getByText('Marketing: SMS')).toBeInTheDocument();
    await person.click(within(dora).getByRole('button', { name: 'Storico consensi di Dora Banco' }));
    const dialog = await screen.findByRole('dialog', { name: 'Storico consensi di Dora Banco' });
    const editor = within(dialog).getByRole('form', { name: 'Modifica consensi' });
    const group = within(editor).getByRole('group', { name: 'Consenso marketing' });
    // The boxes start from the card's channels.
    expect(within(group).getByRole('checkbox', { name: 'SMS' })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'Email' })).not.toBeChecked();
    expect(within(await within(dialog).findByRole('list', { name: 'Consensi, dal più recente' })).getAllByRole('listitem')).toHaveLength(1);

    await person.click(within(group).getByRole('checkbox', { name: 'Email' }));
    await person.click(within(group).getByRole('checkbox', { name: 'SMS' }));
    await person.click(within(editor).getByRole('button', { name: 'Salva consensi' }));
    expect(await within(editor).findByText('Consensi salvati (concesso o rinnovato: Email; revocato: SMS).')).toHaveAttribute('role', 'status');

    // The history (its tag) asks again: two new 'admin' rows, newest first.
    await waitFor(() => expect(within(within(dialog).getByRole('list')).getAllByRole('listitem')).toHaveLength(3));
    const items = within(within(dialog).getByRole('list')).getAllByRole('listitem').map((item) => item.textContent?.replace(/^.* — (Marketing)/, '$1'));
    expect(items.slice(0, 2).sort()).toEqual([
      `Marketing Email: concesso — registrato da ${session.user.full_name} (testo v1)`,
      `Marketing SMS: revocato — registrato da ${session.user.full_name} (testo v1)`,
    ]);

    // Renewing the kept channel writes one more grant.
    await person.click(within(editor).getByRole('checkbox', { name: /Rinnova i consensi già dati/ }));
    await person.click(within(editor).getByRole('button', { name: 'Salva consensi' }));
    expect(await within(editor).findByText('Consensi salvati (concesso o rinnovato: Email).')).toBeInTheDocument();
    await waitFor(() => expect(within(within(dialog).getByRole('list')).getAllByRole('listitem')).toHaveLength(4));
    expect(within(editor).getByRole('checkbox', { name: /Rinnova/ })).not.toBeChecked();

    await person.keyboard('{Escape}');
    // The list (its tag) asks again too.
    expect(await within(await cardRow('Dora Banco')).findByText('Marketing: Email')).toBeInTheDocument();
  });

  it('shows an imported consent with the day it was given, when it was recorded and its evidence', async () => {
    const shop = await createBusiness(session.token);
    const given = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const file = `nome;email;consenso marketing;data consenso;fonte consenso\nIrene Import;${unique('imp').replace(/\W+/g, '.')}@example.it;whatsapp;${given};modulo cartaceo in negozio\n`;
    const imported = await fetch(`${API}/api/loyalty-cards/business/${shop.id}/import?dry_run=false`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'text/csv' },
      body: file,
    });
    expect(await imported.json()).toMatchObject({ imported: 1, with_consent: 1 });
    const { user: person } = renderCards(shop.id);
    await person.click(within(await cardRow('Irene Import')).getByRole('button', { name: 'Storico consensi di Irene Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Storico consensi di Irene Import' });
    const [item] = within(await within(dialog).findByRole('list')).getAllByRole('listitem');
    const day = `${given.slice(8, 10)}/${given.slice(5, 7)}/${given.slice(0, 4)}`;
    expect(item.textContent).toMatch(
      new RegExp(`^${day} \\(registrato il \\d{2}/\\d{2}/\\d{4}.*\\) — Marketing WhatsApp: concesso — importazione \\(testo non registrato\\): «modulo cartaceo in negozio»$`),
    );
  });
});
