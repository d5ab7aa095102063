// Starts the server: configuration, database, app, listen. Nothing else lives here.

import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { type Database, openPglite, openPostgres } from './db/client.ts';
import { describeError } from './http/logging.ts';
import { gracefulShutdown, shutdownDelayFromEnv } from './ops/shutdown.ts';
import { loadVapidKeys } from './push/keys.ts';
import { loadSessionSecret } from './secrets.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  let shutdownDelay: number;
  try {
    shutdownDelay = shutdownDelayFromEnv();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const dataDir = path.resolve(config.dataDir);
  const database: Database = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite(path.join(dataDir, 'db'), { worker: config.pgliteWorker });
  const sessionSecret = await loadSessionSecret(dataDir, config.sessionSecret);
  // E2E_CLIENT_DIR: a build other than dist/client (parallel journeys during development; unset in CI).
  const clientDir = process.env.E2E_CLIENT_DIR ? path.resolve(process.env.E2E_CLIENT_DIR) : undefined;
  const vapidKeys = await loadVapidKeys(dataDir, config.push.vapid);
  const app = await buildApp({ config, database, sessionSecret, maintenance: true, clientDir, vapidKeys });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      // A second Ctrl-C (or signal) does not wait for the drain.
      app.log.warn({ signal }, 'second signal during shutdown: exiting now');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    try {
      const drained = await gracefulShutdown(app, database, { delayMs: shutdownDelay });
      app.log.info(drained ? 'shut down cleanly' : 'shut down after cutting unfinished requests');
      process.exit(0);
    } catch (err) {
      console.error(`Threadline could not shut down cleanly: ${describeError(err)}`);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (config.trustProxy === true) {
    app.log.warn(
      'TRUST_PROXY=true trusts every X-Forwarded-For entry, so clients can choose their own address: set the number of proxies (e.g. TRUST_PROXY=1) or their addresses instead',
    );
  }
  if (database.kind === 'postgres' && !config.push.vapid) {
    app.log.warn(
      `Web Push uses the VAPID key pair in ${dataDir}: instances sharing this database must share one pair, set as VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (see the README)`,
    );
  }
  await app.listen({ port: config.port, host: config.host });
  const url = config.publicUrl ?? `http://localhost:${config.port}`;
  app.log.info(
    `Threadline is ready: open ${url} (${database.kind === 'pglite' ? `embedded database in ${dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((err) => {
  // The whole chain: a database refusal's code and cause matter more than the wrapper's message.
  console.error(`Threadline could not start: ${describeError(err)}`);
  process.exit(1);
});
