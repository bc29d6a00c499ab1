/**
 * The OpenAPI document is the contract a generated client is built from (decision 076):
 * - `@redocly/cli lint` with the recommended rules finds nothing in it (what is switched off, and why, is in
 *   api/openapi/redocly.yaml and its ignore file);
 * - every operation answers an invalid request, built from the document, with a status, a content type and a body
 *   the document declares. The valid requests of every operation, as every kind of caller, are the authorization
 *   matrix's (authorization.test.ts), which checks each answer against the document the same way.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { InjectOptions } from 'fastify';
import { authHeader, demoAccount, startTestApp, type TestApp } from './helpers/app';
import { contractOf, documentedRoutes, type ApiDocument, type Contract, type Operation } from './helpers/contract';
import { pgliteVariant } from './helpers/databases';

const run = promisify(execFile);
const LINT_CONFIG = path.join(__dirname, '../openapi');

/** A path parameter one character over the longest any route takes: the schema refuses it before any lookup. */
const TOO_LONG = 'x'.repeat(201);

/**
 * An invalid request of `route`, from its document: a JSON body of the wrong type where it takes one, else a text
 * body where it takes a form or a file of the wrong kind, else a query parameter or a path parameter out of range.
 */
function invalidRequest(route: string, op: Operation): InjectOptions | null {
  const [method, template] = route.split(' ');
  const params = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
  const query = (op.parameters ?? []).filter((p) => p.in === 'query');
  const types = Object.keys(op.requestBody?.content ?? {});
  let url = template;
  for (const name of params) url = url.replace(`{${name}}`, 'x');
  if (types.includes('application/json')) {
    return { method: method as InjectOptions['method'], url, headers: { 'content-type': 'application/json' }, payload: '[1, 2, 3]' };
  }
  if (types.length > 0) return { method: method as InjectOptions['method'], url, headers: { 'content-type': types[0] }, payload: '' };
  const bounded = query.find((p) => p.schema && ('maximum' in p.schema || 'enum' in p.schema || 'maxLength' in p.schema));
  if (bounded) return { method: method as InjectOptions['method'], url: `${url}?${bounded.name}=${'9'.repeat(300)}` };
  if (params.length > 0) return { method: method as InjectOptions['method'], url: template.replace(`{${params[0]}}`, TOO_LONG).replace(/\{\w+\}/g, 'x') };
  return null; // no input to get wrong
}

describe('the OpenAPI document as a contract [PGlite]', () => {
  let t: TestApp;
  let document: ApiDocument;
  let contract: Contract;
  let superAdmin: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(pgliteVariant, { seedDemo: true });
    document = t.app.swagger() as ApiDocument;
    contract = contractOf(document);
    superAdmin = await authHeader(t.app, demoAccount('super_admin').email, demoAccount('super_admin').password);
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

  it('answers an invalid request of every operation as the document declares', async () => {
    const mismatches: string[] = [];
    const refused: string[] = [];
    const withoutInput: string[] = [];
    for (const route of documentedRoutes(document)) {
      const op = contract.operation(route)!;
      const request = invalidRequest(route, op);
      if (!request) {
        withoutInput.push(route);
        continue;
      }
      const applePass = (op.security ?? []).some((s) => 'applePass' in s);
      const headers = { ...(request.headers as Record<string, string>), ...(applePass ? { authorization: 'ApplePass nessuno' } : superAdmin) };
      const response = await t.app.inject({ ...request, headers });
      const mismatch = contract.mismatch(route, response);
      if (mismatch) mismatches.push(`${request.method} ${request.url?.toString().slice(0, 80)}: ${mismatch}`);
      if (response.statusCode < 400) refused.push(`${route}: ${response.statusCode}`);
    }
    expect(mismatches).toEqual([]);
    expect(refused).toEqual([]);
    // Every other operation takes no input at all: nothing to get wrong.
    expect(withoutInput.sort()).toEqual([
      'GET /api/auth/me',
      'GET /api/business',
      'GET /api/business/admins',
      'GET /api/customer/cards',
      'GET /api/customer/export.csv',
      'GET /api/customer/export.json',
      'GET /api/health',
      'GET /api/wallet/status',
      'POST /api/customer/logout',
    ]);
  });
});
