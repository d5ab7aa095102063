// The notification mail worker (issue 27; DECISIONS §10), one per instance where the mail worker runs: every
// poll it mails notifications still unread after their delay and sends the digests that are due; once an
// hour it prunes old read notifications. What it queues goes out through the mail outbox (its own worker);
// two instances never mail one thing twice (server/notifications/mail.ts, digest.ts). The clock is
// injectable, so tests move time past the 10-minute delay instead of waiting for it.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { PollLoop } from '../ops/poll-loop.ts';
import { sendDueDigests } from './digest.ts';
import { mailDueNotifications } from './mail.ts';
import { pruneReadNotifications } from './prune.ts';
import type { UnsubscribeTokens } from './unsubscribe-tokens.ts';

const POLL_MS = 30_000;
const PRUNE_EVERY_MS = 60 * 60_000;

export interface NotificationMailOptions {
  db: Db;
  tokens: UnsubscribeTokens;
  log: FastifyBaseLogger;
  /** Where mailed links point (PUBLIC_URL). */
  linkBase: string;
  /** Mail was queued (app.mail.wake): it goes out now, not at the mail worker's next poll. */
  mailQueued?: () => void;
  pollMs?: number;
  now?: () => number;
}

export class NotificationMailWorker {
  private readonly loop: PollLoop;
  private readonly now: () => number;
  private lastPrune: number | undefined;

  constructor(private readonly options: NotificationMailOptions) {
    this.now = options.now ?? Date.now;
    this.loop = new PollLoop(
      () => this.drain().then(() => {}),
      options.pollMs ?? POLL_MS,
      (err) => options.log.warn({ err }, 'notification mail worker: a run failed'),
    );
  }

  start(): void {
    this.loop.start();
  }

  /** Runs now rather than at the next poll (tests of the running app; nothing in the app needs it). */
  wake(): void {
    this.loop.wake();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** One run: due notification mail, due digests, and the prune when an hour has passed. Tests call it. */
  async drain(): Promise<{ mails: number; digests: number; pruned: number }> {
    const mails = await this.mailDue();
    const digests = await this.sendDigests();
    const now = this.now();
    let pruned = 0;
    if (this.lastPrune === undefined || now - this.lastPrune >= PRUNE_EVERY_MS) {
      pruned = await this.prune();
      this.lastPrune = now;
    }
    return { mails, digests, pruned };
  }

  /** Notifications due for mail at this moment; answers the mails queued. */
  async mailDue(): Promise<number> {
    const queued = await mailDueNotifications(this.options, new Date(this.now()), (err, userId) =>
      this.options.log.error({ err, userId }, 'notification mail failed'),
    );
    if (queued > 0) this.options.mailQueued?.();
    return queued;
  }

  /** Digests due at this moment; answers the mails queued. */
  async sendDigests(): Promise<number> {
    const queued = await sendDueDigests(this.options, new Date(this.now()), (err, userId) =>
      this.options.log.error({ err, userId }, 'digest failed; tried again in an hour'),
    );
    if (queued > 0) this.options.mailQueued?.();
    return queued;
  }

  /** Read notifications past NOTIFICATIONS.pruneAfterMs at this moment; answers how many were deleted. */
  async prune(): Promise<number> {
    const pruned = await pruneReadNotifications(this.options.db, new Date(this.now()));
    if (pruned > 0) this.options.log.info({ pruned }, 'old read notifications pruned');
    return pruned;
  }
}
