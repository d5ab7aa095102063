// Signed-in devices (issue 26; DECISIONS §10): list one's sessions and end any of them. Ending one closes its
// sockets on every instance, as signing out does.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SESSION_NOT_FOUND, sessionSchema } from '../../common/schemas/account.ts';
import { clearSessionCookie, readSessionToken } from '../auth/cookies.ts';
import { notFound, unauthorized } from '../http/errors.ts';

const params = z.object({ id: z.string().min(1).max(64) });

export async function sessionRoutes(app: FastifyInstance) {
  const currentKey = (request: Parameters<typeof readSessionToken>[0]) => {
    const token = readSessionToken(request, app.config);
    return token ? app.sessions.keyOf(token) : undefined;
  };

  app.get(
    '/api/auth/sessions',
    {
      schema: {
        summary: "The signed-in user's sessions (devices)",
        errors: { 401: 'Not signed in' },
        response: { 200: z.array(sessionSchema) },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      const here = currentKey(request);
      const list = await app.sessions.listFor(request.user.id);
      return list.map((s) => ({
        id: s.id,
        current: s.key === here,
        userAgent: s.userAgent,
        lastSeenAt: s.lastSeenAt.toISOString(),
      }));
    },
  );

  app.delete(
    '/api/auth/sessions/:id',
    {
      schema: {
        summary: "End one of the signed-in user's sessions",
        errors: { 401: 'Not signed in' },
        params,
      },
    },
    async (request, reply) => {
      if (!request.user) throw unauthorized();
      const { id } = request.params;
      // Only among the caller's own sessions: another user's id is as unknown as a made-up one.
      const session = (await app.sessions.listFor(request.user.id)).find((s) => s.id === id);
      if (!session) throw notFound(SESSION_NOT_FOUND);
      await app.sessions.destroyKey(session.key);
      if (session.key === currentKey(request)) clearSessionCookie(reply, app.config);
      await app.realtime.publish({ kind: 'session', sid: session.key });
      return reply.code(204).send();
    },
  );
}
