/**
 * A composition starts only on free ports (tools/src/processes.ts waitForFreePorts): it waits while a previous
 * run's server is still closing, then fails naming the ports still taken, instead of taking that server's
 * health answer for its own.
 */
import net from 'node:net';
import { waitForFreePorts } from '../src/processes';

async function listen(): Promise<{ port: number; close(): Promise<void> }> {
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as net.AddressInfo).port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

it('fails naming what is still listening once the wait is over', async () => {
  const taken = await listen();
  const free = await listen();
  await free.close();
  try {
    await expect(waitForFreePorts({ api: taken.port, shell: free.port }, 400)).rejects.toThrow(
      new RegExp(`^Porte già in uso dopo 0 s di attesa: api ${taken.port}\\. Un'altra istanza`),
    );
  } finally {
    await taken.close();
  }
});

it('waits while a server is closing, and goes on once its port is free', async () => {
  const closing = await listen();
  const started = Date.now();
  setTimeout(() => void closing.close(), 500);
  await waitForFreePorts({ api: closing.port }, 10_000);
  expect(Date.now() - started).toBeGreaterThanOrEqual(450);
});
