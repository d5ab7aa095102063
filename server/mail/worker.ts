// Sends queued mail (DECISIONS §10). Each instance runs one; a row is claimed with FOR UPDATE SKIP LOCKED
// and leased (next_attempt_at pushed past the send) in one statement, so two instances never send it twice.
// A failed send backs off (30 s, doubling, at most an hour); a row a day old is given up with a log line.

import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { PollLoop } from '../ops/poll-loop.ts';
import type { MailTransport } from './transport.ts';

const LEASE_MS = 5 * 60 * 1000;
const FIRST_RETRY_MS = 30 * 1000;
const MAX_RETRY_MS = 60 * 60 * 1000;
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
const BATCH = 10;

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export const retryDelayMs = (attempts: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);

interface Claimed {
  id: string;
  to_address: string;
  kind: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: Record<string, string> | null;
  attempts: number;
  created_at: Date | string;
}

export class MailWorker {
  private readonly loop: PollLoop;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
    pollMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.loop = new PollLoop(
      () => this.drain(),
      pollMs,
      (err) => this.log.warn({ err }, 'mail worker: sending failed'),
    );
  }

  start(): void {
    this.loop.start();
  }

  /** Mail was queued here: send it now rather than at the next poll. */
  wake(): void {
    this.loop.wake();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    this.transport.close();
  }

  /** Sends every due row (batch after batch); resolves when none is left. Tests call it directly. */
  async drain(): Promise<void> {
    for (;;) {
      const claimed = await this.claim();
      for (const row of claimed) await this.deliver(row);
      if (claimed.length < BATCH) return;
    }
  }

  private async claim(): Promise<Claimed[]> {
    const now = new Date(this.now());
    const result = await this.db.execute(sql`
      with due as (
        select id from mail_outbox
        where sent_at is null and failed_at is null and next_attempt_at <= ${now}
        order by next_attempt_at
        limit ${BATCH}
        for update skip locked
      )
      update mail_outbox m
      set next_attempt_at = ${new Date(now.getTime() + LEASE_MS)}, attempts = m.attempts + 1
      from due where m.id = due.id
      returning m.id, m.to_address, m.kind, m.subject, m.text_body, m.html_body, m.headers, m.attempts, m.created_at`);
    return (result as unknown as { rows: Claimed[] }).rows;
  }

  private async deliver(row: Claimed) {
    try {
      await this.transport.send({
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        headers: row.headers,
      });
      await this.db.execute(
        sql`update mail_outbox set sent_at = ${new Date(this.now())}, last_error = null where id = ${row.id}`,
      );
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const now = this.now();
      if (new Date(row.created_at).getTime() + GIVE_UP_AFTER_MS <= now) {
        this.log.error({ mailId: row.id, kind: row.kind, attempts: row.attempts, error }, 'mail given up');
        await this.db.execute(
          sql`update mail_outbox set failed_at = ${new Date(now)}, last_error = ${error.slice(0, 1000)} where id = ${row.id}`,
        );
        return;
      }
      this.log.warn({ mailId: row.id, kind: row.kind, attempts: row.attempts, error }, 'mail send failed');
      await this.db.execute(
        sql`update mail_outbox set next_attempt_at = ${new Date(now + retryDelayMs(row.attempts))}, last_error = ${error.slice(0, 1000)} where id = ${row.id}`,
      );
    }
  }
}
