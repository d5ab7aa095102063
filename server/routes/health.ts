// GET /api/health: 200 {status: "ok", database: "ok", migrations: "current"} when this instance can serve;
// 503 with the reason otherwise, and 503 {status: "shutting_down"} from the moment shutdown begins, while
// in-flight requests drain (so a load balancer stops sending new ones). No session needed, nothing secret.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { checkHealth, shippedMigrations } from '../ops/health.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when shutdown begins (server/ops/shutdown.ts, or any app.close()): /api/health answers 503. */
    readiness: { shuttingDown: boolean };
  }
}

const healthSchema = z.object({
  status: z.enum(['ok', 'error', 'shutting_down']),
  database: z.enum(['ok', 'unreachable']).optional(),
  migrations: z.enum(['current', 'pending', 'ahead', 'unknown']).optional(),
  message: z.string().optional(),
});

export const healthRoutes = fp(
  async (app: FastifyInstance) => {
    const shipped = shippedMigrations();
    app.decorate('readiness', { shuttingDown: false });
    app.addHook('preClose', async () => {
      app.readiness.shuttingDown = true;
    });
    app.get(
      '/api/health',
      {
        schema: {
          summary: 'Health: 200 while serving, 503 while the database is down or shutting down',
          response: { 200: healthSchema, 503: healthSchema },
        },
        logLevel: 'warn',
      },
      async (request, reply) => {
        if (app.readiness.shuttingDown) {
          return reply.code(503).send({ status: 'shutting_down', message: 'The server is shutting down' });
        }
        const report = await checkHealth(app.db, shipped);
        // Probes are frequent: their request line is below info, so a failure gets its own.
        if (report.status !== 'ok') request.log.warn({ health: report }, 'health check failed');
        return reply.code(report.status === 'ok' ? 200 : 503).send(report);
      },
    );
  },
  { name: 'health' },
);
