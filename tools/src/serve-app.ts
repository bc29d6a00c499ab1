/**
 * Serves one built frontend on its own port (its own origin), like a deployed static host.
 *   tsx tools/src/serve-app.ts cards            (or `npm run serve -w remote-cards`)
 *   tsx tools/src/serve-app.ts cards --root /tmp/cards-v2 --port 4012
 */
import path from 'node:path';
import { apiPort, appByDir, appByName, appPort, distDir, parsePort } from './apps';
import { runtimeConfigPath } from './runtime-config';
import { apiTargets, createStaticServer } from './static-server';

async function main() {
  const argv = process.argv.slice(2);
  let name: string | undefined;
  let root: string | undefined;
  let port: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--root') root = path.resolve(argv[++i]);
    else if (argv[i] === '--port') port = parsePort(argv[++i], 0, '--port');
    else name = argv[i];
  }
  const app = name ? appByName(name) : appByDir(process.cwd());
  const listenPort = port ?? appPort(app);
  const server = await createStaticServer({
    root: root ?? distDir(app),
    runtimeConfigFile: runtimeConfigPath(),
    // API_URL: the API's origin, or several instances' origins separated by commas (npm start with API_INSTANCES).
    apiUrl: apiTargets(process.env.API_URL).length > 0 ? apiTargets(process.env.API_URL) : `http://127.0.0.1:${apiPort()}`,
    proxySecret: process.env.PROXY_SECRET || undefined,
    onApiPoolChange: (line) => console.error(line),
    // The dashboard's public pages are the landing remote's prerendered pages (docs/decisions/028, 063).
    composeLandingPage: app.name === 'shell',
  });
  const host = process.env.HOST || 'localhost';
  await server.listen({ port: listenPort, host });
  console.log(`${app.name} served from ${root ?? distDir(app)} at http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${listenPort}`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
