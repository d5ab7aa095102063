// The mail plugin: `app.mail.wake()` after a transaction that queued mail commits, `app.mail.later()` for
// work that must not make the answer wait (or show in its timing). The worker runs where AppDeps asks.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailTransport, type MailTransport } from './transport.ts';
import { MailWorker } from './worker.ts';

export interface Mail {
  worker: MailWorker;
  /** Sends what was just queued now, not at the next poll (when this instance runs the worker). */
  wake(): void;
  /** Runs `work` after the answer went out; logged if it fails, awaited when the app closes. */
  later(work: () => Promise<void>): void;
  /** Resolves when every `later` task started so far has finished (tests that compare tables). */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mail;
  }
}

export const mailPlugin = fp(
  async (app: FastifyInstance, opts: { run: boolean; transport?: MailTransport }) => {
    const transport = opts.transport ?? createMailTransport(app.config, app.log);
    const worker = new MailWorker(app.db, transport, app.log, app.config.mail.pollMs);
    const pending = new Set<Promise<void>>();
    app.decorate('mail', {
      worker,
      wake: () => {
        if (opts.run) worker.wake();
      },
      later: (work) => {
        const task = new Promise<void>((resolve) => setImmediate(resolve))
          .then(work)
          .catch((err) => app.log.error({ err }, 'background work after an answer failed'))
          .finally(() => pending.delete(task));
        pending.add(task);
      },
      settled: async () => {
        await Promise.all(pending);
      },
    } satisfies Mail);
    if (opts.run) app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => {
      await Promise.all(pending);
      await worker.stop();
    });
  },
  { name: 'mail' },
);
