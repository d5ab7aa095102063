// Sign-in, sign-out and the current user. Local accounts here; OIDC in auth/oidc.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { COMMON_PASSWORD_MESSAGE } from '../../common/passwords.ts';
import { safeReturnPath } from '../../common/return-to.ts';
import { currentUserSchema, loginBody, registerBody } from '../../common/schemas/user.ts';
import { isTooCommon } from '../auth/commonPasswords.ts';
import { readSessionToken } from '../auth/cookies.ts';
import { authenticateLocalUser, registerLocalUser } from '../auth/localAccounts.ts';
import { oidcRoutes } from '../auth/oidc.ts';
import { signIn, signOut } from '../auth/plugin.ts';
import { queueEmailConfirmation } from '../commands/email-verification.ts';
import { linkBase } from '../config.ts';
import { badRequest, HttpError, unauthorized } from '../http/errors.ts';
import { addressKey, type LimitRule, type Reservation } from '../http/limiter.ts';
import { isCrossSite } from '../http/origin.ts';
import { presentCurrentUser } from '../presenters/user.ts';

const messageSchema = z.object({ message: z.string() });

const MINUTE = 60 * 1000;
/** Failed sign-ins (DECISIONS §3): per account and address pair, per address, and a per-account ceiling. */
export const SIGNIN_LIMITS = {
  pair: { name: 'signin-pair', max: 10, windowMs: 15 * MINUTE },
  address: { name: 'signin-address', max: 100, windowMs: 15 * MINUTE },
  account: { name: 'signin-account', max: 100, windowMs: 60 * MINUTE },
} satisfies Record<string, LimitRule>;
export const REGISTRATION_LIMIT: LimitRule = { name: 'register-address', max: 30, windowMs: 60 * MINUTE };

const minutes = (seconds: number) => Math.ceil(seconds / 60);

export async function authRoutes(app: FastifyInstance) {
  const { limiter } = app;

  app.get(
    '/api/auth/user',
    {
      schema: {
        summary: 'The signed-in user',
        errors: { 401: 'Not signed in' },
        response: { 200: currentUserSchema },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return presentCurrentUser(request.user);
    },
  );

  /** Ends the session, then closes its open sockets on every instance (CLOSE_CODES.sessionEnded). */
  const endSession = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = readSessionToken(request, app.config);
    await signOut(app, request, reply);
    if (token) await app.realtime.publish({ kind: 'session', sid: app.sessions.keyOf(token) });
  };

  const logoutSchema = { summary: 'Sign out and go to / (from another site: only the redirect)' };
  app.get('/api/logout', { schema: logoutSchema }, async (request, reply) => {
    // A link or image on another site must not sign anyone out (DECISIONS §3).
    if (!isCrossSite(request, app.config.publicUrl)) await endSession(request, reply);
    return reply.redirect('/');
  });

  // A JSON variant for scripts and tests; the browser uses GET /api/logout.
  app.post(
    '/api/auth/logout',
    { schema: { summary: 'Sign out (ends this session)', response: { 200: messageSchema } } },
    async (request, reply) => {
      await endSession(request, reply);
      return { message: 'Signed out' };
    },
  );

  if (app.config.auth.provider === 'oidc') {
    await app.register(oidcRoutes);
    return;
  }

  // `?returnTo=/path` carries a deep link through sign-in (DECISIONS §2); anything else is dropped.
  const loginSchema = { summary: 'Go to the sign-in page or provider (returnTo: a same-origin path)' };
  app.get('/api/login', { schema: loginSchema }, async (request, reply) => {
    const query = request.query as { returnTo?: unknown; tab?: unknown };
    const returnTo = safeReturnPath(query.returnTo);
    const params = new URLSearchParams();
    if (query.tab === 'register') params.set('tab', 'register');
    if (returnTo) params.set('returnTo', returnTo);
    const search = params.toString();
    return reply.redirect(search ? `/login?${search}` : '/login');
  });

  app.post(
    '/api/auth/register',
    {
      schema: {
        summary: 'Create a local account and sign in',
        errors: { 409: 'The e-mail address is taken', 429: 'Too many accounts created from this address' },
        body: registerBody,
        response: { 201: currentUserSchema },
      },
      // Every attempt counts, valid or not, before anything else runs.
      onRequest: async (request) => {
        await limiter.reserveOrThrow(
          [{ rule: REGISTRATION_LIMIT, subject: addressKey(request.ip) }],
          () => 'Too many accounts created from this address. Try again later.',
        );
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (isTooCommon(body.password)) {
        throw badRequest(COMMON_PASSWORD_MESSAGE, {
          errors: [{ path: 'password', message: COMMON_PASSWORD_MESSAGE }],
        });
      }
      const user = await registerLocalUser(app.db, body, (tx, created) =>
        queueEmailConfirmation(tx, created, 'verify', created.email!, linkBase(app.config)),
      );
      app.mail.wake();
      await signIn(app, request, reply, user);
      return reply.code(201).send(presentCurrentUser(user));
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        summary: 'Sign in with e-mail and password',
        errors: {
          401: 'Invalid email or password',
          403: 'The account is disabled (answered only after the right password)',
          429: 'Too many failed sign-ins (per address, account or pair)',
        },
        body: loginBody,
        response: { 200: currentUserSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const address = addressKey(request.ip);
      const tooMany = (wait: number) =>
        `Too many failed sign-in attempts. Try again in ${minutes(wait)} minute(s).`;
      // Counted before the password is checked, so parallel guesses cannot all slip under the limit. The
      // address first: an address over its limit leaves no key behind for the e-mails it tries.
      const byAddress = await limiter.reserveOrThrow(
        [{ rule: SIGNIN_LIMITS.address, subject: address }],
        tooMany,
      );
      const pair = { rule: SIGNIN_LIMITS.pair, subject: `${body.email}|${address}` };
      const account = { rule: SIGNIN_LIMITS.account, subject: body.email };
      let reservation: Reservation;
      try {
        // The account's ceiling slows guessing, not its owner: an address with no recent failure for this
        // account (this attempt is its first in the window) is still heard.
        reservation = await limiter.reserveOrThrow([pair, account], tooMany, {
          tolerate: ([fromHere]) => (fromHere === 1 ? [account] : []),
        });
      } catch (err) {
        await limiter.release(byAddress);
        throw err;
      }
      const user = await authenticateLocalUser(app.db, body);
      if (!user) throw new HttpError(401, 'Invalid email or password');
      // Not a failure after all: the pair starts afresh, the other counters take the attempt back.
      const [pairKey, accountKey] = reservation.keys;
      await Promise.all([
        limiter.reset([pairKey!]),
        limiter.release(reservation, [accountKey!, ...byAddress.keys]),
      ]);
      await signIn(app, request, reply, user);
      return presentCurrentUser(user);
    },
  );
}
