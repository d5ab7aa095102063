// The notification mail plugin (issue 27): `app.notificationMail.tokens` signs and checks unsubscribe links
// (server/routes/unsubscribe.ts); the worker (notification mail, digests, pruning) runs where AppDeps asks,
// with the mail worker in production.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { linkBase } from '../config.ts';
import { NotificationMailWorker } from './mail-worker.ts';
import { UnsubscribeTokens } from './unsubscribe-tokens.ts';

export interface NotificationMail {
  worker: NotificationMailWorker;
  tokens: UnsubscribeTokens;
}

declare module 'fastify' {
  interface FastifyInstance {
    notificationMail: NotificationMail;
  }
}

export const notificationMailPlugin = fp(
  async (app: FastifyInstance, opts: { run: boolean; secret: string }) => {
    const tokens = new UnsubscribeTokens(opts.secret);
    const worker = new NotificationMailWorker({
      db: app.db,
      tokens,
      log: app.log,
      linkBase: linkBase(app.config),
      mailQueued: () => app.mail.wake(),
    });
    app.decorate('notificationMail', { worker, tokens } satisfies NotificationMail);
    if (opts.run) app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  },
  { name: 'notification-mail', dependencies: ['mail'] },
);
