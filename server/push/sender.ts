// Sends Web Push messages (RFC 8030) in the background: `web-push` encrypts the payload (aes128gcm, RFC 8291)
// and signs the VAPID JWT (RFC 8292); the request itself goes through fetch, which follows no redirect and
// gives up after a timeout. A bounded number of pushes run at once; a request's failure is logged, and a device
// the push service says is gone (404/410) is removed.
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Db } from '../db/client.ts';
import { pushSubscriptions } from '../db/schema/index.ts';
import { type EndpointRules, endpointProblem } from './endpoint.ts';
import type { VapidKeys } from './keys.ts';

/** All a push carries: it transits the push service, so nothing more than the notification's text and link. */
export interface PushPayload {
  text: string;
  href: string;
}

export interface PushDevice {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushOutcome = 'sent' | 'gone' | 'failed';

export interface PushSenderOptions {
  db: Db;
  log: FastifyBaseLogger;
  keys: VapidKeys;
  subject: string;
  rules: EndpointRules;
  /** Pushes (and recipient look-ups) running at once. */
  concurrency?: number;
  /** A push service silent this long is given up. */
  timeoutMs?: number;
  /** Tasks waiting beyond this are dropped (and logged): a burst must not grow memory without end. */
  maxQueued?: number;
}

/** How long a push service keeps a message for a device that is offline: a day-old notification is stale. */
const TTL_SECONDS = 24 * 60 * 60;

export class PushSender {
  private readonly queue: (() => Promise<void>)[] = [];
  private running = 0;
  private idleWaiters: (() => void)[] = [];
  private closed = false;
  private readonly concurrency: number;
  private readonly timeoutMs: number;
  private readonly maxQueued: number;

  constructor(private readonly opts: PushSenderOptions) {
    this.concurrency = opts.concurrency ?? 8;
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.maxQueued = opts.maxQueued ?? 10_000;
  }

  get publicKey(): string {
    return this.opts.keys.publicKey;
  }

  /** Runs `task` in the background, after those queued before it; its errors are logged. */
  enqueue(task: () => Promise<void>): void {
    if (this.closed) return;
    if (this.queue.length >= this.maxQueued) {
      this.opts.log.warn('push: queue full, a push task was dropped');
      return;
    }
    this.queue.push(task);
    this.pump();
  }

  /** Queues one push to one device. */
  push(device: PushDevice, payload: PushPayload): void {
    this.enqueue(async () => {
      await this.send(device, payload);
    });
  }

  /** Resolves once nothing is queued or running (tests wait on it instead of sleeping; shutdown too). */
  settled(): Promise<void> {
    if (this.running === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Takes no more tasks and waits (at most `waitMs`) for those queued and running. */
  async close(waitMs = this.timeoutMs): Promise<void> {
    this.closed = true;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.settled(),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, waitMs);
      }),
    ]);
    clearTimeout(timer);
    this.queue.length = 0;
  }

  private pump() {
    while (this.running < this.concurrency && this.queue.length > 0) {
      const task = this.queue.shift()!;
      this.running++;
      void task()
        .catch((err) => this.opts.log.error({ err }, 'push: task failed'))
        .finally(() => {
          this.running--;
          this.pump();
          if (this.running === 0 && this.queue.length === 0) {
            const waiters = this.idleWaiters;
            this.idleWaiters = [];
            for (const resolve of waiters) resolve();
          }
        });
    }
  }

  /** One push, now. A device the push service no longer knows (404, 410) is removed. */
  async send(device: PushDevice, payload: PushPayload): Promise<PushOutcome> {
    const host = hostOf(device.endpoint);
    // Checked again: PUSH_ENDPOINT_HOSTS may have changed since the device was stored.
    const problem = endpointProblem(device.endpoint, this.opts.rules);
    if (problem) {
      this.opts.log.warn({ host }, `push: not sent (${problem})`);
      return 'failed';
    }
    let status: number;
    try {
      const details = webpush.generateRequestDetails(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify({ text: payload.text, href: payload.href } satisfies PushPayload),
        {
          vapidDetails: { subject: this.opts.subject, ...this.opts.keys },
          contentEncoding: 'aes128gcm',
          TTL: TTL_SECONDS,
          urgency: 'normal',
        },
      );
      const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
      const res = await fetch(details.endpoint, {
        method: 'POST',
        headers,
        body: new Uint8Array(details.body),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = res.status;
      // Read to the end (at most a few bytes): the connection goes back to the pool.
      await res.arrayBuffer().catch(() => undefined);
    } catch (err) {
      this.opts.log.warn({ err, host }, 'push: request failed');
      return 'failed';
    }
    if (status >= 200 && status < 300) return 'sent';
    if (status === 404 || status === 410) {
      await this.opts.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      this.opts.log.info({ host, status }, 'push: device gone, removed');
      return 'gone';
    }
    this.opts.log.warn({ host, status }, 'push: refused by the push service');
    return 'failed';
  }
}

/** The endpoint's host, for logs: its path identifies the device and is a secret of sorts. */
function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'invalid';
  }
}
