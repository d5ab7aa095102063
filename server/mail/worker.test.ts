// The mail outbox (DECISIONS §10): retries with backoff through a real SMTP peer that refuses, gives up after
// a day, never sends a row twice with two workers at once, and writes .eml files when there is no SMTP.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { openTestDatabase } from '../test/db.ts';
import { recipientOf, type SmtpPeer, startSmtpPeer } from '../test/smtp.ts';
import { queueMail } from './outbox.ts';
import { passwordResetMail } from './templates.ts';
import { createMailTransport } from './transport.ts';
import { GIVE_UP_AFTER_MS, MailWorker, retryDelayMs } from './worker.ts';

let database: Database;
let peer: SmtpPeer;
beforeAll(async () => {
  database = await openTestDatabase();
  peer = await startSmtpPeer();
});
afterAll(async () => {
  await database?.close();
  await peer?.close();
});
afterEach(async () => {
  await database.db.delete(mailOutbox);
});

/** A logger whose lines the test can read. */
function recordingLog() {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log, lines };
}

const smtpConfig = (url: string) =>
  loadConfig({ NODE_ENV: 'test', SMTP_URL: url, PUBLIC_URL: 'http://x.test' });
const mail = (n: number) =>
  passwordResetMail({ name: `Reader ${n}`, link: `http://x.test/reset-password?token=${n}` });
const rows = () => database.db.select().from(mailOutbox);

describe('mail worker', () => {
  it('a refused mail waits and is retried with a growing delay, then sent once', async () => {
    const { log, lines } = recordingLog();
    await queueMail(database.db, 'retry@example.test', 'password_reset', mail(1));
    let now = Date.now();
    const worker = new MailWorker(
      database.db,
      createMailTransport(smtpConfig(peer.url), log),
      log,
      60_000,
      () => now,
    );
    const before = peer.received.length;
    peer.refuse(451, 2);

    await worker.drain();
    let [row] = await rows();
    expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(row!.lastError).toContain('451');
    expect(row!.nextAttemptAt.getTime()).toBe(now + retryDelayMs(1));
    // Not due yet: nothing is tried.
    await worker.drain();
    expect((await rows())[0]!.attempts).toBe(1);

    now += retryDelayMs(1);
    await worker.drain();
    [row] = await rows();
    expect(row!.attempts).toBe(2);
    expect(row!.nextAttemptAt.getTime()).toBe(now + retryDelayMs(2));
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));

    now += retryDelayMs(2);
    await worker.drain();
    [row] = await rows();
    expect(row!.sentAt).not.toBeNull();
    expect(row!.lastError).toBeNull();
    expect(peer.received.length).toBe(before + 1);
    await worker.drain();
    expect(peer.received.length).toBe(before + 1);
    expect(lines.filter((l) => l.msg === 'mail send failed')).toHaveLength(2);
    // The address stays out of the log.
    expect(JSON.stringify(lines)).not.toContain('retry@example.test');
    await worker.stop();
  });

  it('a mail server that is down delays mail; after a day the mail is given up with a log line', async () => {
    const { log, lines } = recordingLog();
    await queueMail(database.db, 'late@example.test', 'password_reset', mail(2));
    let now = Date.now();
    // Nothing listens on port 9 of loopback.
    const down = createMailTransport(smtpConfig('smtp://127.0.0.1:9'), log);
    const worker = new MailWorker(database.db, down, log, 60_000, () => now);
    await worker.drain();
    expect((await rows())[0]).toMatchObject({ attempts: 1, failedAt: null });
    now += GIVE_UP_AFTER_MS;
    await worker.drain();
    const [row] = await rows();
    expect(row!.failedAt).not.toBeNull();
    expect(row!.sentAt).toBeNull();
    expect(lines.filter((l) => l.msg === 'mail given up')).toHaveLength(1);
    now += GIVE_UP_AFTER_MS;
    await worker.drain();
    expect((await rows())[0]!.attempts).toBe(2);
    await worker.stop();
  });

  it('two workers draining at once send each of 40 mails exactly once', async () => {
    const { log } = recordingLog();
    const transport = createMailTransport(smtpConfig(peer.url), log);
    // A second connection where the database has one (PostgreSQL); PGlite serialises them anyway.
    const workers = [0, 1].map(() => new MailWorker(database.db, transport, log, 60_000));
    for (let i = 0; i < 40; i++)
      await queueMail(database.db, `many-${i}@example.test`, 'password_reset', mail(i));
    const before = peer.received.length;
    await Promise.all(workers.map((w) => w.drain()));
    const arrived = peer.received.slice(before);
    expect(arrived).toHaveLength(40);
    expect(new Set(arrived.map(recipientOf)).size).toBe(40);
    expect((await rows()).every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
    await workers[0]!.stop();
  });

  it('without SMTP_URL each mail is an .eml file in DATA_DIR/outbox, logged with subject and recipient', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tl-outbox-'));
    try {
      const { log, lines } = recordingLog();
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
      expect(config.mail.from).toBe('Threadline <no-reply@localhost>');
      const worker = new MailWorker(database.db, createMailTransport(config, log), log, 60_000);
      await queueMail(database.db, 'file@example.test', 'password_reset', mail(3));
      await worker.drain();
      const files = await readdir(path.join(dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const parsed = await simpleParser(await readFile(path.join(dataDir, 'outbox', files[0]!)));
      expect(parsed.subject).toBe('Reset your Threadline password');
      expect(parsed.text).toContain('http://x.test/reset-password?token=3');
      expect(parsed.html).toContain('Choose a new password');
      expect(lines.find((l) => l.msg === 'mail written to the outbox directory')).toMatchObject({
        to: 'file@example.test',
        subject: 'Reset your Threadline password',
      });
      expect((await rows())[0]!.sentAt).not.toBeNull();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
