// Web Push (issue 27): `app.push` holds the VAPID public key browsers subscribe with and sends pushes for new
// notifications in the background (server/notifications/publish.ts calls `notify`).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { CreatedNotification } from '../notifications/store.ts';
import type { VapidKeys } from './keys.ts';
import { queuePushes } from './notify.ts';
import { PushSender } from './sender.ts';

export interface Push {
  /** The VAPID public key (base64url): the applicationServerKey browsers subscribe with. */
  publicKey: string;
  /** Queues pushes for these new notifications; returns at once, never throws. */
  notify(created: CreatedNotification[]): void;
  /** Resolves once every queued push has been sent or has failed (tests; shutdown). */
  settled(): Promise<void>;
  sender: PushSender;
}

declare module 'fastify' {
  interface FastifyInstance {
    push: Push;
  }
}

export const pushPlugin = fp(
  async (app: FastifyInstance, opts: { keys: VapidKeys }) => {
    const sender = new PushSender({
      db: app.db,
      log: app.log,
      keys: opts.keys,
      subject: app.config.push.subject,
      rules: { hosts: app.config.push.endpointHosts, allowHttpLoopback: app.config.push.allowHttpLoopback },
    });
    const deps = { db: app.db, registry: app.realtimeHub.registry };
    app.decorate('push', {
      publicKey: opts.keys.publicKey,
      notify: (created) => queuePushes(sender, deps, created),
      settled: () => sender.settled(),
      sender,
    } satisfies Push);
    // Pushes under way finish (each within its timeout) before the database closes.
    app.addHook('onClose', async () => {
      await sender.close();
    });
  },
  { name: 'push', dependencies: ['realtime'] },
);
