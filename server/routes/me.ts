// The signed-in user's own data (issue 26): GET /api/me/export, a ZIP of everything they made or received,
// and DELETE /api/me, the account deleted for good.
import type { FastifyInstance } from 'fastify';
import {
  CONFIRM_EMAIL_MISMATCH,
  DELETE_PASSWORD_REQUIRED,
  DELETE_PASSWORD_WRONG,
  DELETE_REAUTH_REQUIRED,
  DELETE_REAUTH_WINDOW_MS,
  type DeleteAccountBody,
  deleteAccountBody,
  deleteConfirmationMatches,
} from '../../common/schemas/account.ts';
import { clearSessionCookie, readSessionToken } from '../auth/cookies.ts';
import { deleteAccount } from '../commands/delete-account.ts';
import { removeUploadObjects } from '../commands/uploads.ts';
import { exportArchive } from '../export/archive.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import type { LimitRule } from '../http/limiter.ts';
import { checkOwnPassword } from './account.ts';

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

  app.delete('/api/me', { schema: { body: deleteAccountBody } }, async (request, reply) => {
    const user = request.user!;
    const body = request.body as DeleteAccountBody;
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
      await checkOwnPassword(app, user, body.password, { path: 'password', message: DELETE_PASSWORD_WRONG });
    } else {
      // The provider keeps the password: a sign-in of the last few minutes stands for it.
      const signedInAt = await app.sessions.signedInAt(readSessionToken(request, app.config));
      if (signedInAt === null || Date.now() - signedInAt > DELETE_REAUTH_WINDOW_MS) {
        throw forbidden(DELETE_REAUTH_REQUIRED, { reauthenticate: true });
      }
    }
    const { endedSessions, removed, leftTimelines } = await deleteAccount(app.db, app.sessions, user.id);
    clearSessionCookie(reply, app.config);
    app.mail.wake();
    // Every device's sockets close at once; the threadlines' pages hear that a member left.
    await Promise.all(endedSessions.map((sid) => app.realtime.publish({ kind: 'session', sid })));
    for (const timelineId of leftTimelines) {
      await app.realtime.publish({
        kind: 'timeline',
        type: 'timeline_updated',
        change: 'member_left',
        timelineId,
        actorId: user.id,
        userId: user.id,
      });
    }
    // Only once the deletion has committed: a rolled-back one keeps its files.
    await removeUploadObjects(app.store, removed, request.log);
    return reply.code(204).send();
  });
}
