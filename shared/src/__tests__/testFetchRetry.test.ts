/**
 * The frontend tests' fetch (tools/jest/jsdom-with-fetch.js) sends a request once more when its connection was
 * closed before any answer — a kept-alive connection the server had just dropped for idleness — and only then.
 */
import { createServer, type Server, type Socket } from 'node:net';

async function rawServer(onConnection: (socket: Socket, index: number) => void): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  let count = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    onConnection(socket, count++);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/api/auth/login`,
    connections: () => count,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const answer = (socket: Socket) => socket.once('data', () => socket.end('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok'));
const drop = (socket: Socket) => socket.once('data', () => socket.destroy());

it('sends a request once more, body and all, when the first connection closes before any answer', async () => {
  const bodies: string[] = [];
  const server = await rawServer((socket, index) => {
    socket.once('data', (chunk) => bodies.push(chunk.toString().split('\r\n\r\n')[1] ?? ''));
    (index === 0 ? drop : answer)(socket);
  });
  try {
    const response = await fetch(new Request(server.url, { method: 'POST', body: JSON.stringify({ email: 'a@b.it' }), headers: { 'content-type': 'application/json' } }));
    expect(await response.text()).toBe('ok');
    expect(server.connections()).toBe(2);
    expect(bodies).toEqual(['{"email":"a@b.it"}', '{"email":"a@b.it"}']);
  } finally {
    await server.close();
  }
});

it('sends it only once more: a server that keeps closing is a failure', async () => {
  const server = await rawServer(drop);
  try {
    await expect(fetch(server.url, { method: 'POST', body: '{}' })).rejects.toThrow('fetch failed');
    expect(server.connections()).toBe(2);
  } finally {
    await server.close();
  }
});
