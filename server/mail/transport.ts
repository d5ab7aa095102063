// Where mail goes: SMTP (SMTP_URL) or, on one machine with no mail server, .eml files in DATA_DIR/outbox
// that the log names, so a self-hoster can still follow a reset link (DECISIONS §10).
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, sent as they are (List-Unsubscribe and List-Unsubscribe-Post on notification mail). */
  headers?: Record<string, string> | null;
}

export interface MailTransport {
  /** Resolves once the mail server took the message (or the file is written); rejects otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** A silent SMTP peer is given up after this long, so one stuck send does not hold the worker. */
const SMTP_TIMEOUT_MS = 30_000;

/**
 * Nodemailer's message: extra headers marked prepared, so a long List-Unsubscribe URL is not folded or
 * encoded (its value is ASCII with no spaces, within the line limit).
 */
function message(from: string, { headers, ...mail }: OutgoingMail) {
  const prepared = Object.fromEntries(
    Object.entries(headers ?? {}).map(([name, value]) => {
      // Written as they are: a line break would start a header of its own.
      if (/[\r\n]/.test(name + value)) throw new Error(`header ${name} holds a line break`);
      return [name, { prepared: true, value }];
    }),
  );
  return { from, ...mail, headers: prepared };
}

export function createMailTransport(config: Config, log: FastifyBaseLogger): MailTransport {
  const from = config.mail.from;
  if (config.mail.smtpUrl) {
    const url = new URL(config.mail.smtpUrl);
    const smtp = nodemailer.createTransport({
      host: url.hostname,
      port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
      secure: url.protocol === 'smtps:',
      ...(url.username && {
        auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
      }),
      // A plain-text server on loopback (a test peer, a local relay) needs no TLS; elsewhere STARTTLS is
      // used when offered.
      ignoreTLS: url.protocol === 'smtp:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname),
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    return {
      send: async (mail) => {
        await smtp.sendMail(message(from, mail));
      },
      close: () => smtp.close(),
    };
  }
  const dir = path.join(config.dataDir, 'outbox');
  const eml = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (mail) => {
      const info = await eml.sendMail(message(from, mail));
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      // Written whole under a temporary name, then renamed: a reader never sees half a mail.
      const file = path.join(dir, name);
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
      log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the outbox directory');
    },
    close: () => {},
  };
}
