// Bus events from the admin command line to every running instance, through the bus they listen on
// (REALTIME_BUS): how `users disable` and `sessions revoke` close the ended sessions' sockets at once.
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { BusEvent, EventBus } from '../realtime/types.ts';

/**
 * Publishes `events` (after the change they announce has committed). The embedded database has no other
 * instance, and no server runs beside the command. Throws when the bus cannot be reached; the change
 * stands and the instances' session check (every minute) closes the sockets instead.
 */
export async function publishToInstances(config: Config, database: Database, events: BusEvent[]) {
  if (events.length === 0 || database.kind !== 'postgres' || !database.url) return;
  // Loaded here: every other command starts without them (a command line starts a process each time).
  const log = (await import('pino')).default({ level: 'silent' });
  const { bus: kind, redisUrl, redisChannel } = config.realtime;
  const bus: EventBus =
    kind === 'redis' && redisUrl
      ? await (await import('../realtime/bus-redis.ts')).RedisBus.start({
          url: redisUrl,
          channel: redisChannel,
          log,
        })
      : await (await import('../realtime/bus-postgres.ts')).PostgresBus.start({
          url: database.url,
          db: database.db,
          log,
        });
  try {
    for (const event of events) await bus.publish(event);
  } finally {
    await bus.close();
  }
}

/** The session events that close the sockets of these ended sessions (their stored keys). */
export const sessionEvents = (sids: string[]): BusEvent[] => sids.map((sid) => ({ kind: 'session', sid }));
