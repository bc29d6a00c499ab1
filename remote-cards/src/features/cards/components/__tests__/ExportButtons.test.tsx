/**
 * "Esporta carte (CSV)" and "Esporta movimenti (CSV)" on the cards screen, against the real API on
 * PGlite: the file comes with the session's token (a plain link could not send it) and is saved under the
 * server's name; a refusal or a missing server is said in Italian. The browser's "save" is the one thing
 * watched rather than done (jsdom has no object URLs nor downloads).
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { Business } from '@loyalty/shared';
import { unreachableApiBaseUrl } from '@loyalty/shared/testing';
import { configureTestRuntime, createBusiness, createCard, signedInAsDemoAdmin } from '../../../../../test/helpers';
import { ExportButtons } from '../ExportButtons';
import { LoyaltyCardsScreen } from '../LoyaltyCardsScreen';

const session = signedInAsDemoAdmin();
let shop: Business;

/** What the screen handed to the browser: the blobs it made URLs of, and the links it clicked. */
let blobs: Map<string, Blob>;
let saved: { href: string; download: string }[];
let revoked: string[];
/** A download is a real request to the real API: on a loaded machine it takes longer than waitFor's 1 s. */
const DOWNLOAD_WAIT = { timeout: 15_000 };
// The clock's own functions, kept before a test fakes it: under fake timers waitFor measures its timeout on the
// fake clock, which it runs 15 s ahead in a fraction of a real second, so a slow real download would fail it.
const realSetTimeout = globalThis.setTimeout;
const realNow = performance.now.bind(performance);

/** Waits, on the real clock, until the screen has handed `count` files to the browser. */
async function downloaded(count: number) {
  const deadline = realNow() + DOWNLOAD_WAIT.timeout;
  while (saved.length < count) {
    if (realNow() > deadline) throw new Error(`${count} file scaricati attesi entro ${DOWNLOAD_WAIT.timeout} ms, visti ${saved.length}`);
    await new Promise((resolve) => realSetTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  shop = await createBusiness(session.token);
  // A formula can no longer be a name (decision 073: refused as by the import); its neutralisation in the CSV is
  // proved on rows written before that rule, in api/test/csv-export.test.ts. Here a name the CSV must quote (its quotes).
  await createCard(session.token, shop.id, 'Rossi "Mario"', 10);
  await createCard(session.token, shop.id, 'Lucia Bianchi', 20);
});

beforeEach(() => {
  blobs = new Map();
  saved = [];
  revoked = [];
  URL.createObjectURL = jest.fn((blob: Blob) => {
    const url = `blob:test-${blobs.size + 1}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = jest.fn((url: string) => void revoked.push(url));
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.getAttribute('href')!, download: this.download });
  });
});

afterEach(() => jest.restoreAllMocks());

/** The file's text with its BOM (a plain TextDecoder would drop it). */
const textOf = async (blob: Blob) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(blob).arrayBuffer());

it('downloads the cards and the ledger with the session, shows the busy button, and saves them under the server’s name', async () => {
  jest.useFakeTimers({ advanceTimers: true });
  try {
    const { user: admin } = session.render(<LoyaltyCardsScreen />, shop.id);
    const exports = await screen.findByRole('group', { name: 'Importa ed esporta' });
    const cardsButton = within(exports).getByRole('button', { name: 'Esporta carte (CSV)' });

    const clicking = admin.click(cardsButton);
    await waitFor(() => expect(cardsButton).toHaveAttribute('aria-busy', 'true'));
    await clicking;
    await downloaded(1);
    expect(saved).toHaveLength(1);
    await waitFor(() => expect(cardsButton).not.toHaveAttribute('aria-busy'), DOWNLOAD_WAIT);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
    expect(saved[0].download).toMatch(new RegExp(`^carte-negozio-[a-z0-9-]+-${day}\\.csv$`));
    const cards = await textOf(blobs.get(saved[0].href)!);
    expect(cards.startsWith('\uFEFFNumero carta;Nome;Email;Telefono;Punti;')).toBe(true);
    const lines = cards.slice(1).split('\r\n');
    expect(lines).toHaveLength(4); // header, two cards, the final CRLF
    expect(lines[1]).toContain(';Lucia Bianchi;');
    // A name with quotes reaches the file quoted, its quotes doubled.
    expect(lines[2]).toContain(`;"Rossi ""Mario""";`);
    // The blob is let go once the download has started.
    jest.advanceTimersByTime(60_000);
    expect(revoked).toEqual([saved[0].href]);

    await admin.click(within(exports).getByRole('button', { name: 'Esporta movimenti (CSV)' }));
    await downloaded(2);
    expect(saved).toHaveLength(2);
    expect(saved[1].download).toMatch(/^movimenti-negozio-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv$/);
    const ledger = (await textOf(blobs.get(saved[1].href)!)).slice(1).split('\r\n');
    expect(ledger[0]).toBe('Data;Numero carta;Cliente;Tipo;Punti;Importo (€);Premio;Descrizione;Operatore');
    expect(ledger.slice(1, 3).map((line) => line.split(';')[3])).toEqual(['accredito', 'accredito']);

    // The same cards as an Excel file (typed cells: api/test/csv-export.test.ts reads them back): a zip, named .xlsx.
    await admin.click(within(exports).getByRole('button', { name: 'Esporta carte (Excel .xlsx)' }));
    await downloaded(3);
    expect(saved).toHaveLength(3);
    expect(saved[2].download).toMatch(new RegExp(`^carte-negozio-[a-z0-9-]+-${day}\\.xlsx$`));
    const xlsx = new Uint8Array(await new Response(blobs.get(saved[2].href)!).arrayBuffer());
    expect([...xlsx.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  } finally {
    jest.useRealTimers();
  }
});

it("says the API's refusal in Italian and saves nothing (a shop that is not the admin's)", async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const { user: admin } = session.render(<ExportButtons businessId="negozio-di-altri" />, shop.id);
  await admin.click(screen.getByRole('button', { name: 'Esporta carte (CSV)' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Azienda non trovata');
  expect(saved).toEqual([]);
  expect(URL.createObjectURL).not.toHaveBeenCalled();
});

it('says in Italian that the export failed when the server cannot be reached, and the button works again', async () => {
  configureTestRuntime(await unreachableApiBaseUrl());
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const { user: admin } = session.render(<ExportButtons businessId={shop.id} />, shop.id);
  const ledgerButton = screen.getByRole('button', { name: 'Esporta movimenti (CSV)' });
  await admin.click(ledgerButton);
  expect(await screen.findByRole('alert')).toHaveTextContent('Esportazione dei movimenti non riuscita. Riprova tra poco.');
  expect(ledgerButton).toBeEnabled();
  expect(saved).toEqual([]);
});
