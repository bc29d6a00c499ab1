/** Entry point: configuration, listen, graceful shutdown. Everything else is in app.ts. */
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { PRIVATE_UMASK } from './data-dir';

/** After a signal, give in-flight requests this long before exiting anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  // Before anything is written: whatever this process creates (secrets, database files, the demo accounts
  // file) is for this user only. What was there before is tightened by the db plugin (data-dir.ts).
  process.umask(PRIVATE_UMASK);
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = buildApp(config);
  if (config.database.kind === 'postgres' && !process.env.JWT_SECRET?.trim()) {
    app.log.warn('JWT_SECRET not set: using a secret stored in DATA_DIR; several API instances need one shared JWT_SECRET');
  }

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const forced = setTimeout(() => {
      app.log.error('shutdown timed out, exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    forced.unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    app.log.fatal({ err }, 'API failed to start');
    await app.close().catch(() => undefined);
    process.exit(1);
  }
}

void main();
