// Which new notifications become pushes (issue 27; DECISIONS §10): the kinds the user gets by e-mail
// "immediately", for users with no socket open anywhere (someone at their screen sees the bell instead), to
// each of their devices.
import { and, inArray, isNull } from 'drizzle-orm';
import { mailKindOf, resolvePrefs } from '../../common/notifications.ts';
import type { Db } from '../db/client.ts';
import { pushSubscriptions, users } from '../db/schema/index.ts';
import type { CreatedNotification } from '../notifications/store.ts';
import type { SocketRegistry } from '../realtime/types.ts';
import type { PushSender } from './sender.ts';

export interface PushRecipientsDeps {
  db: Db;
  registry: Pick<SocketRegistry, 'connectedUsers'>;
}

/** The notifications of `created` that are pushed, and to which devices. */
export async function pushTargets({ db, registry }: PushRecipientsDeps, created: CreatedNotification[]) {
  const kinded = created.filter((n) => mailKindOf(n.type) !== null);
  if (kinded.length === 0) return [];
  // Devices first: most people have none, and then nothing else is read.
  const devices = await db
    .select({
      id: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...new Set(kinded.map((n) => n.userId))]));
  if (devices.length === 0) return [];
  const owners = [...new Set(devices.map((d) => d.userId))];
  const people = await db
    .select({ id: users.id, prefs: users.notificationPrefs })
    .from(users)
    .where(and(inArray(users.id, owners), isNull(users.deletedAt)));
  const prefsOf = new Map(people.map((p) => [p.id, resolvePrefs(p.prefs)]));
  const wanted = kinded.filter((n) => prefsOf.get(n.userId)?.email[mailKindOf(n.type)!] === 'immediately');
  if (wanted.length === 0) return [];
  const connected = await registry.connectedUsers([...new Set(wanted.map((n) => n.userId))]);
  return wanted
    .filter((n) => !connected.has(n.userId))
    .flatMap((n) =>
      devices.filter((d) => d.userId === n.userId).map((device) => ({ device, notification: n })),
    );
}

/** Looks the recipients up and queues their pushes, all in the background: the caller's answer never waits. */
export function queuePushes(sender: PushSender, deps: PushRecipientsDeps, created: CreatedNotification[]) {
  if (!created.some((n) => mailKindOf(n.type) !== null)) return;
  sender.enqueue(async () => {
    for (const { device, notification } of await pushTargets(deps, created)) {
      sender.push(device, { text: notification.text, href: notification.href });
    }
  });
}
