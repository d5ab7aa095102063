// Test helpers for notification mail and digests: a worker on the app's database with a clock the test
// moves, and readers of what arrived at the SMTP peer.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from 'mailparser';
import pino from 'pino';
import { expect } from 'vitest';
import { mailOutbox } from '../db/schema/index.ts';
import { NotificationMailWorker } from '../notifications/mail-worker.ts';
import { MAIL_PUBLIC_URL } from './smtp.ts';

/** A clock the test moves: `clock.now` in milliseconds. */
export interface Clock {
  now: number;
  /** Moves it on by `ms`. */
  advance(ms: number): void;
}

export function movableClock(start = Date.now()): Clock {
  const clock = {
    now: start,
    advance: (ms: number) => {
      clock.now += ms;
    },
  };
  return clock;
}

/** The app's own tokens and mail worker, on the test's clock. */
export function workerFor(app: FastifyInstance, clock: Clock) {
  return new NotificationMailWorker({
    db: app.db,
    tokens: app.notificationMail.tokens,
    log: pino({ level: 'silent' }),
    linkBase: MAIL_PUBLIC_URL,
    mailQueued: () => app.mail.wake(),
    now: () => clock.now,
  });
}

/** The rows queued for `address` (sent or not): what the worker decided, before any transport. */
export const queuedFor = (app: FastifyInstance, address: string) =>
  app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));

/** A header's value as it arrived, unparsed ("List-Unsubscribe" -> "<https://...>"). */
export function rawHeader(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line?.slice(line.indexOf(':') + 1).trim();
}

/** The one-click token of a mail's List-Unsubscribe, after checking both RFC 8058 headers are there. */
export function oneClickToken(mail: ParsedMail): string {
  expect(rawHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  const value = rawHeader(mail, 'List-Unsubscribe');
  const match = /^<(.+)\/api\/notifications\/unsubscribe\?token=([^>]+)>$/.exec(value ?? '');
  expect(match, value).not.toBeNull();
  expect(match![1]).toBe(MAIL_PUBLIC_URL);
  return match![2]!;
}

/** The unsubscribe page's link in a mail's text (the visible twin of List-Unsubscribe). */
export function pageToken(mail: ParsedMail): string {
  const match = new RegExp(`${MAIL_PUBLIC_URL}/unsubscribe\\?token=(\\S+)`).exec(mail.text ?? '');
  expect(match, mail.text).not.toBeNull();
  return match![1]!;
}
