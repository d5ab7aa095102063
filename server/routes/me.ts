// The signed-in user's own data (issue 26): GET /api/me/export, a ZIP of everything they made or received
// (streamed at once, or for a large account built in the background and offered by a mailed link at
// GET /api/me/exports/{id}), and DELETE /api/me, the account deleted for good.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CONFIRM_EMAIL_MISMATCH,
  DELETE_PASSWORD_REQUIRED,
  DELETE_PASSWORD_WRONG,
  DELETE_REAUTH_REQUIRED,
  DELETE_REAUTH_WINDOW_MS,
  deleteAccountBody,
  deleteConfirmationMatches,
  EXPORT_EXPIRED,
  EXPORT_FAILED,
  EXPORT_NOT_FOUND,
  EXPORT_NOT_READY,
  EXPORT_PREPARING,
  type ExportDirect,
  tooManyExports,
} from '../../common/schemas/account.ts';
import { clearSessionCookie, readSessionToken } from '../auth/cookies.ts';
import { deleteAccount } from '../commands/delete-account.ts';
import { removeUploadObjects } from '../commands/uploads.ts';
import { dataExports } from '../db/schema/index.ts';
import { exportArchive } from '../export/archive.ts';
import { discardExportsOf, isLargeExport, liveExport, requestExport } from '../export/jobs.ts';
import { badRequest, forbidden, notFound, tooManyRequests } from '../http/errors.ts';
import type { LimitRule } from '../http/limiter.ts';
import { publishInbox } from '../notifications/publish.ts';
import { isUuid } from '../storage/keys.ts';
import { checkOwnPassword } from './account.ts';
import { idParam } from './params.ts';

/**
 * Building an export reads every row and file of the account: a few an hour is plenty. Counted by the
 * limiter for ZIPs streamed at once, and by the jobs themselves for background ones.
 */
export const EXPORT_LIMIT: LimitRule = { name: 'export', max: 5, windowMs: 60 * 60 * 1000 };

const exportParams = z.object({ id: idParam });
const zipName = (day: Date) => `threadline-export-${day.toISOString().slice(0, 10)}.zip`;

/** The profile card asks with Accept: application/json before it lets the browser download the ZIP. */
const asksForJson = (request: FastifyRequest) => {
  const accept = String(request.headers.accept ?? '');
  return accept.includes('application/json') && !/application\/zip|\*\/\*/.test(accept);
};

export async function meRoutes(app: FastifyInstance) {
  // No HEAD: asking would queue a job or count against the limit.
  const exportSchema = {
    summary: 'Download my data: the ZIP at once, or 202 while a large one is prepared and mailed',
    errors: { 429: 'Too many exports asked for' },
  };
  app.get('/api/me/export', { exposeHeadRoute: false, schema: exportSchema }, async (request, reply) => {
    const user = request.user!;
    // A large account (with an address to mail the link to) is built in the background: 202 at once, and
    // the same 202 while its job is queued or building.
    if (
      (await liveExport(app.db, user.id)) ||
      (user.email && (await isLargeExport(app.db, user.id, app.dataExports.limits)))
    ) {
      const queued = await requestExport(app.db, user.id, EXPORT_LIMIT);
      if (!queued.queued) {
        app.metrics.rateLimited('export-queue');
        throw tooManyRequests(tooManyExports(queued.retryAfter), queued.retryAfter);
      }
      if (queued.created) app.dataExports.wake();
      return reply.code(202).send({ message: EXPORT_PREPARING });
    }
    if (asksForJson(request)) return { download: '/api/me/export' } satisfies ExportDirect;
    await app.limiter.reserveOrThrow([{ rule: EXPORT_LIMIT, subject: user.id }], tooManyExports);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${zipName(new Date())}"`)
      .send(exportArchive(app.db, app.store, user));
  });

  // The mailed link: its owner only (anyone else's, or a made-up id, is the same 404), while it is offered.
  app.get(
    '/api/me/exports/:id',
    { schema: { summary: 'Download a prepared data export (ZIP)', params: exportParams } },
    async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id)) throw notFound(EXPORT_NOT_FOUND);
      const [row] = await app.db
        .select()
        .from(dataExports)
        .where(and(eq(dataExports.id, id), eq(dataExports.userId, request.user!.id)));
      if (!row) throw notFound(EXPORT_NOT_FOUND);
      if (row.status === 'queued' || row.status === 'building') throw notFound(EXPORT_NOT_READY);
      if (row.status === 'failed') throw notFound(EXPORT_FAILED);
      if (row.status !== 'ready' || !row.objectKey || !row.expiresAt || row.expiresAt <= new Date()) {
        throw notFound(EXPORT_EXPIRED);
      }
      const body = await app.store.read(row.objectKey);
      if (!body) throw notFound(EXPORT_EXPIRED);
      if (row.size !== null) reply.header('content-length', String(row.size));
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${zipName(row.readyAt ?? row.createdAt)}"`)
        .send(body);
    },
  );

  app.delete(
    '/api/me',
    {
      schema: {
        summary: 'Delete the account (typed e-mail address and password, or a recent sign-in)',
        errors: {
          403: 'Sign in again first (reauthenticate: true)',
          409: 'Still owns threadlines, or a subscription still renews',
        },
        body: deleteAccountBody,
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const body = request.body;
      // The typed address first: a slip of the keyboard costs no password attempt.
      if (!deleteConfirmationMatches(body.confirmEmail, user.email)) {
        throw badRequest(CONFIRM_EMAIL_MISMATCH, {
          errors: [{ path: 'confirmEmail', message: CONFIRM_EMAIL_MISMATCH }],
        });
      }
      if (app.config.auth.provider === 'local') {
        if (!body.password) {
          throw badRequest(DELETE_PASSWORD_REQUIRED, {
            errors: [{ path: 'password', message: DELETE_PASSWORD_REQUIRED }],
          });
        }
        await checkOwnPassword(app, user, body.password, {
          path: 'password',
          message: DELETE_PASSWORD_WRONG,
        });
      } else {
        // The provider keeps the password: a sign-in of the last few minutes stands for it.
        const signedInAt = await app.sessions.signedInAt(readSessionToken(request, app.config));
        if (signedInAt === null || Date.now() - signedInAt > DELETE_REAUTH_WINDOW_MS) {
          throw forbidden(DELETE_REAUTH_REQUIRED, { reauthenticate: true });
        }
      }
      const { endedSessions, removed, leftTimelines, changedTimelines, notifiedUsers } = await deleteAccount(
        app.db,
        app.sessions,
        user.id,
      );
      clearSessionCookie(reply, app.config);
      app.mail.wake();
      // Every device's sockets close at once; the threadlines' pages hear that a member left.
      await Promise.all(endedSessions.map((sid) => app.realtime.publish({ kind: 'session', sid })));
      // Open pages hear the member left, then show the tombstones and lose the conversations, without a reload.
      const tell = async (change: 'member_left' | 'account_deleted', timelineIds: Iterable<string>) => {
        for (const timelineId of timelineIds) {
          await app.realtime.publish({
            kind: 'timeline',
            type: 'timeline_updated',
            change,
            timelineId,
            actorId: user.id,
            userId: user.id,
          });
        }
      };
      await tell('member_left', leftTimelines);
      await tell('account_deleted', changedTimelines);
      await publishInbox(app, request.log, notifiedUsers);
      // Only once the deletion has committed: a rolled-back one keeps its files.
      await removeUploadObjects(app.store, removed, request.log);
      // Exports ready or being built go too (the account's row stays, so no cascade takes them).
      await discardExportsOf({ db: app.db, store: app.store, log: request.log }, user.id).catch((err) =>
        request.log.warn({ err }, 'deleted account exports not removed yet (the hourly sweep will)'),
      );
      return reply.code(204).send();
    },
  );
}
