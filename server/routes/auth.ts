// Sign-in, sign-out and the current user. Local accounts here; OIDC in auth/oidc.ts.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { safeReturnPath } from '../../common/return-to.ts';
import {
  currentUserSchema,
  type LoginBody,
  loginBody,
  type RegisterBody,
  registerBody,
} from '../../common/schemas/user.ts';
import { authenticateLocalUser, registerLocalUser } from '../auth/localAccounts.ts';
import { type OidcOptions, oidcRoutes } from '../auth/oidc.ts';
import { signIn, signOut } from '../auth/plugin.ts';
import { HttpError, tooManyRequests, unauthorized } from '../http/errors.ts';
import { HitLimiter } from '../http/limiter.ts';
import { presentCurrentUser } from '../presenters/user.ts';

const messageSchema = z.object({ message: z.string() });
const FAILED_SIGNIN_LIMIT = { max: 10, windowMs: 15 * 60 * 1000 };
const REGISTRATIONS_PER_HOUR = 30;

export async function authRoutes(app: FastifyInstance, opts: { oidcExecute?: OidcOptions['execute'] } = {}) {
  app.get('/api/auth/user', { schema: { response: { 200: currentUserSchema } } }, async (request) => {
    if (!request.user) throw unauthorized();
    return presentCurrentUser(request.user);
  });

  app.get('/api/logout', async (request, reply) => {
    await signOut(app, request, reply);
    return reply.redirect('/');
  });

  // A JSON variant for scripts and tests; the browser uses GET /api/logout.
  app.post('/api/auth/logout', { schema: { response: { 200: messageSchema } } }, async (request, reply) => {
    await signOut(app, request, reply);
    return { message: 'Signed out' };
  });

  if (app.config.auth.provider === 'oidc') {
    await app.register(oidcRoutes, { execute: opts.oidcExecute });
    return;
  }

  // `?returnTo=/path` carries a deep link through sign-in (DECISIONS §2); anything else is dropped.
  app.get('/api/login', async (request, reply) => {
    const returnTo = safeReturnPath((request.query as { returnTo?: unknown }).returnTo);
    return reply.redirect(returnTo ? `/login?returnTo=${encodeURIComponent(returnTo)}` : '/login');
  });

  app.post(
    '/api/auth/register',
    {
      schema: { body: registerBody, response: { 201: currentUserSchema } },
      config: {
        rateLimit: {
          max: REGISTRATIONS_PER_HOUR,
          timeWindow: '1 hour',
          errorResponseBuilder: (_req, ctx) =>
            tooManyRequests(
              'Too many accounts created from this address. Try again later.',
              Math.ceil(ctx.ttl / 1000),
            ),
        },
      },
    },
    async (request, reply) => {
      const user = await registerLocalUser(app.db, request.body as RegisterBody);
      await signIn(app, request, reply, user);
      return reply.code(201).send(presentCurrentUser(user));
    },
  );

  const failedSignIns = new HitLimiter(FAILED_SIGNIN_LIMIT.max, FAILED_SIGNIN_LIMIT.windowMs);
  app.post(
    '/api/auth/login',
    { schema: { body: loginBody, response: { 200: currentUserSchema } } },
    async (request, reply) => {
      const body = request.body as LoginBody;
      const keys = [`account:${body.email}`, `address:${request.ip}`];
      const wait = Math.max(...keys.map((k) => failedSignIns.retryAfter(k)));
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw tooManyRequests(
          `Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`,
          wait,
        );
      }
      const user = await authenticateLocalUser(app.db, body);
      if (!user) {
        for (const key of keys) failedSignIns.record(key);
        throw new HttpError(401, 'Invalid email or password');
      }
      failedSignIns.reset(keys[0]!);
      await signIn(app, request, reply, user);
      return presentCurrentUser(user);
    },
  );
}
