// Resolves the session cookie to request.user on every request; `requireUser` guards a subtree.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { User } from '../db/schema/index.ts';
import { unauthorized } from '../http/errors.ts';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './cookies.ts';
import type { SessionStore } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
  }
  interface FastifyInstance {
    sessions: SessionStore;
  }
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { sessions: SessionStore }) => {
    app.decorate('sessions', opts.sessions);
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request, reply) => {
      // Static files need no session lookup.
      if (!request.url.startsWith('/api/') && !request.url.startsWith('/objects/') && request.url !== '/ws')
        return;
      const token = readSessionToken(request, app.config);
      if (!token) return;
      const resolved = await opts.sessions.resolve(token);
      if (resolved) request.user = resolved.user;
      else clearSessionCookie(reply, app.config);
    });
  },
  { name: 'auth' },
);

export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
}

/** Signs the user in on this reply with a brand-new session id. */
export async function signIn(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, user: User) {
  await app.sessions.destroy(readSessionToken(request, app.config));
  const token = await app.sessions.create(user.id, { userAgent: request.headers['user-agent'] });
  setSessionCookie(reply, app.config, token);
  request.user = user;
}

export async function signOut(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  await app.sessions.destroy(readSessionToken(request, app.config));
  clearSessionCookie(reply, app.config);
  request.user = null;
}
