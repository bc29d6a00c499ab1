/**
 * deploy/nginx/loyalty.conf.template, written out by deploy/nginx/render.sh as an operator does, served by the real
 * nginx (Debian's package): the federation contract's cache rules, CORS for the shell's origin, compression, the
 * landing's prerendered pages with revalidation, /api passed on with the client's address (and never a client's own
 * X-Forwarded-For or X-Proxy-Secret), and the shell's composed pages passed to the shell's Node server.
 *
 * The builds: the unit tests run before anything in `npm test` builds the frontends (the e2e step builds them), so
 * the files served here are a small fixture named like the real ones (a content-hashed chunk, remoteEntry.js,
 * mf-manifest.json, remotes.json, index.html, the landing's login.html / signup.html / my-card.html). HAProxy and the
 * shell's Node server are played by two small HTTP servers that record what reaches them.
 * Skipped on a developer machine without nginx; required on CI (CI set). Ports: DRILL_PORT_BASE (default 6270) +30…+37.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { FRAME_GATE_HASH } from '../src/html-template';

jest.setTimeout(60_000);

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const RENDER = path.join(REPO_ROOT, 'deploy', 'nginx', 'render.sh');
const PORT_BASE = Number(process.env.DRILL_PORT_BASE || 6270) + 30;
const NAMES = ['SHELL', 'LANDING', 'CARDS', 'CAMPAIGNS', 'MESSAGING', 'ADMIN'] as const;
const port = (name: (typeof NAMES)[number]) => PORT_BASE + NAMES.indexOf(name);
const origin = (name: (typeof NAMES)[number]) => `http://127.0.0.1:${port(name)}`;
const SHELL_ORIGIN = `http://localhost:${port('SHELL')}`;
const nginxInstalled = fs.existsSync('/usr/sbin/nginx') || spawnSync('nginx', ['-v'], { stdio: 'ignore' }).status === 0;
const NGINX = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
}

function recorder(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    req.resume();
    req.on('end', () => answer(req, res));
  });
  return { seen, server };
}

const write = (file: string, body: string) => {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 });
  fs.writeFileSync(file, body, { mode: 0o644 });
};

describe('nginx with the shipped configuration', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-config-'));
  let nginx: ChildProcess | null = null;
  let nginxLog = '';
  const haproxy = recorder((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end('{"status":"ok"}');
  });
  const shellNode = recorder((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', 'x-landing-page': 'fresh' });
    res.end(`<!doctype html><title>composta ${req.url}</title>`);
  });
  const bigChunk = `export const righe = [${Array.from({ length: 400 }, (_, i) => `"riga ${i} della tessera fedeltà"`).join(',')}];\n`;

  beforeAll(async () => {
    if (!nginxInstalled) {
      if (process.env.CI) throw new Error('The nginx configuration test needs nginx when CI is set (apt-get install nginx)');
      process.stdout.write('\n# Prova della configurazione di nginx saltata: nginx non è installato (apt-get install nginx)\n');
      return;
    }
    fs.chmodSync(dir, 0o755);
    for (const name of NAMES) {
      const root = path.join(dir, name.toLowerCase());
      write(path.join(root, 'index.html'), `<!doctype html><title>${name}</title>`);
      write(path.join(root, 'remoteEntry.js'), 'var remote = {};');
      write(path.join(root, 'mf-manifest.json'), '{"id":"remote"}');
      write(path.join(root, 'static', 'js', 'async', '123.0a1b2c3d.js'), bigChunk);
      write(path.join(root, 'static', 'css', 'main.9f8e7d6c.css'), 'body{margin:0}');
    }
    write(path.join(dir, 'shell', 'remotes.json'), '{"cards":"http://127.0.0.1/mf-manifest.json"}');
    write(path.join(dir, 'shell', 'frames', 'dashboard', 'loyalty-cards.html'), '<!doctype html><title>SHELL con la cornice delle carte</title>');
    for (const page of ['login', 'signup', 'my-card']) write(path.join(dir, 'landing', `${page}.html`), `<!doctype html><title>${page} prerenderizzata</title>`);
    write(path.join(dir, 'runtime-config.json'), '{"apiBaseUrl":"/api"}');

    await Promise.all([haproxy.server, shellNode.server].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', r))));
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      RUNTIME_CONFIG: path.join(dir, 'runtime-config.json'),
      SHELL_ORIGIN,
      LANDING_ORIGIN: origin('LANDING'),
      APP_ORIGINS: NAMES.map(origin).join(' '),
      HAPROXY: `127.0.0.1:${(haproxy.server.address() as AddressInfo).port}`,
      SHELL_NODE: `127.0.0.1:${(shellNode.server.address() as AddressInfo).port}`,
    };
    for (const name of NAMES) {
      env[`${name}_LISTEN`] = `127.0.0.1:${port(name)}`;
      env[`${name}_ROOT`] = path.join(dir, name.toLowerCase());
    }
    const rendered = spawnSync('sh', [RENDER], { env, encoding: 'utf8' });
    expect(rendered.stderr).toBe('');
    expect(rendered.status).toBe(0);
    fs.writeFileSync(path.join(dir, 'loyalty.conf'), rendered.stdout);
    // nginx's own main file around it, as Debian's /etc/nginx/nginx.conf includes conf.d/*.conf in its http block.
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      [
        'daemon off;',
        'worker_processes 1;',
        `pid ${dir}/nginx.pid;`,
        `error_log ${dir}/error.log warn;`,
        'events { worker_connections 256; }',
        'http {',
        '  include /etc/nginx/mime.types;',
        '  default_type application/octet-stream;',
        '  access_log off;',
        `  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;`,
        `  include ${dir}/loyalty.conf;`,
        '}',
      ].join('\n'),
    );
    const check = spawnSync(NGINX, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
    expect(check.status === 0 ? 'ok' : check.stderr).toBe('ok');
    nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
    nginx.stderr?.on('data', (chunk: Buffer) => (nginxLog += chunk.toString()));
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        await fetch(`${origin('ADMIN')}/index.html`);
        break;
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`nginx did not answer: ${nginxLog} ${(error as Error).message}`, { cause: error });
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  });

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((r) => nginx!.once('exit', r));
      nginx.kill('SIGQUIT');
      await exited;
    }
    await Promise.all([haproxy.server, shellNode.server].map((s) => new Promise((r) => s.close(r))));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('hashed chunks immutable; index.html, remoteEntry.js, mf-manifest.json, remotes.json no-cache; the run-time configuration never stored', async () => {
    if (!nginx) return;
    for (const name of NAMES) {
      for (const file of ['/static/js/async/123.0a1b2c3d.js', '/static/css/main.9f8e7d6c.css']) expect([name, file, (await fetch(`${origin(name)}${file}`)).headers.get('cache-control')]).toEqual([name, file, IMMUTABLE]);
      for (const file of ['/index.html', '/remoteEntry.js', '/mf-manifest.json', '/dashboard']) {
        const res = await fetch(`${origin(name)}${file}`);
        expect([name, file, res.status, res.headers.get('cache-control')]).toEqual([name, file, 200, 'no-cache']);
        expect(res.headers.get('etag')).toBeTruthy();
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        // The policy goes with the pages only (index.html, /dashboard): on a script or JSON it does nothing.
        const isPage = file === '/index.html' || file === '/dashboard';
        expect([file, res.headers.get('content-security-policy')]).toEqual([file, isPage ? expect.stringContaining(`script-src 'self' ${NAMES.map(origin).join(' ')}`) : null]);
      }
      expect((await fetch(`${origin(name)}/static/js/async/123.0a1b2c3d.js`)).headers.get('content-security-policy')).toBeNull();
      const config = await fetch(`${origin(name)}/runtime-config.json`);
      expect([name, config.headers.get('cache-control'), await config.json()]).toEqual([name, 'no-store', { apiBaseUrl: '/api' }]);
      // A missing file is a 404, not the app's page.
      expect((await fetch(`${origin(name)}/static/js/manca.0a1b2c3d.js`)).status).toBe(404);
    }
    expect((await fetch(`${origin('SHELL')}/remotes.json`)).headers.get('cache-control')).toBe('no-cache');
  });

  it("CORS for the shell's origin only, and gzip", async () => {
    if (!nginx) return;
    const manifest = await fetch(`${origin('CARDS')}/mf-manifest.json`, { headers: { origin: SHELL_ORIGIN } });
    expect(manifest.headers.get('access-control-allow-origin')).toBe(SHELL_ORIGIN);
    expect(manifest.headers.get('vary')).toContain('Origin');
    const stranger = await fetch(`${origin('CARDS')}/mf-manifest.json`, { headers: { origin: 'https://altro.example' } });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
    // gzip: asked with node:http, which does not decompress by itself.
    const gz = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${origin('CARDS')}/static/js/async/123.0a1b2c3d.js`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);
    expect(zlib.gunzipSync(gz.body).toString()).toBe(bigChunk);
  });

  it("the landing's prerendered pages at their paths, revalidated with If-None-Match", async () => {
    if (!nginx) return;
    for (const [pagePath, file] of [
      ['/login', 'login'],
      ['/loyalty-cards/create', 'signup'],
      ['/my-card', 'my-card'],
    ]) {
      const res = await fetch(`${origin('LANDING')}${pagePath}`);
      expect([pagePath, res.status, res.headers.get('cache-control'), await res.text()]).toEqual([pagePath, 200, 'no-cache', `<!doctype html><title>${file} prerenderizzata</title>`]);
      const again = await fetch(`${origin('LANDING')}${pagePath}`, { headers: { 'if-none-match': res.headers.get('etag')! } });
      expect(again.status).toBe(304);
    }
  });

  it("/api goes to HAProxy with the client's address as the last X-Forwarded-For and no client-made secret; the shell's public pages go to its Node server", async () => {
    if (!nginx) return;
    const api = await fetch(`${origin('SHELL')}/api/health?x=1`, { headers: { 'x-forwarded-for': '203.0.113.7', 'x-proxy-secret': 'inventato' } });
    expect(api.status).toBe(200);
    expect(api.headers.get('cache-control')).toBe('no-store'); // the API's own, nothing added
    expect(api.headers.get('content-security-policy')).toBeNull();
    const seen = haproxy.seen.at(-1)!;
    expect(seen.url).toBe('/api/health?x=1');
    expect(seen.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen.headers['x-proxy-secret']).toBeUndefined();
    // A file-looking path under /api is the API's too.
    expect((await fetch(`${origin('SHELL')}/api/loyalty-cards/export.csv`)).status).toBe(200);
    expect(haproxy.seen.at(-1)!.url).toBe('/api/loyalty-cards/export.csv');
    // A 21 MB CSV goes on (the API answers its own limit, after reading the body); one declared above the 64 MiB
    // the API would read is refused here at once, in the API's words.
    expect((await fetch(`${origin('SHELL')}/api/loyalty-cards/import`, { method: 'POST', headers: { 'content-type': 'text/csv' }, body: Buffer.alloc(21 * 1024 * 1024) })).status).toBe(200);
    const tooBig = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${origin('SHELL')}/api/loyalty-cards/import`, { method: 'POST', headers: { 'content-type': 'text/csv', 'content-length': String(64 * 1024 * 1024 + 1) } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(tooBig).toEqual({ status: 413, body: '{"error":"Richiesta troppo grande"}' });

    for (const pagePath of ['/', '/login', '/loyalty-cards/create?business_id=negozio-1', '/my-card', '/_landing/login.0a1b2c3d.js']) {
      const res = await fetch(`${origin('SHELL')}${pagePath}`);
      expect([pagePath, res.status, res.headers.get('x-landing-page')]).toEqual([pagePath, 200, 'fresh']);
      expect(shellNode.seen.at(-1)!.url).toBe(pagePath);
      // The Node server's own headers, not the static files' ones.
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-security-policy')).toBeNull();
    }
    // A dashboard page with a frame made by the build: that file, revalidated, its gate script allowed by its hash.
    const framed = await fetch(`${origin('SHELL')}/dashboard/loyalty-cards`);
    expect([framed.status, framed.headers.get('cache-control'), await framed.text()]).toEqual([200, 'no-cache', '<!doctype html><title>SHELL con la cornice delle carte</title>']);
    expect(framed.headers.get('content-security-policy')).toContain(FRAME_GATE_HASH);
    // Any other page path: the shell's index.html.
    const page = await fetch(`${origin('SHELL')}/loyalty-cards/42`);
    expect([page.status, page.headers.get('cache-control'), await page.text()]).toEqual([200, 'no-cache', '<!doctype html><title>SHELL</title>']);
  });
});
