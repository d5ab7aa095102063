// Real-time: the /ws socket, the hub that tracks sockets and subscriptions, and the event bus between
// instances. Routes publish with `app.realtime.publish(event)` after their transaction commits.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import type { Realtime } from './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export const realtimePlugin = fp(
  async (app: FastifyInstance, _opts: { database: Database }) => {
    // Placeholder until the hub lands: events go nowhere.
    app.decorate('realtime', { publish: async () => {} } satisfies Realtime);
  },
  { name: 'realtime', dependencies: ['auth'] },
);
