/**
 * A fault-injecting reverse proxy in front of one remote's origin: the run-time config points the shell
 * at it, and a test switches the fault on and off.
 */
import http from 'node:http';

export type Fault = 'none' | 'manifest-500' | 'slow-script' | 'garbage-script';

export interface FaultProxy {
  origin: string;
  fault: Fault;
  close: () => Promise<void>;
}

export const SLOW_SCRIPT_DELAY_MS = 12_000;

export async function startFaultProxy(upstreamOrigin: string, port: number): Promise<FaultProxy> {
  const upstream = new URL(upstreamOrigin);
  const proxy: FaultProxy = { origin: `http://localhost:${port}`, fault: 'none', close: async () => undefined };
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0];
    const isManifest = pathname.endsWith('/mf-manifest.json');
    const isScript = pathname.endsWith('.js');
    if (proxy.fault === 'manifest-500' && isManifest) {
      res.writeHead(500, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end('{"error":"guasto simulato"}');
      return;
    }
    // Either container entry, the full one or the slim one the shell takes when it can (decision 112).
    if (proxy.fault === 'garbage-script' && /\/remoteEntry(\.slim)?\.js$/.test(pathname)) {
      res.writeHead(200, { 'content-type': 'application/javascript', 'cache-control': 'no-cache' });
      res.end('<html>questo non è JavaScript @@@ ((( ');
      return;
    }
    const forward = () => {
      const upstreamReq = http.request(
        { hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, host: upstream.host } },
        (upstreamRes) => {
          res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
          upstreamRes.pipe(res);
        },
      );
      upstreamReq.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(upstreamReq);
    };
    if (proxy.fault === 'slow-script' && isScript) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        forward();
      }, SLOW_SCRIPT_DELAY_MS);
      timers.add(timer);
      return;
    }
    forward();
  });
  await new Promise<void>((resolve) => server.listen(port, 'localhost', resolve));
  proxy.close = () =>
    new Promise<void>((resolve) => {
      timers.forEach(clearTimeout);
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
