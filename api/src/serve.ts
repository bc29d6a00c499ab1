/**
 * Configuration, listen, graceful shutdown: what the entry point (server.ts) runs. Everything else is in app.ts.
 * `adjust` changes the loaded configuration before the app is built; only a test entry passes one
 * (api/test/serve-for-tests.ts: cheaper password hashing, which the environment cannot set).
 */
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { PRIVATE_UMASK } from './data-dir';

/** After a signal (and the drain, `SHUTDOWN_DRAIN_MS`), give in-flight requests this long before exiting anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * The first part of a drain, at most this long and at most a third of it: only /api/health answers «riavvio»,
 * every other request is still served, so a load balancer that checks health (HAProxy every 250 ms,
 * deploy/haproxy/haproxy.cfg) takes the instance out before a request of its clients is refused (decision 081).
 */
const LEAVING_MS = 1000;

/**
 * Signals close-with-grace would also catch by default that report a fault of the process itself: Node.js
 * warns that a JS listener for a real SIGSEGV/SIGBUS/SIGFPE/SIGILL cannot run safely (the faulting
 * instruction runs again); such a process must die as it would without us.
 */
const FAULT_SIGNALS = ['SIGILL', 'SIGTRAP', 'SIGABRT', 'SIGBUS', 'SIGFPE', 'SIGSEGV'] as const;

/**
 * Starts the API. `adjust` changes the configuration, `prepare` the built app before it listens (the tests' server,
 * api/test/serve-for-tests.ts).
 */
export async function serve(adjust: (config: AppConfig) => AppConfig = (config) => config, prepare?: (app: ReturnType<typeof buildApp>) => void): Promise<void> {
  // Before anything is written: whatever this process creates (secrets, database files, the demo accounts
  // file) is for this user only. What was there before is tightened by the db plugin (data-dir.ts).
  process.umask(PRIVATE_UMASK);
  let config: AppConfig;
  try {
    config = adjust(loadConfig());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = buildApp(config);
  prepare?.(app);
  if (config.database.kind === 'postgres' && !process.env.JWT_SECRET?.trim()) {
    app.log.warn('JWT_SECRET not set: using the secret stored in DATA_DIR, shared only by instances started with the same DATA_DIR (npm start); an instance elsewhere needs JWT_SECRET set to the same value in all');
  }

  // SIGTERM, SIGINT (and SIGHUP, SIGQUIT, SIGUSR2): stop taking connections, let the requests in flight
  // answer, then close in the plugins' order — the job queues (preClose, plugins/jobs.ts: each finishes the jobs in hand) before
  // the database (onClose) — and exit 0; 1 after SHUTDOWN_GRACE_MS, on a second signal, or when closing
  // fails. An uncaught exception or unhandled rejection closes the same way and exits 1.
  closeWithGrace(
    {
      delay: (config.shutdownDrainMs ?? 0) + SHUTDOWN_GRACE_MS,
      skip: [...FAULT_SIGNALS],
      logger: { error: (err: unknown) => app.log.error({ err }, 'error while shutting down') },
      onTimeout: () => app.log.error('shutdown timed out, exiting'),
      onSecondSignal: (signal) => app.log.error({ signal }, 'second signal while shutting down, exiting'),
      onSecondError: (err) => app.log.error({ err }, 'second uncaught error while shutting down, exiting'),
    },
    async ({ signal, err }) => {
      if (err) app.log.fatal({ err }, 'uncaught error, shutting down');
      else app.log.info({ signal }, 'shutting down');
      const drainMs = config.shutdownDrainMs ?? 0;
      // SIGTERM only (a roll, a process manager); SIGINT (Ctrl-C, `npm start` stopping everything) closes at once.
      if (signal === 'SIGTERM' && drainMs > 0) {
        // Decision 055, rolling restarts: answer «riavvio» to everything for a while with the socket still open,
        // so the /api proxy (or a load balancer probing /api/health) takes this instance out before it closes;
        // closing at once could reset a request written on a kept-alive connection at that very moment.
        // First only the health check answers «riavvio» (a balancer takes the instance out), then every request
        // does (the /api proxy sends each elsewhere at once); together they last drainMs.
        const leavingMs = Math.min(LEAVING_MS, Math.floor(drainMs / 3));
        app.startLeaving();
        app.log.info({ leavingMs }, 'leaving: /api/health answers «riavvio», other requests still served');
        await new Promise((resolve) => setTimeout(resolve, leavingMs));
        app.startClosing();
        app.log.info({ drainMs: drainMs - leavingMs }, 'draining before closing');
        await new Promise((resolve) => setTimeout(resolve, drainMs - leavingMs));
      }
      await app.close();
    },
  );

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    app.log.fatal({ err }, 'API failed to start');
    await app.close().catch(() => undefined);
    process.exit(1);
  }
}

