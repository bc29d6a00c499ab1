/**
 * The data folder (PGlite's files, jwt-secret, secrets-key) is for the API's user only —
 * folders 700, files 600 — on a fresh start and after a start on a folder made before the fix.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { secureDataDir } from '../../src/data-dir';
import type { DatabaseVariant } from '../helpers/databases';
import { describeEachDatabase } from '../helpers/databases';
import { SERVER_START_TIMEOUT_MS, startServerProcess } from '../helpers/server-process';

// Tests here start the real server in a process of its own, some on a new data folder.
jest.setTimeout(SERVER_START_TIMEOUT_MS + 60_000);

/** Every entry under `dir` (itself included) whose mode is not 700 (folder) or 600 (file). */
function wrongModes(dir: string): string[] {
  const wrong: string[] = [];
  const visit = (target: string) => {
    const stat = fs.lstatSync(target);
    const mode = stat.mode & 0o777;
    if (stat.isDirectory()) {
      if (mode !== 0o700) wrong.push(`${path.relative(dir, target) || '.'}/ ${mode.toString(8)}`);
      for (const name of fs.readdirSync(target)) visit(path.join(target, name));
    } else if (stat.isFile() && mode !== 0o600) {
      wrong.push(`${path.relative(dir, target)} ${mode.toString(8)}`);
    }
  };
  visit(dir);
  return wrong;
}

/** What a data folder written before the fix looks like: everything open to everyone. */
function openToEveryone(dir: string): void {
  fs.chmodSync(dir, 0o777);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const target = path.join(entry.parentPath, entry.name);
    fs.chmodSync(target, entry.isDirectory() ? 0o777 : 0o666);
  }
}

function fileCount(dir: string): number {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile()).length;
}

describeEachDatabase('data folder modes', (variant: DatabaseVariant) => {
  let parent: string;
  let dataDir: string;
  let drop: () => Promise<void>;
  let databaseEnv: NodeJS.ProcessEnv;

  beforeAll(async () => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-data-modes-'));
    dataDir = path.join(parent, 'data');
    const database = await variant.create();
    drop = database.drop;
    databaseEnv = database.config.kind === 'postgres' ? { DATABASE_URL: database.config.url } : {};
  });
  afterAll(async () => {
    await drop();
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it('creates a fresh data folder 700 with every file 600, and keeps it so after a clean stop', async () => {
    const server = await startServerProcess({ ...databaseEnv, DATA_DIR: dataDir, SEED_DEMO: 'false' });
    try {
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
      // the generated secrets, and with PGlite its whole database (about a thousand files)
      expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);
      expect(fs.existsSync(path.join(dataDir, 'secrets-key'))).toBe(true);
      expect(fileCount(dataDir)).toBeGreaterThanOrEqual(variant.name === 'PGlite' ? 900 : 2);
      expect(wrongModes(dataDir)).toEqual([]);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(wrongModes(dataDir)).toEqual([]);
  });

  it('tightens a data folder made before the fix (files 666, folders 777) at start, and still works on it', async () => {
    openToEveryone(dataDir);
    expect(wrongModes(dataDir).length).toBeGreaterThan(1);
    const server = await startServerProcess({ ...databaseEnv, DATA_DIR: dataDir, SEED_DEMO: 'false' });
    try {
      expect(wrongModes(dataDir)).toEqual([]);
      expect(await (await fetch(`${server.baseUrl}/api/health`)).json()).toEqual({ status: 'ok', database: 'ok' });
      expect(server.output()).toContain('data folder closed to other users');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});

describe('secureDataDir', () => {
  it('sets folders to 700 and files to 600, leaves symbolic links alone and accepts a missing folder', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-secure-'));
    try {
      fs.mkdirSync(path.join(dir, 'base', '5'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'base', '5', '1259'), 'x');
      fs.writeFileSync(path.join(dir, 'jwt-secret'), 'y');
      const outside = path.join(os.tmpdir(), `loyalty-secure-outside-${process.pid}`);
      fs.writeFileSync(outside, 'z', { mode: 0o644 });
      fs.symlinkSync(outside, path.join(dir, 'link'));
      openToEveryone(dir);
      fs.chmodSync(outside, 0o644);

      const result = secureDataDir(dir);
      expect(result).toMatchObject({ entries: 5, changed: 5, failed: [] });
      expect(wrongModes(dir)).toEqual([]);
      expect(fs.statSync(outside).mode & 0o777).toBe(0o644);
      expect(secureDataDir(dir)).toMatchObject({ entries: 5, changed: 0 });
      fs.rmSync(outside);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(secureDataDir(path.join(dir, 'missing'))).toMatchObject({ entries: 0, changed: 0 });
  });
});
