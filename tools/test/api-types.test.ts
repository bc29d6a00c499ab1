/**
 * Decision 033: the frontends' API types come from the API's route schemas. A route that renames a field a
 * screen reads must fail the type check, and the same routes must always give the same file.
 *
 * The document is the real one (the API app on an in-memory PGlite, as `npm run api:types` builds it); the
 * type check runs TypeScript on shared's real helpers (shared/src/api/types.ts) and a few lines that read
 * the API's answers as the screens do, against types generated from that document and from a copy with
 * one field renamed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { buildOpenApiDocument, type OpenApiDocument } from '../../api/src/openapi';
import { pgliteConfig } from '../../api/test/helpers/databases';
import { apiTypesSource, REPO_ROOT } from '../src/api-types';

// PGlite starts in a few seconds alone, much longer on a busy machine.
jest.setTimeout(120_000);

/** As LedgerDialog.tsx (remote-cards) shows a ledger row, and the cards list reads a page. */
const SCREEN = `
import type { ApiBody, ApiSchema } from './types';

type LedgerEntry = ApiSchema<'LedgerEntry'>;
export const authorCell = (entry: LedgerEntry): string => entry.author_name ?? '—';
export const rows = (ledger: ApiBody<'/api/loyalty-cards/{id}/ledger', 'get'>): string[] => ledger.map(authorCell);
export const firstCard = (page: ApiSchema<'CardPage'>) => page.items[0]?.card_number;
`;

type Schema = { properties: Record<string, unknown>; required?: string[] };

/** A copy of the document where the answers' `LedgerEntry` calls `author_name` `author_full_name`. */
function withLedgerAuthorRenamed(document: OpenApiDocument): OpenApiDocument {
  const copy = structuredClone(document) as OpenApiDocument & { components: { schemas: Record<string, Schema> } };
  const entry = copy.components.schemas.LedgerEntry;
  const { author_name: author, ...rest } = entry.properties;
  entry.properties = { ...rest, author_full_name: author };
  entry.required = entry.required?.map((name) => (name === 'author_name' ? 'author_full_name' : name));
  return copy;
}

/** TypeScript's verdict on the screen lines against types generated from `document`. */
async function typeErrors(document: OpenApiDocument): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-types-'));
  try {
    fs.writeFileSync(path.join(dir, 'openapi.gen.ts'), await apiTypesSource(document));
    fs.copyFileSync(path.join(REPO_ROOT, 'shared/src/api/types.ts'), path.join(dir, 'types.ts'));
    fs.writeFileSync(path.join(dir, 'screen.ts'), SCREEN);
    const program = ts.createProgram([path.join(dir, 'screen.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.Preserve,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: [],
      skipLibCheck: true,
    });
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('API types generated from the route schemas', () => {
  let document: OpenApiDocument;
  beforeAll(async () => {
    // On a copy of the run's migrated database (the API project's global setup made it): initdb and every migration
    // on an empty one were most of this suite's time, and the document does not depend on them.
    document = await buildOpenApiDocument(pgliteConfig(null));
  });

  it('names the answers the screens use', () => {
    const names = Object.keys((document as { components: { schemas: object } }).components.schemas);
    expect(names).toEqual(expect.arrayContaining(['LoyaltyCard', 'CardPage', 'CardStats', 'LedgerEntry', 'Campaign', 'Business', 'User', 'SendOutcome']));
  });

  it('type-checks the screen against the API as it is', async () => {
    expect(await typeErrors(document)).toEqual([]);
  });

  it('fails the type check when a route renames a field the screen reads', async () => {
    const errors = await typeErrors(withLedgerAuthorRenamed(document));
    expect(errors).toEqual([expect.stringContaining("Property 'author_name' does not exist")]);
  });

  it('writes the same file for the same routes, whatever the order of the document', async () => {
    const shuffled = JSON.parse(JSON.stringify(document, (_key, value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).reverse()) : value)));
    const first = await apiTypesSource(document, 'stamp');
    expect(await apiTypesSource(structuredClone(document), 'stamp')).toBe(first);
    expect(await apiTypesSource(shuffled, 'stamp')).toBe(first);
    // The request-side twin fastify-type-provider-zod writes for each named answer is left out: nothing uses it.
    expect(first).not.toContain('LedgerEntryInput');
  });
});
