// Mailing notifications still unread after NOTIFICATIONS.mailDelayMs (issue 27; DECISIONS §10). A user's
// due notifications go out together: one mail per kind (each with the one-click unsubscribe of its kind),
// several messages of one conversation as one line. Only to a verified address of a live account, only what
// the user may still read at send time, only kinds set to 'immediately' ('digest' ones wait for the digest,
// 'never' ones for nobody); every due one leaves the queue (mail_after cleared) in the transaction that
// queues its mail, so it is considered once.
//
// A user's mail waits for a quiet moment: until every pending notification of theirs is due, so a burst of
// messages makes one mail, yet never more than another mailDelayMs after the first was due. Users are taken
// one at a time under their row lock (FOR NO KEY UPDATE SKIP LOCKED): two instances never mail one user at
// once, and the second finds the notifications already handled. NO KEY UPDATE: a notification's insert (its
// foreign key takes KEY SHARE on the user) never waits on it.
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { DELETED_USER_NAME, personName, shownName } from '../../common/names.ts';
import {
  type MailKind,
  mailKindOf,
  NOTIFICATIONS,
  type NotificationType,
  resolvePrefs,
} from '../../common/notifications.ts';
import { previewText } from '../../common/preview.ts';
import type { Db } from '../db/client.ts';
import { notifications, users } from '../db/schema/index.ts';
import { notificationMail } from '../mail/notification-templates.ts';
import { queueMail } from '../mail/outbox.ts';
import type { ListItem } from '../mail/templates.ts';
import { mailLinks } from './mail-links.ts';
import { readableNotification } from './readable.ts';
import type { UnsubscribeTokens } from './unsubscribe-tokens.ts';

export interface MailDeps {
  db: Db;
  tokens: UnsubscribeTokens;
  /** Where mailed links point (PUBLIC_URL). */
  linkBase: string;
}

/** Users looked at per query. */
const USERS_PER_ROUND = 50;
/** Lines one mail lists; the rest are counted. */
export const MAX_LINES = 10;
const SUBJECT_CHARS = 120;

/**
 * Users whose notifications are due at `now`, oldest first: every pending one of theirs is due (none still
 * in its 10 minutes), or the oldest has waited another mailDelayMs on top.
 */
async function dueUsers(db: Db, now: Date, skip: Set<string>): Promise<string[]> {
  const capped = new Date(now.getTime() - NOTIFICATIONS.mailDelayMs);
  const skipped =
    skip.size > 0
      ? sql`and n.user_id not in (${sql.join(
          [...skip].map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql``;
  const result = await db.execute(sql`
    select n.user_id from notifications n
    where n.mail_after <= ${now} ${skipped}
    group by n.user_id
    having min(n.mail_after) <= ${capped} or not exists (
      select 1 from notifications later where later.user_id = n.user_id and later.mail_after > ${now}
    )
    order by min(n.mail_after)
    limit ${USERS_PER_ROUND}`);
  return (result as unknown as { rows: { user_id: string }[] }).rows.map((r) => r.user_id);
}

interface Claimed {
  id: string;
  type: NotificationType;
  actorId: string | null;
  conversationId: string | null;
  text: string;
  href: string;
  readAt: Date | null;
  createdAt: Date;
  readable: boolean;
}

/**
 * Mails every user whose notifications are due at `now`; answers how many mails were queued. A failure for
 * one user is logged by `onError` and leaves their notifications due for the next run.
 */
export async function mailDueNotifications(
  deps: MailDeps,
  now: Date,
  onError: (err: unknown, userId: string) => void,
): Promise<number> {
  // Users handled leave the queue by themselves; those another instance holds, or that failed, are skipped.
  const skip = new Set<string>();
  let queued = 0;
  for (;;) {
    const due = await dueUsers(deps.db, now, skip);
    for (const userId of due) {
      try {
        const mailed = await mailUser(deps, userId, now);
        if (mailed === null) skip.add(userId);
        else queued += mailed;
      } catch (err) {
        skip.add(userId);
        onError(err, userId);
      }
    }
    if (due.length < USERS_PER_ROUND) return queued;
  }
}

/** One user's due notifications, in one transaction: the mails queued, or null when another instance has the user. */
async function mailUser(deps: MailDeps, userId: string, now: Date): Promise<number | null> {
  return deps.db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(eq(users.id, userId))
      .for('no key update', { skipLocked: true });
    if (!user) return null;
    const n = notifications;
    const claimed = (await tx
      .update(n)
      .set({ mailAfter: null })
      .where(and(eq(n.userId, userId), lte(n.mailAfter, now)))
      .returning({
        id: n.id,
        type: n.type,
        actorId: n.actorId,
        conversationId: n.conversationId,
        text: n.text,
        href: n.href,
        readAt: n.readAt,
        createdAt: n.createdAt,
        readable: sql<boolean>`${readableNotification()}`,
      })) as Claimed[];
    const address = !user.deletedAt && user.emailVerifiedAt ? user.email : null;
    if (!address) return 0;
    const prefs = resolvePrefs(user.notificationPrefs);
    const byKind = new Map<MailKind, Claimed[]>();
    for (const row of claimed) {
      const kind = mailKindOf(row.type);
      if (row.readAt || !row.readable || !kind || prefs.email[kind] !== 'immediately') continue;
      byKind.set(kind, [...(byKind.get(kind) ?? []), row]);
    }
    if (byKind.size === 0) return 0;
    const actors = await actorNames(
      tx,
      claimed.map((r) => r.actorId),
    );
    for (const [kind, rows] of byKind) {
      const links = mailLinks(deps.linkBase, deps.tokens, userId, kind, now.getTime());
      const { subject, items } = compose(kind, rows, actors, deps.linkBase);
      const content = notificationMail({
        name: shownName(user),
        kind,
        subject,
        items: items.slice(0, MAX_LINES),
        more: Math.max(0, items.length - MAX_LINES),
        appUrl: deps.linkBase,
        links,
      });
      await queueMail(tx, address, 'notification', content, links.headers);
    }
    return byKind.size;
  });
}

async function actorNames(db: Db, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((u) => [u.id, u.deletedAt ? DELETED_USER_NAME : personName(u)]));
}

const newestFirst = (a: Claimed, b: Claimed) => b.createdAt.getTime() - a.createdAt.getTime();
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The subject and the lines of one kind's mail, newest first. */
function compose(
  kind: MailKind,
  rows: Claimed[],
  actors: Map<string, string>,
  linkBase: string,
): { subject: string; items: ListItem[] } {
  const sorted = [...rows].sort(newestFirst);
  if (kind === 'messages') return composeMessages(sorted, actors, linkBase);
  const items = sorted.map((r) => ({ text: r.text, url: `${linkBase}${r.href}` }));
  const many: Record<Exclude<MailKind, 'messages'>, string> = {
    mentions: `${rows.length} new mentions and replies`,
    joinRequests: `${rows.length} new requests to join your threadlines`,
    requestOutcomes: `${rows.length} answers to your join requests`,
  };
  const subject = rows.length === 1 ? previewText(sorted[0]!.text, SUBJECT_CHARS) : many[kind];
  return { subject, items };
}

/** Messages by conversation: one line each ("3 new messages from Ada in one conversation"). */
function composeMessages(sorted: Claimed[], actors: Map<string, string>, linkBase: string) {
  const groups = new Map<string, Claimed[]>();
  for (const row of sorted) {
    const key = row.conversationId ?? row.id;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const from = (row: Claimed) => (row.actorId && actors.get(row.actorId)) || DELETED_USER_NAME;
  const items = [...groups.values()].map((group) => {
    const latest = group[0]!;
    return group.length === 1
      ? { text: latest.text, url: `${linkBase}${latest.href}` }
      : {
          text: `${group.length} new messages from ${from(latest)} in one conversation`,
          note: `Latest: ${latest.text}`,
          url: `${linkBase}${latest.href}`,
        };
  });
  const first = [...groups.values()][0]!;
  const subject =
    groups.size === 1
      ? first.length === 1
        ? `New message from ${from(first[0]!)}`
        : `${first.length} new messages from ${from(first[0]!)}`
      : `${plural(sorted.length, 'new message', 'new messages')} in ${groups.size} conversations`;
  return { subject, items };
}
