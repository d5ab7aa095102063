// A real SMTP peer for tests (smtp-server): collects what arrives, parsed, and can refuse on demand.
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from './app.ts';

export interface SmtpPeer {
  /** smtp://127.0.0.1:port, for SMTP_URL. */
  url: string;
  received: ParsedMail[];
  /** The next `count` messages are refused with this code (4xx: try later; 5xx: rejected). */
  refuse(code: number, count?: number): void;
  /** Resolves once `count` messages have arrived in all (fails after `timeoutMs`). */
  waitForCount(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** Resolves with the messages to `address` once there are `count` of them. */
  waitForMailTo(address: string, count?: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ParsedMail[] = [];
  const waiters: (() => void)[] = [];
  let refusals: { code: number; left: number } | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (refusals && refusals.left > 0) {
            refusals.left--;
            const err = Object.assign(new Error('Try again later (test refusal)'), {
              responseCode: refusals.code,
            });
            return callback(err);
          }
          received.push(mail);
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  /** Waits until `pick()` holds `count` messages, woken by each arrival; fails after `timeoutMs`. */
  const until = async (pick: () => ParsedMail[], count: number, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (pick().length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`expected ${count} mail(s), got ${pick().length}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return pick();
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse(code, count = 1) {
      refusals = { code, left: count };
    },
    waitForCount: (count, timeoutMs) => until(() => received, count, timeoutMs),
    waitForMailTo: (address, count = 1, timeoutMs) =>
      until(() => received.filter((m) => recipientOf(m) === address), count, timeoutMs),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first recipient's address of a mail as it arrived. */
export function recipientOf(mail: ParsedMail): string | undefined {
  const to = [mail.to ?? []].flat()[0];
  return to?.value[0]?.address;
}

/** The reset token in a mail's text part. */
export function resetTokenIn(mail: ParsedMail): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail.text ?? '');
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return match[1]!;
}

/** What mail links start with in setupMailApp's app. */
export const MAIL_PUBLIC_URL = 'http://app.example.test';

/**
 * The app for the enclosing file with its mail worker on, sending to a real SMTP peer; both are filled in
 * before the tests run. Loopback is the trusted proxy, so tests can pose as other client addresses.
 */
export function setupMailApp(env: Record<string, string> = {}): { t: TestApp; peer: SmtpPeer } {
  const t = {} as TestApp;
  const peer = {} as SmtpPeer;
  beforeAll(async () => {
    Object.assign(peer, await startSmtpPeer());
    const env_ = { SMTP_URL: peer.url, PUBLIC_URL: MAIL_PUBLIC_URL, TRUST_PROXY: '127.0.0.1', ...env };
    Object.assign(t, await buildTestApp(env_, { mailWorker: true }));
  });
  afterAll(async () => {
    await t.close?.();
    await peer.close?.();
  });
  return { t, peer };
}
