// After the cause committed: the recipients' sockets learn their new unread counts (on every instance,
// through the bus), and devices of those with no open socket get a push (issue 27).
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { CreatedNotification } from './store.ts';

/** Users per bus event: PostgreSQL's NOTIFY payload holds 8,000 bytes. */
const USERS_PER_EVENT = 100;

/** Tells `userIds` (notifications written or read) their counts; never throws: the write has committed. */
export async function publishInbox(app: FastifyInstance, log: FastifyBaseLogger, userIds: string[]) {
  const unique = [...new Set(userIds)];
  try {
    for (let i = 0; i < unique.length; i += USERS_PER_EVENT) {
      await app.realtime.publish({ kind: 'inbox', userIds: unique.slice(i, i + USERS_PER_EVENT) });
    }
  } catch (err) {
    log.warn({ err }, 'notification count not published');
  }
}

/** The new notifications' recipients are told; then pushed to, where they chose it. */
export async function publishNotifications(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  created: CreatedNotification[],
) {
  if (created.length === 0) return;
  await publishInbox(
    app,
    log,
    created.map((n) => n.userId),
  );
  // In the background (server/push/): the caller's answer never waits for a push service.
  try {
    app.push.notify(created);
  } catch (err) {
    log.warn({ err }, 'notification pushes not queued');
  }
}
