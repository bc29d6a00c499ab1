/**
 * The folders of a landing origin and a shell for the static-server tests: one temporary folder holding the
 * two build folders (each with its single-page app's index.html, told apart by its title) and the run-time
 * config file both servers read.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface SiteFolders {
  landingRoot: string;
  shellRoot: string;
  configFile: string;
  /** Removes everything, the two folders and the config file. */
  remove: () => void;
}

/** Makes the folders under a new temporary folder named after `prefix`; `landingFiles` (name → text) go into the landing's. */
export function siteFolders(prefix: string, landingFiles: Record<string, string>): SiteFolders {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const landingRoot = path.join(dir, 'landing');
  const shellRoot = path.join(dir, 'shell');
  fs.mkdirSync(landingRoot);
  fs.mkdirSync(shellRoot);
  fs.writeFileSync(path.join(landingRoot, 'index.html'), '<!doctype html><title>app della landing</title>');
  fs.writeFileSync(path.join(shellRoot, 'index.html'), '<!doctype html><title>app della shell</title>');
  for (const [name, text] of Object.entries(landingFiles)) fs.writeFileSync(path.join(landingRoot, name), text);
  return {
    landingRoot,
    shellRoot,
    configFile: path.join(dir, 'runtime-config.json'),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** Starts `server` on 127.0.0.1 (on `port`, by default any free one) and gives its base URL. */
export async function listen(server: FastifyInstance, port = 0): Promise<string> {
  await server.listen({ port, host: '127.0.0.1' });
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}
