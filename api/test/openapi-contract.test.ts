/**
 * The OpenAPI document is the contract a generated client is built from (decision 076):
 * - `@redocly/cli lint` with the recommended rules finds nothing in it (what is switched off, and why, is in
 *   api/openapi/redocly.yaml and its ignore file);
 * - every operation names itself, says what it does, and declares its refusals and its success.
 * The answers are checked where the requests are made: the authorization matrix (authorization.test.ts) sends every
 * operation its valid request as every kind of caller, the fuzz (security/fuzz.test.ts) hostile values at every
 * input; both check each answer's status, content type and body against the document (helpers/contract.ts).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startTestApp, type TestApp } from './helpers/app';
import { contractOf, documentedRoutes, type ApiDocument, type Contract } from './helpers/contract';
import { pgliteVariant } from './helpers/databases';

const run = promisify(execFile);
const LINT_CONFIG = path.join(__dirname, '../openapi');

describe('the OpenAPI document as a contract [PGlite]', () => {
  let t: TestApp;
  let document: ApiDocument;
  let contract: Contract;
  beforeAll(async () => {
    t = await startTestApp(pgliteVariant);
    document = t.app.swagger() as ApiDocument;
    contract = contractOf(document);
  });
  afterAll(() => t.close());

  it('passes @redocly/cli lint with the recommended rules: 0 errors, 0 warnings', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-'));
    try {
      fs.writeFileSync(path.join(folder, 'openapi.json'), JSON.stringify(document));
      for (const file of ['redocly.yaml', '.redocly.lint-ignore.yaml']) fs.copyFileSync(path.join(LINT_CONFIG, file), path.join(folder, file));
      const cli = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin/cli.js');
      const lint = await run(process.execPath, [cli, 'lint', 'openapi.json', '--config', 'redocly.yaml', '--format', 'json'], { cwd: folder, maxBuffer: 16 << 20 }).catch(
        (error: { stdout: string }) => error,
      );
      const report = JSON.parse(lint.stdout) as { totals: { errors: number; warnings: number }; problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }> };
      expect(report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('gives every operation an operationId and a summary, and declares a 4xx and a 2xx (or a redirect)', () => {
    const incomplete = documentedRoutes(document).filter((route) => {
      const op = contract.operation(route)!;
      const statuses = Object.keys(op.responses ?? {});
      return !op.operationId || !(op as { summary?: string }).summary || !statuses.some((s) => s.startsWith('4')) || !statuses.some((s) => /^[23]/.test(s));
    });
    // The health check has no input to refuse (api/openapi/.redocly.lint-ignore.yaml).
    expect(incomplete).toEqual(['GET /api/health']);
  });
});
