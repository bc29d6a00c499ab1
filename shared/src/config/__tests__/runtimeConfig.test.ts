import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  getRuntimeConfig,
  loadRuntimeConfig,
  setRuntimeConfig,
  type RuntimeConfig,
} from '../runtimeConfig';

const validConfig: RuntimeConfig = {
  apiBaseUrl: '/api',
  dashboardBaseUrl: 'http://localhost:3000',
  landingBaseUrl: 'http://localhost:3001',
  brandName: 'Appo',
  support: { email: 'supporto@example.it', phone: '+39 02 0000 0000' },
  remotes: {
    landing: 'http://localhost:3001/mf-manifest.json',
    cards: 'http://localhost:3002/mf-manifest.json',
    campaigns: 'http://localhost:3003/mf-manifest.json',
    messaging: 'http://localhost:3004/mf-manifest.json',
    admin: 'http://localhost:3005/mf-manifest.json',
  },
};

let server: Server;
let origin: string;
let reply: { status: number; body: string };
let lastRequestHeaders: Record<string, string | string[] | undefined>;

beforeAll(async () => {
  server = createServer((req, res) => {
    lastRequestHeaders = req.headers;
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

beforeEach(() => setRuntimeConfig({}));

it('defaults to /api, the brand Appo and the page origin before anything is loaded', () => {
  expect(getRuntimeConfig()).toMatchObject({
    apiBaseUrl: '/api',
    brandName: 'Appo',
    dashboardBaseUrl: window.location.origin,
    landingBaseUrl: window.location.origin,
  });
});

it('loads, validates and installs the configuration, bypassing the HTTP cache', async () => {
  reply = { status: 200, body: JSON.stringify({ ...validConfig, apiBaseUrl: 'https://api.example.it/api' }) };

  const loaded = await loadRuntimeConfig(`${origin}/runtime-config.json`);

  expect(loaded.apiBaseUrl).toBe('https://api.example.it/api');
  expect(getRuntimeConfig()).toEqual(loaded);
  // cache: 'no-store' makes fetch ask every cache on the way for a fresh copy.
  expect(lastRequestHeaders['cache-control']).toBe('no-cache');
});

it('names every missing or wrong field in Italian', async () => {
  const { remotes, ...withoutRemotes } = validConfig;
  reply = {
    status: 200,
    body: JSON.stringify({ ...withoutRemotes, brandName: 42, remotes: { ...remotes, cards: undefined } }),
  };

  await expect(loadRuntimeConfig(`${origin}/runtime-config.json`)).rejects.toThrow(
    'Configurazione di runtime non valida: campi mancanti o non validi: brandName, remotes.cards.',
  );
  expect(getRuntimeConfig().apiBaseUrl).toBe('/api');
});

it('reports an HTTP failure', async () => {
  reply = { status: 404, body: '{}' };

  await expect(loadRuntimeConfig(`${origin}/runtime-config.json`)).rejects.toThrow(
    `Impossibile scaricare la configurazione di runtime da ${origin}/runtime-config.json (HTTP 404).`,
  );
});

it('reports a body that is not JSON', async () => {
  reply = { status: 200, body: '<html>' };

  await expect(loadRuntimeConfig(`${origin}/runtime-config.json`)).rejects.toThrow(
    'non è un JSON valido',
  );
});

it('uses a request already under way instead of asking again, and reports its failure the same way', async () => {
  reply = { status: 200, body: JSON.stringify({ ...validConfig, brandName: 'Prima' }) };
  const early = fetch(`${origin}/runtime-config.json`, { cache: 'no-store' });
  await early; // answered with 'Prima'…
  reply = { status: 500, body: '{}' }; // …and a second request would fail
  await expect(loadRuntimeConfig(`${origin}/runtime-config.json`, early)).resolves.toMatchObject({ brandName: 'Prima' });

  const refused = Promise.reject(new TypeError('Failed to fetch'));
  await expect(loadRuntimeConfig(`${origin}/runtime-config.json`, refused)).rejects.toThrow(
    `Impossibile scaricare la configurazione di runtime da ${origin}/runtime-config.json.`,
  );
});
