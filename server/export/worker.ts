// Builds the data exports of large accounts (issue 26; DECISIONS §10). Each instance runs one, one job at a
// time. A due job is claimed with FOR UPDATE SKIP LOCKED and leased (status building, next_attempt_at pushed
// past the lease, attempts + 1) in one statement, so two instances never build one job at once; the lease is
// renewed while the ZIP is written, and one that runs out (its instance died) lets another instance take the
// job over. The ZIP streams from the database and the object store straight into the object store, never
// whole in memory, at a key of its own attempt; the job turns ready in the transaction that queues the mail
// with its link. A failed build is tried again after 1, then 2 minutes; the third failure gives it up with a
// log line. Stopping (the app closing) abandons the build in progress and hands the job back untouched.
import type { Readable } from 'node:stream';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DATA_EXPORT } from '../../common/limits.ts';
import { shownName } from '../../common/names.ts';
import type { Db } from '../db/client.ts';
import { dataExports, users } from '../db/schema/index.ts';
import { queueMail } from '../mail/outbox.ts';
import { exportReadyMail } from '../mail/templates.ts';
import { PollLoop } from '../ops/poll-loop.ts';
import { exportKey } from '../storage/keys.ts';
import type { ObjectStore } from '../storage/types.ts';
import { exportArchive } from './archive.ts';

const LEASE_MS = 10 * 60 * 1000;
const RENEW_MS = LEASE_MS / 4;
const POLL_MS = 30 * 1000;
const FIRST_RETRY_MS = 60 * 1000;
export const MAX_ATTEMPTS = 3;

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export const retryDelayMs = (attempts: number) => FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1);

/**
 * The link a ready mail carries: the profile, which offers GET /api/me/exports/{id} (its owner only). An app
 * page, not the API's address, so a reader signed out on that device signs in first and comes back to it.
 */
export const exportLink = (linkBase: string, id: string) => `${linkBase}/profile?export=${id}`;

export interface ExportWorkerOptions {
  db: Db;
  store: ObjectStore;
  log: FastifyBaseLogger;
  /** Where mailed links point (PUBLIC_URL). */
  linkBase: string;
  /** A ready mail was queued (app.mail.wake). */
  mailQueued?: () => void;
  pollMs?: number;
  now?: () => number;
}

interface Claimed {
  id: string;
  user_id: string;
  /** This claim's number: the lease's token. */
  attempts: number;
}

class Stopping extends Error {
  override name = 'Stopping';
}

export class ExportWorker {
  private readonly loop: PollLoop;
  /** The archive being written, destroyed to abandon its build. */
  private current: Readable | undefined;
  private readonly now: () => number;

  constructor(private readonly options: ExportWorkerOptions) {
    this.now = options.now ?? Date.now;
    this.loop = new PollLoop(
      () => this.drain(),
      options.pollMs ?? POLL_MS,
      (err) => options.log.warn({ err }, 'export worker: building failed'),
    );
  }

  start(): void {
    this.loop.start();
  }

  /** A job was queued here: build it now rather than at the next poll. */
  wake(): void {
    this.loop.wake();
  }

  async stop(): Promise<void> {
    const stopping = this.loop.stop();
    this.current?.destroy(new Stopping('the app is closing'));
    await stopping;
  }

  /** Builds every due job, one after another; resolves when none is left. Tests call it directly. */
  async drain(): Promise<void> {
    while (!this.loop.stopped) {
      const job = await this.claim();
      if (!job) return;
      await this.build(job);
    }
  }

  private async claim(): Promise<Claimed | undefined> {
    const now = this.now();
    const result = await this.options.db.execute(sql`
      with due as (
        select id from data_exports
        where status in ('queued', 'building') and next_attempt_at <= ${new Date(now)}
        order by next_attempt_at
        limit 1
        for update skip locked
      )
      update data_exports d
      set status = 'building', attempts = d.attempts + 1, next_attempt_at = ${new Date(now + LEASE_MS)}
      from due where d.id = due.id
      returning d.id, d.user_id, d.attempts`);
    return (result as unknown as { rows: Claimed[] }).rows[0];
  }

  /** This claim's row, while it still holds the lease. */
  private mine(job: Claimed) {
    return and(
      eq(dataExports.id, job.id),
      eq(dataExports.status, 'building'),
      eq(dataExports.attempts, job.attempts),
    );
  }

  private async build(job: Claimed) {
    const { db, store, log } = this.options;
    if (job.attempts > MAX_ATTEMPTS) {
      // The last attempt's instance died while building.
      await this.giveUp(job, 'the build did not finish');
      return;
    }
    const [user] = await db.select().from(users).where(eq(users.id, job.user_id));
    if (!user || user.deletedAt) {
      await db.delete(dataExports).where(eq(dataExports.id, job.id));
      return;
    }
    const key = exportKey(job.id, job.attempts);
    const archive = exportArchive(db, store, user);
    this.current = archive;
    const renew = setInterval(() => {
      this.renew(job).then(
        (held) => {
          // Taken over (this instance stalled past its lease) or removed: stop writing for nothing.
          if (!held) archive.destroy(new Error('the export was taken over or removed'));
        },
        (err) => log.warn({ err, exportId: job.id }, 'export lease renewal failed'),
      );
    }, RENEW_MS);
    renew.unref();
    try {
      const stored = await store.put(key, archive, { contentType: 'application/zip' });
      if (!(await this.finish(job, key, stored.size))) await store.delete(key);
    } catch (err) {
      // Whatever failed, the archive stops reading (a store that refused never consumed it).
      archive.destroy();
      await store.delete(key).catch(() => {});
      await this.failed(job, err);
    } finally {
      clearInterval(renew);
      this.current = undefined;
    }
  }

  private async renew(job: Claimed): Promise<boolean> {
    const held = await this.options.db
      .update(dataExports)
      .set({ nextAttemptAt: new Date(this.now() + LEASE_MS) })
      .where(this.mine(job))
      .returning({ id: dataExports.id });
    return held.length > 0;
  }

  /**
   * Ready, with the mail queued in the same transaction. False when the job is no longer this claim's (taken
   * over, or removed with a deleted account) or its user was deleted meanwhile: the caller removes the ZIP.
   */
  private async finish(job: Claimed, key: string, size: number): Promise<boolean> {
    const now = new Date(this.now());
    const expiresAt = new Date(now.getTime() + DATA_EXPORT.offeredForMs);
    const ready = await this.options.db.transaction(async (tx) => {
      // Shared: an account deletion (FOR NO KEY UPDATE on the row) commits before this reads it, or after
      // this has committed (then the sweep removes the export).
      const [user] = await tx.select().from(users).where(eq(users.id, job.user_id)).for('share');
      const marked = await tx
        .update(dataExports)
        .set({ status: 'ready', readyAt: now, expiresAt, objectKey: key, size, lastError: null })
        .where(this.mine(job))
        .returning({ id: dataExports.id });
      if (marked.length === 0) return false;
      if (!user || user.deletedAt) {
        await tx.delete(dataExports).where(eq(dataExports.id, job.id));
        return false;
      }
      // An older export still offered is superseded: its link now says it expired, the sweep removes it.
      await tx
        .update(dataExports)
        .set({ expiresAt: now })
        .where(
          and(
            eq(dataExports.userId, job.user_id),
            eq(dataExports.status, 'ready'),
            ne(dataExports.id, job.id),
            gt(dataExports.expiresAt, now),
          ),
        );
      if (user.email) {
        const link = exportLink(this.options.linkBase, job.id);
        await queueMail(
          tx,
          user.email,
          'export_ready',
          exportReadyMail({ name: shownName(user), link, expiresAt }),
        );
      }
      return true;
    });
    if (ready) this.options.mailQueued?.();
    return ready;
  }

  private async failed(job: Claimed, err: unknown) {
    const { db, log } = this.options;
    if (err instanceof Stopping) {
      // Not the job's fault: due again at once, for this instance once it is back or for another one.
      await db
        .update(dataExports)
        .set({ status: 'queued', attempts: job.attempts - 1, nextAttemptAt: new Date(this.now()) })
        .where(this.mine(job));
      return;
    }
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
    if (job.attempts >= MAX_ATTEMPTS) {
      await this.giveUp(job, error);
      return;
    }
    log.warn({ exportId: job.id, attempts: job.attempts, error }, 'data export failed');
    await db
      .update(dataExports)
      .set({
        status: 'queued',
        nextAttemptAt: new Date(this.now() + retryDelayMs(job.attempts)),
        lastError: error,
      })
      .where(this.mine(job));
  }

  private async giveUp(job: Claimed, error: string) {
    this.options.log.error({ exportId: job.id, attempts: job.attempts, error }, 'data export given up');
    await this.options.db
      .update(dataExports)
      .set({ status: 'failed', lastError: error })
      .where(this.mine(job));
  }
}
