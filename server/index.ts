// Starts the server: configuration, database, app, listen. Nothing else lives here.

import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { type Database, openPglite, openPostgres } from './db/client.ts';
import { describeError } from './http/logging.ts';
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
  const dataDir = path.resolve(config.dataDir);
  const database: Database = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite(path.join(dataDir, 'db'));
  const sessionSecret = await loadSessionSecret(dataDir, config.sessionSecret);
  const app = await buildApp({ config, database, sessionSecret, maintenance: true });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  if (config.trustProxy === true) {
    app.log.warn(
      'TRUST_PROXY=true trusts every X-Forwarded-For entry, so clients can choose their own address: set the number of proxies (e.g. TRUST_PROXY=1) or their addresses instead',
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
