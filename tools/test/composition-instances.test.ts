/**
 * `npm start`'s composition with API_INSTANCES=3 on PostgreSQL — three real API processes on
 * consecutive ports, and a static server's /api that goes on answering when one is killed.
 * Skipped on a developer machine without PostgreSQL at 127.0.0.1:5432 (TEST_DATABASE_URL); required on CI.
 */
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { APPS, type AppName } from '../src/apps';
import { postgresAdminClient } from './helpers/postgres-admin';
import { startComposition, type Composition } from '../src/composition';
import { createSupervisor } from '../src/processes';

jest.setTimeout(180_000);

// E2E_PORT_BASE=6200 is this work's range; the e2e suite's own ports start at its base, these well above it.
const PORT_BASE = Number(process.env.INSTANCES_TEST_PORT_BASE || 6250);
const API_PORT = PORT_BASE + 10;
const ADMIN = { email: 'capo@example.it', password: 'Istanze-2026-prova!' };

describe('npm start composition with three API instances on PostgreSQL', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-instances-composition-'));
  const dbName = `loyalty_test_${crypto.randomBytes(6).toString('hex')}`;
  let admin: (pg.Client & { adminUrl?: string }) | null = null;
  let composition: Composition | undefined;

  beforeAll(async () => {
    admin = await postgresAdminClient();
    if (!admin) {
      if (process.env.CI) throw new Error('PostgreSQL is required when CI is set (TEST_DATABASE_URL or 127.0.0.1:5432)');
      return;
    }
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(admin.adminUrl!);
    url.pathname = `/${dbName}`;
    const root = path.join(dir, 'root');
    fs.mkdirSync(root);
    composition = await startComposition({
      env: { ...process.env, DATABASE_URL: url.toString(), DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'warn', SEED_DEMO: 'false', NODE_ENV: 'development', SUPERADMIN_EMAIL: ADMIN.email, SUPERADMIN_PASSWORD: ADMIN.password },
      ports: Object.fromEntries(APPS.map((a, i) => [a.name, PORT_BASE + i])) as Record<AppName, number>,
      apiPort: API_PORT,
      apiInstances: 3,
      // The product's entry with the tests' cheap password hashing (decision 062): the failover below sends 20
      // logins, each an argon2 hash of 64 MiB at the product's parameters, and hashing is not what it proves.
      apiEntry: path.join('api', 'test', 'serve-for-tests.ts'),
      runtimeConfigFile: path.join(dir, 'runtime-config.json'),
      roots: Object.fromEntries(APPS.map((a) => [a.name, root])),
    });
  });
  afterAll(async () => {
    await composition?.stop();
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs one API process per instance on API_PORT, API_PORT+1, API_PORT+2', async () => {
    if (!composition) return; // no PostgreSQL here (not CI): nothing to start
    expect([...composition.processes.keys()].filter((n) => n.startsWith('api')).sort()).toEqual(['api', 'api-2', 'api-3']);
    for (const port of [API_PORT, API_PORT + 1, API_PORT + 2]) {
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    }
  });

  it('a session signed by one instance is accepted by the others (one DATA_DIR: one generated JWT secret)', async () => {
    if (!composition) return;
    const login = await fetch(`http://127.0.0.1:${API_PORT}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    for (const port of [API_PORT + 1, API_PORT + 2]) {
      expect((await fetch(`http://127.0.0.1:${port}/api/business`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/api/business`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
    }
  });

  it("the shell's /api answers every request with one instance killed", async () => {
    if (!composition) return;
    const shell = `http://localhost:${PORT_BASE}`;
    const killed = composition.processes.get('api-2')!.child;
    const exited = new Promise((r) => killed.once('exit', r));
    killed.kill('SIGKILL');
    await exited;
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push((await fetch(`${shell}/api/health`, { headers: { connection: 'close' } })).status);
      const login = await fetch(`${shell}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `nessuno${i}@example.it`, password: 'sbagliata' }) });
      statuses.push(login.status);
    }
    expect(new Set(statuses)).toEqual(new Set([200, 401]));
  });

  it('starts a stopped instance again on its own port (what npm start does when one dies)', async () => {
    if (!composition) return;
    expect(composition.processes.get('api-2')!.child.exitCode ?? composition.processes.get('api-2')!.child.signalCode).toBe('SIGKILL');
    const restarted = await composition.restartApi('api-2');
    expect(restarted.child.exitCode).toBeNull();
    expect(composition.processes.get('api-2')).toBe(restarted);
    expect((await fetch(`http://127.0.0.1:${API_PORT + 1}/api/health`)).status).toBe(200);
    await expect(composition.restartApi('api-9')).rejects.toThrow(/api-9/);
  });

  it('starts a killed static server again on its own port (what npm start does when one dies)', async () => {
    if (!composition) return;
    const cards = `http://localhost:${PORT_BASE + APPS.findIndex((a) => a.name === 'cards')}`;
    const killed = composition.processes.get('cards')!.child;
    const exited = new Promise((r) => killed.once('exit', r));
    killed.kill('SIGKILL');
    await exited;
    await expect(fetch(`${cards}/runtime-config.json`)).rejects.toThrow();
    const restarted = await composition.restartApp('cards');
    expect(composition.processes.get('cards')).toBe(restarted);
    expect((await fetch(`${cards}/runtime-config.json`)).status).toBe(200);
  });
});

describe('npm start supervisor', () => {
  const fakeChild = () =>
    Object.assign(new EventEmitter(), { exitCode: null, signalCode: null, kill: jest.fn() }) as unknown as ChildProcess;

  afterEach(() => jest.restoreAllMocks());

  it('leaves an exit to the handler that takes care of it, and stops everything when it cannot', async () => {
    const exit = jest.spyOn(process, 'exit').mockImplementation(() => undefined as never);
    jest.spyOn(console, 'log').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const before = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') };
    const supervisor = createSupervisor();
    const other = fakeChild();
    supervisor.add({ name: 'shell', child: other });
    const seen: string[] = [];
    const instance = fakeChild();
    supervisor.add({ name: 'api-2', child: instance }, async (how) => (seen.push(how), true));
    instance.emit('exit', null, 'SIGKILL');
    await new Promise((r) => setImmediate(r));
    expect(seen).toEqual(['SIGKILL']);
    expect(supervisor.stopping).toBe(false);
    expect(exit).not.toHaveBeenCalled();

    const failing = fakeChild();
    supervisor.add({ name: 'api-3', child: failing }, async () => false);
    failing.emit('exit', 1, null);
    await new Promise((r) => setImmediate(r));
    expect(supervisor.stopping).toBe(true);
    expect(other.kill).toHaveBeenCalledWith('SIGINT'); // everything else is stopped, without an instance's drain
    other.emit('exit', 0, null);
    await new Promise((r) => setImmediate(r));
    expect(exit).toHaveBeenCalledWith(1);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      for (const listener of process.listeners(signal)) if (!before[signal].includes(listener)) process.off(signal, listener); // the supervisor's only
    }
  });
});
