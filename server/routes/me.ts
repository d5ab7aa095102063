// The signed-in user's own data (issue 26): GET /api/me/export, a ZIP of everything they made or received.
import type { FastifyInstance } from 'fastify';
import { exportArchive } from '../export/archive.ts';
import type { LimitRule } from '../http/limiter.ts';

/** Building an export reads every row and file of the account: a few an hour is plenty. */
export const EXPORT_LIMIT: LimitRule = { name: 'export', max: 5, windowMs: 60 * 60 * 1000 };

export async function meRoutes(app: FastifyInstance) {
  app.get('/api/me/export', async (request, reply) => {
    const user = request.user!;
    await app.limiter.reserveOrThrow(
      [{ rule: EXPORT_LIMIT, subject: user.id }],
      (wait) => `Too many exports. Try again in ${Math.ceil(wait / 60)} minute(s).`,
    );
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="threadline-export-${day}.zip"`)
      .send(exportArchive(app.db, app.store, user));
  });
}
