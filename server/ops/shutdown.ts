// Graceful shutdown (SIGTERM, SIGINT): from the first moment /api/health answers 503 shutting_down; then the
// listener stops accepting, real-time sockets close with 1001 (the client reconnects on any code but 1000,
// to this instance once it is back or to another one), requests in flight finish (answers carry
// Connection: close), and the database closes last. Past `timeoutMs` the remaining connections are cut.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';

export interface ShutdownOptions {
  /** Time between turning unready and closing the listener, for a load balancer to notice (default 0). */
  delayMs?: number;
  /** After this, connections still open are cut and the database closes anyway. */
  timeoutMs?: number;
}

export const SHUTDOWN_TIMEOUT_MS = 10_000;

/** Resolves once the app and database are closed; true when everything drained in time. */
export async function gracefulShutdown(
  app: FastifyInstance,
  database: Database,
  { delayMs = 0, timeoutMs = SHUTDOWN_TIMEOUT_MS }: ShutdownOptions = {},
): Promise<boolean> {
  app.readiness.shuttingDown = true;
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  let drained = true;
  const timer = setTimeout(() => {
    drained = false;
    app.log.warn(`requests still running after ${timeoutMs} ms of shutdown: closing their connections`);
    app.server.closeAllConnections();
  }, timeoutMs);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
  await database.close();
  return drained;
}

/** SHUTDOWN_DELAY_MS: whole milliseconds, 0 to 60000 (behind a load balancer: a few seconds). */
export function shutdownDelayFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SHUTDOWN_DELAY_MS;
  if (raw === undefined || raw === '') return 0;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 60_000) {
    throw new Error(`SHUTDOWN_DELAY_MS must be a whole number of milliseconds from 0 to 60000, not "${raw}"`);
  }
  return value;
}
