// Password reset and change for local accounts (issue 26; DECISIONS §10). With OIDC the provider owns
// passwords and none of these routes exist.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { COMMON_PASSWORD_MESSAGE } from '../../common/passwords.ts';
import {
  CURRENT_PASSWORD_WRONG,
  changeEmailBody,
  changePasswordBody,
  EMAIL_ALREADY_VERIFIED,
  EMAIL_UNCHANGED,
  emailChangeSent,
  FORGOT_PASSWORD_SENT,
  forgotPasswordBody,
  PASSWORD_CHANGED,
  resetPasswordBody,
  verificationSent,
  verifyEmailBody,
} from '../../common/schemas/account.ts';
import { currentUserSchema } from '../../common/schemas/user.ts';
import { isTooCommon } from '../auth/commonPasswords.ts';
import { readSessionToken } from '../auth/cookies.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { signIn } from '../auth/plugin.ts';
import { confirmEmail, emailTaken, queueEmailConfirmation } from '../commands/email-verification.ts';
import { changePassword, requestPasswordReset, resetPassword } from '../commands/passwords.ts';
import { linkBase } from '../config.ts';
import type { User } from '../db/schema/index.ts';
import { badRequest, conflict, unauthorized } from '../http/errors.ts';
import { addressKey, type LimitRule } from '../http/limiter.ts';
import { presentCurrentUser } from '../presenters/user.ts';

const HOUR = 60 * 60 * 1000;
/** Reset mails: 5 per e-mail address and 5 per client address an hour (DECISIONS §10, issue 26). */
export const RESET_LIMITS = {
  email: { name: 'reset-email', max: 5, windowMs: HOUR },
  address: { name: 'reset-address', max: 5, windowMs: HOUR },
} satisfies Record<string, LimitRule>;
/** Mails a signed-in user can cause (resend, new address, password-change notice), per user an hour. */
export const CONFIRMATION_MAIL_LIMIT: LimitRule = { name: 'email-confirmation', max: 5, windowMs: HOUR };
/** Wrong current passwords, per user: the change forms must not become a way to guess. */
export const CHANGE_PASSWORD_LIMIT: LimitRule = { name: 'password-change', max: 10, windowMs: HOUR / 4 };

const messageSchema = z.object({ message: z.string() });
const tryLater = (wait: number) => `Too many attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`;

const tooCommon = (path: string) =>
  badRequest(COMMON_PASSWORD_MESSAGE, { errors: [{ path, message: COMMON_PASSWORD_MESSAGE }] });

/**
 * The signed-in user's password as a form asks for it (change password, change e-mail, delete account): a
 * 400 naming `problem.path` when wrong. Every try is counted against CHANGE_PASSWORD_LIMIT, one counter for
 * all those forms, and a right one is taken back.
 */
export async function checkOwnPassword(
  app: FastifyInstance,
  user: User,
  password: string,
  problem: { path: string; message: string },
): Promise<void> {
  const reservation = await app.limiter.reserveOrThrow(
    [{ rule: CHANGE_PASSWORD_LIMIT, subject: user.id }],
    tryLater,
  );
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw badRequest(problem.message, { errors: [problem] });
  }
  await app.limiter.release(reservation);
}

export async function accountRoutes(app: FastifyInstance) {
  if (app.config.auth.provider !== 'local') return;
  const { limiter } = app;

  const checkCurrentPassword = (user: User, password: string) =>
    checkOwnPassword(app, user, password, { path: 'currentPassword', message: CURRENT_PASSWORD_WRONG });
  const confirmationMails = (user: User) =>
    limiter.reserveOrThrow([{ rule: CONFIRMATION_MAIL_LIMIT, subject: user.id }], tryLater);

  app.post(
    '/api/auth/forgot-password',
    {
      schema: {
        summary: 'Mail a password reset link (the same answer whether the account exists or not)',
        errors: { 429: 'Too many reset mails asked for' },
        body: forgotPasswordBody,
        response: { 202: messageSchema },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      // Counted for any address, known or not, so the limit reveals nothing either.
      await limiter.reserveOrThrow(
        [
          { rule: RESET_LIMITS.address, subject: addressKey(request.ip) },
          { rule: RESET_LIMITS.email, subject: email },
        ],
        tryLater,
      );
      // The lookup and the mail happen after the answer, so its timing says nothing about the address.
      app.mail.later(async () => {
        if (await requestPasswordReset(app.db, email, linkBase(app.config))) app.mail.wake();
      });
      return reply.code(202).send({ message: FORGOT_PASSWORD_SENT });
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        summary: 'Set a new password with a reset token, and sign in',
        errors: { 403: 'The account is disabled: nothing changes, the link stays unused' },
        body: resetPasswordBody,
        response: { 200: currentUserSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (isTooCommon(body.password)) throw tooCommon('password');
      const { user, endedSessions } = await resetPassword(app.db, app.sessions, body);
      await signIn(app, request, reply, user);
      await Promise.all(endedSessions.map((sid) => app.realtime.publish({ kind: 'session', sid })));
      return presentCurrentUser(user);
    },
  );

  app.post(
    '/api/auth/change-password',
    {
      schema: {
        summary: "Change the signed-in user's password",
        errors: { 401: 'Not signed in, or the current password is wrong' },
        body: changePasswordBody,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      const body = request.body;
      await checkCurrentPassword(user, body.currentPassword);
      if (isTooCommon(body.newPassword)) throw tooCommon('newPassword');
      // Each change mails a notice: counted with the other mails a signed-in user can cause.
      await confirmationMails(user);
      const token = readSessionToken(request, app.config);
      const ended = await changePassword(app.db, app.sessions, {
        user,
        newPassword: body.newPassword,
        currentSessionKey: token ? app.sessions.keyOf(token) : undefined,
        signInUrl: `${linkBase(app.config)}/login`,
      });
      app.mail.wake();
      await Promise.all(ended.map((sid) => app.realtime.publish({ kind: 'session', sid })));
      return { message: PASSWORD_CHANGED };
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      schema: {
        summary: 'Confirm an e-mail address with the token from its mail',
        errors: { 403: 'The account is disabled: nothing changes', 409: 'The e-mail address is taken' },
        body: verifyEmailBody,
        response: { 200: currentUserSchema },
      },
    },
    async (request) => {
      const { token } = request.body;
      // No sign-in needed: the link may be opened in another browser than the one signed in.
      return presentCurrentUser(await confirmEmail(app.db, token));
    },
  );

  app.post(
    '/api/auth/verify-email/resend',
    {
      schema: {
        summary: 'Mail the confirmation link again',
        errors: { 401: 'Not signed in', 409: 'Already verified', 429: 'Too many confirmation mails' },
        response: { 202: messageSchema },
      },
    },
    async (request, reply) => {
      const user = request.user;
      if (!user?.email) throw unauthorized();
      if (user.emailVerifiedAt) throw conflict(EMAIL_ALREADY_VERIFIED);
      await confirmationMails(user);
      await app.db.transaction((tx) =>
        queueEmailConfirmation(tx, user, 'verify', user.email!, linkBase(app.config)),
      );
      app.mail.wake();
      return reply.code(202).send({ message: verificationSent(user.email) });
    },
  );

  app.post(
    '/api/auth/change-email',
    {
      schema: {
        summary: 'Change the e-mail address (confirmed by a mail to the new one)',
        errors: { 401: 'Not signed in, or the password is wrong', 429: 'Too many confirmation mails' },
        body: changeEmailBody,
        response: { 202: messageSchema },
      },
    },
    async (request, reply) => {
      const user = request.user;
      if (!user) throw unauthorized();
      const body = request.body;
      await checkCurrentPassword(user, body.currentPassword);
      if (body.email === user.email) {
        throw badRequest(EMAIL_UNCHANGED, { errors: [{ path: 'email', message: EMAIL_UNCHANGED }] });
      }
      await confirmationMails(user);
      // An address another account holds gets no mail, and the answer is the same: nothing is revealed.
      if (!(await emailTaken(app.db, body.email, user.id))) {
        await app.db.transaction((tx) =>
          queueEmailConfirmation(tx, user, 'change', body.email, linkBase(app.config)),
        );
        app.mail.wake();
      }
      return reply.code(202).send({ message: emailChangeSent(body.email) });
    },
  );
}
