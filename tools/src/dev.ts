/**
 * `npm run dev`: every frontend on webpack-dev-server (hot reload) and the API in watch mode, wired like
 * `npm start` (same ports, same run-time config, /api proxied).
 * `npm run dev -w remote-cards`: that one app's dev server, to use against a running composition
 * (open the dashboard with ?remote-override=cards=http://localhost:3002/mf-manifest.json).
 */
import fs from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { APPS, appByDir, apiPort, appPort, type AppInfo } from './apps';
import { loadAppConfig } from './build';
import { createSupervisor, spawnTs } from './processes';
import { RUNTIME_CONFIG_ROUTE, runtimeConfigFromEnv, runtimeConfigPath, writeRuntimeConfig } from './runtime-config';

async function startDevServer(app: AppInfo, configFile: string, apiUrl: string) {
  const config = loadAppConfig(app, { mode: 'development' });
  const compiler = webpack(config);
  const server = new WebpackDevServer(
    {
      port: appPort(app),
      host: 'localhost',
      hot: true,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' },
      client: { overlay: { errors: true, warnings: false } },
      proxy: [{ context: ['/api'], target: apiUrl }],
      setupMiddlewares(middlewares, devServer) {
        devServer.app?.get(RUNTIME_CONFIG_ROUTE, (_req, res) => {
          res.setHeader('Cache-Control', 'no-store');
          res.type('application/json').send(fs.readFileSync(configFile, 'utf8'));
        });
        return middlewares;
      },
    },
    compiler,
  );
  await server.start();
  console.log(`${app.name}: http://localhost:${appPort(app)}`);
}

async function main() {
  const configFile = runtimeConfigPath();
  writeRuntimeConfig(configFile, runtimeConfigFromEnv());
  const apiUrl = `http://127.0.0.1:${apiPort()}`;
  const single = path.basename(process.cwd()) !== path.basename(path.resolve(__dirname, '../..'));
  if (single) {
    await startDevServer(appByDir(process.cwd()), configFile, apiUrl);
    return;
  }
  const supervisor = createSupervisor();
  supervisor.add(spawnTs('api', 'watch', ['api/src/server.ts'], { ...process.env }));
  for (const app of APPS) await startDevServer(app, configFile, apiUrl);
  console.log(`\nDashboard: http://localhost:${appPort(APPS[0])}`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
