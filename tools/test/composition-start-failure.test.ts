/**
 * A composition whose API never answers its health check fails, and stops what it had started: no process is left
 * holding the API's port (the next run would find it taken) or its data folder.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { APPS, type AppName } from '../src/apps';
import { startComposition } from '../src/composition';
import { isAlive } from '../src/processes';

jest.setTimeout(60_000);

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

it('rejects with the health check that failed and leaves no process it started running', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'composition-start-failure-'));
  const started: number[] = [];
  const ports = {} as Record<AppName, number>;
  for (const app of APPS) ports[app.name] = await freePort();
  const apiPort = await freePort();
  try {
    await expect(
      startComposition({
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: path.join(dir, 'data') },
        ports,
        apiPort,
        runtimeConfigFile: path.join(dir, 'runtime-config.json'),
        apiEntry: path.join('tools', 'test', 'helpers', 'silent-api.ts'),
        startTimeoutMs: 1500,
        onSpawn: (managed) => started.push(managed.child.pid!),
      }),
    ).rejects.toThrow(`http://127.0.0.1:${apiPort}/api/health did not answer within 1.5 s`);
    // The API was started (and only it: the static servers wait for it), then stopped.
    expect(started).toHaveLength(1);
    expect(started.filter(isAlive)).toEqual([]);
  } finally {
    for (const pid of started.filter(isAlive)) process.kill(pid, 'SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
