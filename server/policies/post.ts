// Who may do what to a post (spec 001 §6, DECISIONS §5). A post is reached through its threadline: anyone
// without access to that threadline gets the same 404 as for a post that does not exist.
import { and, eq, isNull } from 'drizzle-orm';
import type { Role } from '../../common/roles.ts';
import { type LockStrength, lockTimeline } from '../commands/lock.ts';
import type { Db } from '../db/client.ts';
import { type Post, posts, timelineMembers } from '../db/schema/index.ts';
import { forbidden, HttpError, notFound } from '../http/errors.ts';
import {
  authorize,
  isUuid,
  loadTimelineAccess,
  type TimelineAccess,
  type TimelineAction,
} from './timeline.ts';

export const POST_NOT_FOUND = 'Post not found';

export interface PostAccess {
  access: TimelineAccess;
  post: Post;
}

/**
 * The post and the caller's access to its threadline, authorized for `action`. With `lock`, it must run in
 * a transaction: the threadline row is locked first and access and post are read again under the lock.
 */
export async function postAccess(
  db: Db,
  postId: string,
  userId: string,
  action: TimelineAction,
  options: { lock?: LockStrength; lockPost?: boolean } = {},
): Promise<PostAccess> {
  if (!isUuid(postId)) throw notFound(POST_NOT_FOUND);
  const [found] = await db.select({ timelineId: posts.timelineId }).from(posts).where(eq(posts.id, postId));
  if (!found) throw notFound(POST_NOT_FOUND);
  if (options.lock) await lockTimeline(db, found.timelineId, options.lock);
  let access: TimelineAccess;
  try {
    access = await loadTimelineAccess(db, found.timelineId, userId);
  } catch (err) {
    // Not theirs to see: the same answer as a post that does not exist.
    if (err instanceof HttpError && err.statusCode === 404) throw notFound(POST_NOT_FOUND);
    throw err;
  }
  authorize(access, action);
  const query = db
    .select()
    .from(posts)
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt)));
  const [post] = options.lockPost ? await query.for('update') : await query;
  if (!post) throw notFound(POST_NOT_FOUND);
  return { access, post };
}

/** The author's role in the post's threadline now, or null when they are no longer a member. */
export async function authorRole(db: Db, post: Post): Promise<Role | null> {
  const [row] = await db
    .select({ role: timelineMembers.role })
    .from(timelineMembers)
    .where(and(eq(timelineMembers.timelineId, post.timelineId), eq(timelineMembers.userId, post.authorId)));
  return (row?.role as Role | undefined) ?? null;
}

/**
 * The author, the owner (any post), and moderators (posts of participants, viewers and people who have
 * left; not the owner's or another moderator's) may delete a post.
 */
export function canDeletePost(access: TimelineAccess, post: Post, authorsRole: Role | null): boolean {
  const me = access.member;
  if (post.authorId === me.userId || me.role === 'owner') return true;
  return me.role === 'moderator' && authorsRole !== 'owner' && authorsRole !== 'moderator';
}

export function authorizeDeletePost(access: TimelineAccess, post: Post, authorsRole: Role | null) {
  if (!canDeletePost(access, post, authorsRole)) throw forbidden('You cannot delete this post');
}
