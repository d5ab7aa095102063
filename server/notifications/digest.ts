// Digests (issue 27; DECISIONS §10): each user whose `digest_due_at` has come gets, if there is anything to
// say, one mail about their threadlines since the previous digest: the most discussed new posts (reactions
// and comments) with links, counts of the other new posts by threadline, and their unread notifications of
// the kinds they chose to get "in the digest". Then the next one is scheduled a day or a week later.
//
// Only a verified address of a live account; threadlines the user can read now and did not set to "Nothing";
// posts of others (one's own are known). Users are taken one at a time, oldest due first, under their row
// lock (FOR NO KEY UPDATE SKIP LOCKED, through users_digest_due_idx): two instances never digest one user
// twice, as the one that comes second finds the next date already set.
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { personName, shownName } from '../../common/names.ts';
import {
  type DigestFrequency,
  MAIL_KIND_TYPES,
  MAIL_KINDS,
  type NotificationPrefs,
  resolvePrefs,
} from '../../common/notifications.ts';
import { previewText } from '../../common/preview.ts';
import type { Db } from '../db/client.ts';
import { notifications, type User, users } from '../db/schema/index.ts';
import { digestMail } from '../mail/notification-templates.ts';
import { queueMail } from '../mail/outbox.ts';
import type { ListItem } from '../mail/templates.ts';
import type { MailDeps } from './mail.ts';
import { mailLinks } from './mail-links.ts';
import { readableNotification } from './readable.ts';
import { hrefs } from './store.ts';

const DAY_MS = 24 * 60 * 60_000;
/** The most discussed posts a digest links to, and the threadlines its "also new" names. */
export const DIGEST_TOP_POSTS = 3;
const DIGEST_THREADLINES = 5;
/** Unread notifications a digest lists; the rest are counted. */
export const DIGEST_NOTIFICATIONS = 10;
/** A digest that failed to be written is tried again this much later (not at every poll). */
const RETRY_MS = 60 * 60_000;

export const digestPeriodMs = (frequency: Exclude<DigestFrequency, 'never'>) =>
  (frequency === 'daily' ? 1 : 7) * DAY_MS;

/** The next digest after one due at `dueAt`: a period later, or a period from now if that has passed too. */
export function nextDigestAt(dueAt: Date, periodMs: number, now: Date): Date {
  const next = dueAt.getTime() + periodMs;
  return new Date(next > now.getTime() ? next : now.getTime() + periodMs);
}

/**
 * Sends every digest due at `now`; answers how many were queued. Each user handled has their date moved on,
 * so leaves the query; one that fails is `onError`'s and is tried again an hour later.
 */
export async function sendDueDigests(
  deps: MailDeps,
  now: Date,
  onError: (err: unknown, userId: string) => void,
): Promise<number> {
  let queued = 0;
  for (;;) {
    let userId: string | undefined;
    try {
      const done = await deps.db.transaction(async (tx) => {
        const [user] = await tx
          .select()
          .from(users)
          .where(and(lte(users.digestDueAt, now), isNull(users.deletedAt)))
          .orderBy(asc(users.digestDueAt))
          .limit(1)
          .for('no key update', { skipLocked: true });
        if (!user) return null;
        userId = user.id;
        return digestUser(deps, tx, user, now);
      });
      if (done === null) return queued;
      if (done) queued++;
    } catch (err) {
      if (!userId) throw err;
      onError(err, userId);
      await deps.db
        .update(users)
        .set({ digestDueAt: new Date(now.getTime() + RETRY_MS) })
        .where(eq(users.id, userId));
    }
  }
}

/** Writes (when there is something to say) and reschedules one user's digest; true when a mail was queued. */
async function digestUser(deps: MailDeps, tx: Db, user: User, now: Date): Promise<boolean> {
  const prefs = resolvePrefs(user.notificationPrefs);
  if (prefs.digest === 'never') {
    await tx.update(users).set({ digestDueAt: null }).where(eq(users.id, user.id));
    return false;
  }
  const period = digestPeriodMs(prefs.digest);
  const dueAt = user.digestDueAt!;
  await tx
    .update(users)
    .set({ digestDueAt: nextDigestAt(dueAt, period, now) })
    .where(eq(users.id, user.id));
  if (!user.email || !user.emailVerifiedAt) return false;
  // The period that ends when this one was due: consecutive digests tile time, so nothing shows twice.
  const since = new Date(dueAt.getTime() - period);
  const content = await digestContent(tx, user.id, prefs, since, dueAt, deps.linkBase);
  if (!content) return false;
  const links = mailLinks(deps.linkBase, deps.tokens, user.id, 'digest', now.getTime());
  await queueMail(
    tx,
    user.email,
    'digest',
    digestMail({ name: shownName(user), frequency: prefs.digest, ...content, appUrl: deps.linkBase, links }),
    links.headers,
  );
  return true;
}

interface PostRow {
  id: string;
  timeline_id: string;
  timeline_name: string;
  content: string | null;
  type: string;
  displayName: string | null;
  firstName: string | null;
  lastName: string | null;
  reactions: number;
  comments: number;
}

const WHAT: Record<string, string> = {
  image: 'a photo',
  gallery: 'photos',
  video: 'a video',
  audio: 'an audio recording',
  file: 'a file',
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface DigestContent {
  topPosts: ListItem[];
  rest: string[];
  notifications: ListItem[];
  moreNotifications: number;
}

/** The digest's lists for the period [since, until), or null when there is nothing to say. */
export async function digestContent(
  db: Db,
  userId: string,
  prefs: NotificationPrefs,
  since: Date,
  until: Date,
  linkBase: string,
): Promise<DigestContent | null> {
  // Posts of others in the period, in the threadlines the user reads now and did not set to "Nothing".
  const newPosts = sql`
    from timeline_members m
    join timelines t on t.id = m.timeline_id
    join posts p on p.timeline_id = m.timeline_id
    where m.user_id = ${userId} and m.notify_level <> 'none'
      and t.deleted_at is null and (t.archived_at is null or m.role = 'owner')
      and p.created_at >= ${since} and p.created_at < ${until}
      and p.deleted_at is null and p.author_id <> ${userId}`;
  const byThreadline = rowsOf<{ id: string; name: string; posts: number }>(
    await db.execute(sql`
      select t.id, t.name, count(*)::int as posts ${newPosts}
      group by t.id, t.name
      order by posts desc, t.name`),
  );
  const top =
    byThreadline.length === 0
      ? []
      : rowsOf<PostRow>(
          await db.execute(sql`
            select ranked.*, a.display_name as "displayName", a.first_name as "firstName", a.last_name as "lastName" from (
              select p.id, p.timeline_id, t.name as timeline_name, p.content, p.type, p.created_at, p.author_id,
                (select count(*)::int from reactions r where r.post_id = p.id) as reactions,
                (select count(*)::int from comments c where c.post_id = p.id and c.deleted_at is null) as comments
              ${newPosts}
            ) ranked
            join users a on a.id = ranked.author_id
            order by ranked.reactions + ranked.comments desc, ranked.created_at desc
            limit ${DIGEST_TOP_POSTS}`),
        );
  const unread = await digestNotifications(db, userId, prefs, since, until);
  if (top.length === 0 && unread.length === 0) return null;

  const topPosts = top.map((p) => ({
    text: `${personName(p)} in ${p.timeline_name}: ${postWords(p)}`,
    note: `${plural(p.reactions, 'reaction', 'reactions')} · ${plural(p.comments, 'comment', 'comments')}`,
    url: `${linkBase}${hrefs.post(p.timeline_id, p.id)}`,
  }));
  // The other new posts, counted per threadline (the busiest few named).
  const others = byThreadline
    .map((t) => ({ ...t, posts: t.posts - top.filter((p) => p.timeline_id === t.id).length }))
    .filter((t) => t.posts > 0);
  const named = others.slice(0, DIGEST_THREADLINES);
  const unnamed = others.slice(DIGEST_THREADLINES);
  const rest = named.map((t) => `${plural(t.posts, 'more post', 'more posts')} in ${t.name}`);
  if (unnamed.length > 0) {
    const posts = unnamed.reduce((sum, t) => sum + t.posts, 0);
    rest.push(
      `${plural(posts, 'more post', 'more posts')} in ${plural(unnamed.length, 'other threadline', 'other threadlines')}`,
    );
  }
  const total = unread[0]?.total ?? 0;
  return {
    topPosts,
    rest,
    notifications: unread.map((n) => ({ text: n.text, url: `${linkBase}${n.href}` })),
    moreNotifications: Math.max(0, total - unread.length),
  };
}

/** A post's words in a line: the start of its text, else what it holds ("a photo"). */
function postWords(p: PostRow): string {
  const line = p.content?.replace(/\s+/g, ' ').trim();
  return line ? `“${previewText(line, 100)}”` : (WHAT[p.type] ?? 'a post');
}

/** Unread notifications of the period, of the kinds set to "in the digest", that the user may still read. */
async function digestNotifications(
  db: Db,
  userId: string,
  prefs: NotificationPrefs,
  since: Date,
  until: Date,
) {
  const types = MAIL_KINDS.filter((kind) => prefs.email[kind] === 'digest').flatMap(
    (k) => MAIL_KIND_TYPES[k],
  );
  if (types.length === 0) return [];
  const n = notifications;
  return db
    .select({ text: n.text, href: n.href, total: sql<number>`(count(*) over ())::int` })
    .from(n)
    .where(
      and(
        eq(n.userId, userId),
        isNull(n.readAt),
        inArray(n.type, types),
        gte(n.createdAt, since),
        lt(n.createdAt, until),
        readableNotification(),
      ),
    )
    .orderBy(desc(n.createdAt), desc(n.id))
    .limit(DIGEST_NOTIFICATIONS);
}
