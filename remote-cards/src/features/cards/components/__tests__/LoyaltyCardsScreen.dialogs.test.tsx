/**
 * The cards screen's dialogs come with a sign of intent, not with the list (decisions 095 and 113), against the real
 * API on PGlite: the list draws without any dialog's code; the pointer over a button, its focus (the keyboard's way)
 * or a touch fetches that dialog's code alone; a fetch that fails on a tap is said under the title row, the button
 * stays enabled with the focus, and the next tap opens the dialog; every dialog opens by mouse and by keyboard and
 * gives the focus back to its button on closing. The QR page says a failure under its title the same way.
 *
 * Each dialog module is required through a mock that records it and can fail, as a chunk the network refuses:
 * Jest's `import()` is a `require` in a promise, and a module whose factory threw is required anew on the next one.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DIALOG_CODE_FAILED, type Business } from '@loyalty/shared';
import { createBusiness, createCard, renderQrPage, signedInAsDemoAdmin, cardRow, type TestCard } from '../../../../../test/helpers';
import { LoyaltyCardsScreen } from '../LoyaltyCardsScreen';

/** The dialog modules required so far, in order. */
const mockRequired: string[] = [];
/** The modules whose chunk the network refuses (the prefetch on intent fails too), until taken out. */
const mockFailing = new Set<string>();
function mockDialogModule<T>(name: string, actual: () => T): T {
  if (mockFailing.has(name)) throw new Error(`ChunkLoadError: Loading chunk ${name} failed.`);
  mockRequired.push(name);
  return actual();
}
jest.mock('../LedgerDialog', () => mockDialogModule('LedgerDialog', () => jest.requireActual('../LedgerDialog')));
jest.mock('../RedeemDialog', () => mockDialogModule('RedeemDialog', () => jest.requireActual('../RedeemDialog')));
jest.mock('../ConsentHistoryDialog', () => mockDialogModule('ConsentHistoryDialog', () => jest.requireActual('../ConsentHistoryDialog')));
jest.mock('../DeleteCardDialog', () => mockDialogModule('DeleteCardDialog', () => jest.requireActual('../DeleteCardDialog')));
jest.mock('../QrScannerDialog', () => mockDialogModule('QrScannerDialog', () => jest.requireActual('../QrScannerDialog')));
jest.mock('../ImportCardsDialog', () => mockDialogModule('ImportCardsDialog', () => jest.requireActual('../ImportCardsDialog')));

const session = signedInAsDemoAdmin();
const NAME = 'Alba Aperta';
let shop: Business;
// The tests run in this order: a module loaded by one is not fetched again by the next (as in the browser).
let card: TestCard;

beforeAll(async () => {
  shop = await createBusiness(session.token);
  card = await createCard(session.token, shop.id, NAME, 30);
});

const renderScreen = () => session.render(<LoyaltyCardsScreen />, shop.id);
const rowButton = async (name: string) => within(await cardRow(NAME)).getByRole('button', { name });

it('draws the list without any dialog’s code; the pointer over a button, its focus or a touch fetches that dialog’s alone', async () => {
  renderScreen();
  await cardRow(NAME);
  expect(await screen.findByRole('button', { name: 'Importa carte (CSV o Excel)' })).toBeEnabled();
  expect(mockRequired).toEqual([]);

  fireEvent.pointerEnter(await rowButton(`Movimenti di ${NAME}`));
  await waitFor(() => expect(mockRequired).toEqual(['LedgerDialog']));
  // The keyboard's way: a focus is a sign of intent too.
  await act(async () => (await rowButton(`Storico consensi di ${NAME}`)).focus());
  await waitFor(() => expect(mockRequired).toEqual(['LedgerDialog', 'ConsentHistoryDialog']));
  fireEvent.touchStart(await rowButton(`Elimina ${NAME}`));
  await waitFor(() => expect(mockRequired).toEqual(['LedgerDialog', 'ConsentHistoryDialog', 'DeleteCardDialog']));
  // Nothing opened: intent alone draws no dialog.
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('says a fetch that fails on the tap under the title row, keeps the button enabled with the focus, and the next tap opens the dialog', async () => {
  const { user: person } = renderScreen();
  await cardRow(NAME);
  const cases = [
    { module: 'QrScannerDialog', button: () => screen.getByRole('button', { name: 'Scansiona' }), dialog: 'Scansiona una carta' },
    { module: 'ImportCardsDialog', button: () => screen.getByRole('button', { name: 'Importa carte (CSV o Excel)' }), dialog: 'Importa carte da un file CSV o Excel' },
  ];
  for (const { module, button, dialog } of cases) {
    mockFailing.add(module);
    await person.click(button());
    const said = await screen.findByRole('alert');
    expect(said).toHaveTextContent(DIALOG_CODE_FAILED);
    // Under the title row, before the search: where the screen's lead is.
    const heading = screen.getByRole('heading', { level: 1, name: 'Carte Fedeltà' });
    expect(heading.compareDocumentPosition(said) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(said.compareDocumentPosition(screen.getByRole('searchbox')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button()).toBeEnabled();
    expect(button()).not.toHaveAttribute('aria-busy');
    expect(button()).toHaveFocus();

    // The network is back: the next tap fetches it.
    mockFailing.delete(module);
    await person.click(button());
    expect(await screen.findByRole('dialog', { name: dialog })).toBeInTheDocument();
    expect(screen.queryByText(DIALOG_CODE_FAILED)).not.toBeInTheDocument();
    await person.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button()).toHaveFocus();
  }
});

it('on the QR page, says a failed fetch of the rewards’ dialog under the title, and the next tap opens it', async () => {
  mockFailing.add('RedeemDialog');
  const { user: person } = renderQrPage(session, card, shop.id);
  const redeem = await screen.findByRole('button', { name: 'Riscatta premio' });
  await person.click(redeem);
  const said = await screen.findByRole('alert');
  expect(said).toHaveTextContent(DIALOG_CODE_FAILED);
  expect(screen.getByRole('heading', { level: 1 }).compareDocumentPosition(said) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(redeem).toHaveFocus();
  mockFailing.delete('RedeemDialog');
  await person.click(redeem);
  expect(await screen.findByRole('dialog', { name: `Riscatta premio – ${NAME}` })).toBeInTheDocument();
  expect(screen.queryByText(DIALOG_CODE_FAILED)).not.toBeInTheDocument();
});

it('opens every dialog by mouse and by keyboard, and gives the focus back to its button on closing', async () => {
  const { user: person } = renderScreen();
  await cardRow(NAME);
  const openers = [
    { button: 'Scansiona', dialog: 'Scansiona una carta', inRow: false },
    { button: 'Importa carte (CSV o Excel)', dialog: 'Importa carte da un file CSV o Excel', inRow: false },
    { button: `Riscatta premio per ${NAME}`, dialog: `Riscatta premio – ${NAME}`, inRow: true },
    { button: `Movimenti di ${NAME}`, dialog: `Movimenti di ${NAME}`, inRow: true },
    { button: `Storico consensi di ${NAME}`, dialog: `Storico consensi di ${NAME}`, inRow: true },
    { button: `Elimina ${NAME}`, dialog: 'Eliminare questa carta?', inRow: true },
  ];
  const find = (opener: (typeof openers)[number]) => (opener.inRow ? rowButton(opener.button) : screen.findByRole('button', { name: opener.button }));
  for (const opener of openers) {
    for (const way of ['mouse', 'keyboard'] as const) {
      if (way === 'mouse') await person.click(await find(opener));
      else {
        await act(async () => (await find(opener)).focus());
        await person.keyboard('{Enter}');
      }
      const dialog = await screen.findByRole('dialog', { name: opener.dialog });
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
      await person.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await find(opener)).toHaveFocus();
    }
  }
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(await cardRow(NAME)).toBeInTheDocument();
});
