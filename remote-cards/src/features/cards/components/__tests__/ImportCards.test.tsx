/**
 * "Importa carte (CSV o Excel)" on the cards screen, against the real API on PGlite: a file with good and bad
 * rows → the preview with each refused line and its Italian reason → "Importa N carte" → the cards in the list;
 * the same file again imports nothing. A file the server cannot read is said in Italian inside the dialog.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { Business } from '@loyalty/shared';
import { cardCount, createBusiness, unique, signedInAsDemoAdmin } from '../../../../../test/helpers';
import { LoyaltyCardsScreen } from '../LoyaltyCardsScreen';

const session = signedInAsDemoAdmin();
let shop: Business;

beforeAll(async () => {
  shop = await createBusiness(session.token);
});

const csvFile = (text: string | Uint8Array<ArrayBuffer>) => new File([text], 'clienti.csv', { type: 'text/csv' });

it('previews a file with its refused rows, imports the valid ones into the list, and a second import changes nothing', async () => {
  const tag = unique('import');
  const file = csvFile(
    ['Nome;Email;Telefono;Punti', `Anna ${tag};anna.${tag}@example.it;333 765 4321;15`, ';senza.nome@example.it;;', `Bruno ${tag};;12;`, `Carla ${tag};carla.${tag}@example.it;;0`].join('\r\n'),
  );
  const { user: admin } = session.render(<LoyaltyCardsScreen />, shop.id);

  await admin.click(await screen.findByRole('button', { name: 'Importa carte (CSV o Excel)' }));
  const dialog = await screen.findByRole('dialog', { name: 'Importa carte da un file CSV o Excel' });
  expect(within(dialog).getByText(/non viene inviato nessun messaggio, e senza quelle colonne non hanno il consenso marketing/)).toBeInTheDocument();
  // The accepted consent columns (decision 050).
  expect(within(dialog).getByText(/Consenso marketing, facoltativo/)).toHaveTextContent(/consenso marketing.*data consenso.*fonte consenso/);
  // An exported file's yes/no consent columns carry no date or source: the dialog says they are not imported.
  expect(within(dialog).getByText(/Va bene/)).toHaveTextContent(/colonne «Consenso marketing» \(sì\/no\) non vengono importate/);
  const importButton = within(dialog).getByRole('button', { name: 'Importa 0 carte' });
  expect(importButton).toBeDisabled();

  await admin.upload(within(dialog).getByLabelText('File CSV o Excel (.xlsx)'), file);
  const problems = await within(dialog).findByRole('list', { name: 'Righe con errori' });
  expect(within(problems).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Riga 3: nome mancante', 'Riga 4: telefono non valido']);
  expect(within(dialog).getByText('2 righe valide: verranno importate')).toBeInTheDocument();
  expect(within(dialog).getByText('2 righe con errori')).toBeInTheDocument();
  expect(within(dialog).getByText('0 righe valide con consenso marketing')).toBeInTheDocument();
  expect(within(dialog).queryByText('Mostra le righe già presenti')).not.toBeInTheDocument();
  expect(within(dialog).queryByText(/^Niente da importare/)).not.toBeInTheDocument();
  expect(await cardCount(session.token, shop.id)).toBe(0); // the preview wrote nothing

  await admin.click(within(dialog).getByRole('button', { name: 'Importa 2 carte' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(await screen.findByText('2 carte importate.')).toBeInTheDocument();
  expect(await screen.findByText(`Anna ${tag}`)).toBeInTheDocument();
  expect(screen.getByText(`Carla ${tag}`)).toBeInTheDocument();
  expect(await cardCount(session.token, shop.id)).toBe(2);

  // The same file again: both rows already present, nothing to import.
  await admin.click(screen.getByRole('button', { name: 'Importa carte (CSV o Excel)' }));
  const again = await screen.findByRole('dialog', { name: 'Importa carte da un file CSV o Excel' });
  await admin.upload(within(again).getByLabelText('File CSV o Excel (.xlsx)'), file);
  expect(await within(again).findByText('2 righe già presenti: saltate', { exact: false })).toBeInTheDocument();
  // The list has the real errors only; the rows already present are a count, listed only on demand.
  const errors = within(again).getByRole('list', { name: 'Righe con errori' });
  expect(within(errors).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Riga 3: nome mancante', 'Riga 4: telefono non valido']);
  const present = within(again).getByText('Mostra le righe già presenti').closest('details')!;
  expect(present.open).toBe(false);
  expect(within(present).getAllByRole('listitem', { hidden: true }).map((li) => li.textContent)).toEqual(['Riga 2', 'Riga 5']);
  // Nothing importable: said in a sentence, which describes the disabled button.
  const none = within(again).getByText('Niente da importare: tutte le righe sono già presenti o hanno errori.');
  const disabled = within(again).getByRole('button', { name: 'Importa 0 carte' });
  expect(disabled).toBeDisabled();
  expect(disabled).toHaveAccessibleDescription('Niente da importare: tutte le righe sono già presenti o hanno errori.');
  expect(none).toBeVisible();
  await admin.click(within(again).getByRole('button', { name: 'Annulla' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(await cardCount(session.token, shop.id)).toBe(2);
});

it('reads a Windows-1252 file and says so, with the names as they will be saved; says in Italian why a UTF-16 file cannot be read', async () => {
  const { user: admin } = session.render(<LoyaltyCardsScreen />, shop.id);
  await admin.click(await screen.findByRole('button', { name: 'Importa carte (CSV o Excel)' }));
  const dialog = await screen.findByRole('dialog', { name: 'Importa carte da un file CSV o Excel' });
  const tag = unique('cp').replace(/\W+/g, '');
  // "Niccolò Perché" in Windows-1252: ò and é are the single bytes 0xF2 and 0xE9, not valid UTF-8.
  const latin = new Uint8Array([...`Nome;Cognome;E-mail;Note\r\nNiccol\xf2;Perch\xe9;n.${tag}@example.it;x\r\n`].map((ch) => ch.charCodeAt(0)));
  await admin.upload(within(dialog).getByLabelText('File CSV o Excel (.xlsx)'), csvFile(latin));
  expect(await within(dialog).findByText(/letto come Windows-1252/)).toBeInTheDocument();
  expect(within(dialog).getByRole('table', { name: 'Prime righe come verranno salvate' })).toHaveTextContent('Niccolò Perché');
  expect(within(dialog).getByRole('list', { name: 'Colonne del file' })).toHaveTextContent('Colonne usate: Nome, Cognome → cognome (unito al nome), E-mail → email');
  expect(within(dialog).getByRole('list', { name: 'Colonne del file' })).toHaveTextContent('Colonne ignorate: Note');

  const utf16 = new Uint8Array([0xff, 0xfe, ...[...'Nome;Email\r\nA;a@example.it\r\n'].flatMap((ch) => [ch.charCodeAt(0), 0])]);
  await admin.upload(within(dialog).getByLabelText('File CSV o Excel (.xlsx)'), csvFile(utf16));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(/Il file non è in UTF-8 né in Windows-1252.*LibreOffice/);
  expect(within(dialog).getByRole('button', { name: 'Importa 0 carte' })).toBeDisabled();
});

it('counts in the preview the rows that carry a marketing consent, and shows why a lapsed one is refused', async () => {
  const tag = unique('consenso').replace(/\W+/g, '');
  const recent = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
  const file = csvFile(
    [
      'Nome;Email;Consenso marketing;Data consenso;Fonte consenso',
      `Olga ${tag};olga.${tag}@example.it;email, sms;${recent};modulo cartaceo in negozio`,
      `Pia ${tag};pia.${tag}@example.it;sms;01/01/2020;modulo cartaceo in negozio`,
      `Rita ${tag};rita.${tag}@example.it;;;`,
    ].join('\r\n'),
  );
  const { user: admin } = session.render(<LoyaltyCardsScreen />, shop.id);
  await admin.click(await screen.findByRole('button', { name: 'Importa carte (CSV o Excel)' }));
  const dialog = await screen.findByRole('dialog', { name: 'Importa carte da un file CSV o Excel' });
  await admin.upload(within(dialog).getByLabelText('File CSV o Excel (.xlsx)'), file);
  const problems = await within(dialog).findByRole('list', { name: 'Righe con errori' });
  expect(within(problems).getByRole('listitem')).toHaveTextContent(/^Riga 3: consenso marketing scaduto: è stato dato più di 24 mesi fa .*Il cliente deve darlo di nuovo/);
  expect(within(dialog).getByText('2 righe valide: verranno importate')).toBeInTheDocument();
  expect(within(dialog).getByText('1 riga valida con consenso marketing')).toBeInTheDocument();
  await admin.click(within(dialog).getByRole('button', { name: 'Annulla' }));
});
