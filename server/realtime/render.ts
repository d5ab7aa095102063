// Bus event (ids) -> the socket message every recipient gets (common/realtime.ts EventDataMap). Each hub
// renders an event once, with the REST queries and presenters, and sends the same text to every recipient:
// nothing in it depends on who reads it, so authors' e-mail addresses are always left out and `myReactions`
// is empty. Something that vanished before it was rendered (a post deleted at once) renders to null. A new
// post's own instance skips this: its route builds the message from its transaction's rows (newPostMessage).
import { and, count, eq } from 'drizzle-orm';
import { personName } from '../../common/names.ts';
import { previewText } from '../../common/preview.ts';
import type { EventAuthor, EventDataMap, EventMessage, EventType } from '../../common/realtime.ts';
import { NOTIFICATION_CARD } from '../../common/realtime-constants.ts';
import type { Message } from '../../common/schemas/conversation.ts';
import type { Db } from '../db/client.ts';
import {
  comments,
  posts,
  reactions,
  timelineJoinRequests,
  timelineMembers,
  timelines,
  users,
} from '../db/schema/index.ts';
import { presentMessage } from '../presenters/conversation.ts';
import { presentMentions } from '../presenters/mention.ts';
import { presentComment, presentPost } from '../presenters/post.ts';
import { commentById } from '../queries/comments.ts';
import { messageById } from '../queries/conversations.ts';
import { type CommentRow, type PostRow, postById } from '../queries/feed.ts';
import {
  commentMentionNames,
  type MentionNames,
  messageMentionNames,
  postMentionNames,
} from '../queries/mentions.ts';
import type { TimelineBusEvent, UserBusEvent } from './types.ts';

/** No one's own reactions go out: each viewer keeps their own `myReactions`. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

type Named = { displayName: string | null; firstName: string | null; lastName: string | null };

async function userById(db: Db, id: string | undefined) {
  if (!id) return undefined;
  const [user] = await db
    .select({
      id: users.id,
      displayName: users.displayName,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return user;
}

/** Another person's name (DECISIONS §2): no part of their e-mail address goes out. */
const authorOf = (u: Named & { id: string; profileImageUrl: string | null }): EventAuthor => ({
  id: u.id,
  name: personName(u),
  profileImageUrl: u.profileImageUrl,
});

async function timelineById(db: Db, id: string) {
  const [timeline] = await db
    .select({
      id: timelines.id,
      name: timelines.name,
      pinnedPostId: timelines.pinnedPostId,
      pendingOwnerId: timelines.pendingOwnerId,
      deletedAt: timelines.deletedAt,
    })
    .from(timelines)
    .where(eq(timelines.id, id))
    .limit(1);
  return timeline;
}

/** Kept on the threadline row by every membership write (commands/memberCount.ts). */
async function memberCount(db: Db, timelineId: string): Promise<number> {
  const [row] = await db
    .select({ n: timelines.memberCount })
    .from(timelines)
    .where(eq(timelines.id, timelineId));
  return row?.n ?? 0;
}

async function commentCount(db: Db, postId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(comments).where(eq(comments.postId, postId));
  return row?.n ?? 0;
}

async function reactionCounts(db: Db, postId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ emoji: reactions.emoji, n: count() })
    .from(reactions)
    .where(eq(reactions.postId, postId))
    .groupBy(reactions.emoji);
  return Object.fromEntries(rows.map((r) => [r.emoji, r.n]));
}

async function pendingCount(db: Db, timelineId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(timelineJoinRequests)
    .where(and(eq(timelineJoinRequests.timelineId, timelineId), eq(timelineJoinRequests.status, 'pending')));
  return row?.n ?? 0;
}

async function roleOf(db: Db, timelineId: string, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ role: timelineMembers.role })
    .from(timelineMembers)
    .where(and(eq(timelineMembers.timelineId, timelineId), eq(timelineMembers.userId, userId)))
    .limit(1);
  return row?.role;
}

/**
 * A direct message as GET /api/conversations/{id}/messages presents it, for nobody in particular: the
 * sender's e-mail address left out and `isRead` false (it was just sent). A deleted one is not there.
 */
async function directMessageById(
  db: Db,
  messageId: string,
  timelineId: string,
): Promise<Message | undefined> {
  const row = await messageById(db, messageId);
  if (!row) return undefined;
  const names = await messageMentionNames(db, timelineId, [row]);
  return { ...presentMessage(row, { userId: NOBODY, isOwner: false }, timelineId, names), isRead: false };
}

/** A comment as GET /api/posts/{id}/comments presents it, for nobody in particular (mentions as now). */
async function presentedComment(db: Db, comment: CommentRow, timelineId: string) {
  const names = await commentMentionNames(db, timelineId, [comment]);
  return presentComment(comment, false, timelineId, names);
}

/**
 * The card's threadline name and quoted start of `text` (one line: runs of white space become one space),
 * so it says what the post, comment or message is about. Nothing for an item without text.
 */
function itemContext(timelineName: string, text: string | null | undefined) {
  const line = text?.replace(/\s+/g, ' ').trim();
  return { timelineName, ...(line && { excerpt: previewText(line, NOTIFICATION_CARD.excerptChars) }) };
}

const message = <T extends EventType>(type: T, data: EventDataMap[T], now: Date): EventMessage<T> =>
  ({ type, data, timestamp: now.toISOString() }) as EventMessage<T>;

/** The threadline's facts a new_post message carries. */
export type PostPlace = { id: string; name: string; pinnedPostId: string | null };

/**
 * new_post for a post as the feed presents it, for nobody in particular: the hub's render and the route that
 * created the post (it has every row already: hub.ts `Prerendered`) build it here, so the two cannot differ.
 */
export function newPostMessage(
  timeline: PostPlace,
  row: PostRow,
  names: MentionNames,
  now = new Date(),
): EventMessage<'new_post'> {
  const author = authorOf(row.author);
  const post = presentPost(row, { showEmail: false, pinnedPostId: timeline.pinnedPostId }, names);
  return message(
    'new_post',
    {
      timelineId: timeline.id,
      author,
      ...itemContext(timeline.name, row.content),
      message: `${author.name} posted in ${timeline.name}`,
      postId: row.id,
      post: { ...post, myReactions: [] },
    },
    now,
  );
}

/** The message for a threadline or user-channel bus event, or null when there is nothing left to tell. */
export async function renderEvent(
  db: Db,
  event: TimelineBusEvent | UserBusEvent,
  now = new Date(),
): Promise<EventMessage | null> {
  // A new post is read beside the threadline and its author (one round trip fewer); marked handled at
  // once, since an event for a vanished threadline never waits for it.
  const postRead = event.type === 'new_post' ? postById(db, event.postId, NOBODY) : undefined;
  postRead?.catch(() => {});
  const [timeline, actor] = await Promise.all([
    timelineById(db, event.timelineId),
    userById(db, event.actorId),
  ]);
  if (!timeline) return null;
  // A post or comment that raced the deletion (published between `deleted` and the access event that ends
  // the subscriptions) is never told after `deleted`.
  const isDeletion = event.type === 'timeline_updated' && event.change === 'deleted';
  if (timeline.deletedAt && event.kind === 'timeline' && !isDeletion) return null;
  const author = actor && authorOf(actor);
  const who = author?.name ?? 'Someone';
  const place = timeline.name;
  const base = { timelineId: timeline.id, ...(author && { author }) };

  switch (event.type) {
    case 'new_post': {
      const row = await postRead;
      if (!row || row.deletedAt) return null;
      return newPostMessage(timeline, row, await postMentionNames(db, [row]), now);
    }
    case 'new_comment': {
      const [comment, n] = await Promise.all([
        commentById(db, event.commentId),
        commentCount(db, event.postId),
      ]);
      if (!comment) return null;
      return message(
        'new_comment',
        {
          ...base,
          ...itemContext(place, comment.content),
          message: `${who} commented on a post in ${place}`,
          postId: event.postId,
          commentId: event.commentId,
          commentCount: n,
          comment: await presentedComment(db, comment, timeline.id),
        },
        now,
      );
    }
    case 'new_member':
      return message(
        'new_member',
        {
          ...base,
          message: `${who} joined ${place}`,
          userId: event.actorId,
          memberCount: await memberCount(db, timeline.id),
        },
        now,
      );
    case 'timeline_updated':
      return renderUpdate(
        db,
        event,
        { base, who, place, pinnedPostId: timeline.pinnedPostId, pendingOwnerId: timeline.pendingOwnerId },
        now,
      );
    case 'join_request': {
      const [request] = await db
        .select({ status: timelineJoinRequests.status })
        .from(timelineJoinRequests)
        .where(eq(timelineJoinRequests.id, event.requestId))
        .limit(1);
      // Retracted before this went out: nothing left to tell.
      if (!request) return null;
      return message(
        'join_request',
        {
          ...base,
          message: `${who} asked to join ${place}`,
          requestId: event.requestId,
          pendingCount: await pendingCount(db, timeline.id),
        },
        now,
      );
    }
    case 'join_request_processed': {
      const [request] = await db
        .select({ status: timelineJoinRequests.status })
        .from(timelineJoinRequests)
        .where(eq(timelineJoinRequests.id, event.requestId))
        .limit(1);
      if (!request || (request.status !== 'approved' && request.status !== 'rejected')) return null;
      return message(
        'join_request_processed',
        {
          ...base,
          message: `Your request to join ${place} was ${request.status}`,
          requestId: event.requestId,
          status: request.status,
        },
        now,
      );
    }
    case 'access_removed':
      return message(
        'timeline_updated',
        {
          ...base,
          message: `You were ${event.reason === 'blocked' ? 'blocked from' : 'removed from'} ${place}`,
          change: 'access_removed',
          reason: event.reason,
          ...(event.userIds.length === 1 && { userId: event.userIds[0] }),
        },
        now,
      );
    case 'timeline_restored':
      return message(
        'timeline_updated',
        { ...base, message: `${place} was restored`, change: 'restored' },
        now,
      );
    case 'new_message': {
      // Nothing goes out for a threadline deleted meanwhile: its conversations are no longer readable.
      if (timeline.deletedAt) return null;
      const directMessage = await directMessageById(db, event.messageId, timeline.id);
      if (!directMessage) return null;
      return message(
        'new_message',
        {
          ...base,
          ...itemContext(place, directMessage.content),
          message: `New message from ${who}`,
          conversationId: event.conversationId,
          messageId: directMessage.id,
          senderId: directMessage.senderId,
          directMessage,
        },
        now,
      );
    }
    case 'message_read':
      if (timeline.deletedAt) return null;
      // The read receipt: no card.
      return message(
        'message_read',
        {
          ...base,
          message: `${who} read your messages`,
          conversationId: event.conversationId,
          readerId: event.actorId,
          readAt: event.readAt,
        },
        now,
      );
    case 'join_requests_changed':
      // Only the pending badge and panel change: the client shows no card for it.
      return message(
        'timeline_updated',
        {
          ...base,
          message: `Join requests for ${place} changed`,
          change: 'join_requests',
          pendingCount: await pendingCount(db, timeline.id),
        },
        now,
      );
    default:
      return null;
  }
}

async function renderUpdate(
  db: Db,
  event: Extract<TimelineBusEvent, { type: 'timeline_updated' }>,
  ctx: {
    base: { timelineId: string; author?: EventAuthor };
    who: string;
    place: string;
    pinnedPostId: string | null;
    pendingOwnerId: string | null;
  },
  now: Date,
): Promise<EventMessage | null> {
  const { base, who, place } = ctx;
  const update = (text: string, extra: Partial<EventDataMap['timeline_updated']> = {}) =>
    message(
      'timeline_updated',
      {
        ...base,
        message: text,
        change: event.change,
        ...(event.postId && { postId: event.postId }),
        ...(event.userId && { userId: event.userId }),
        ...extra,
      },
      now,
    );
  const member = async () => {
    const u = await userById(db, event.userId ?? event.actorId);
    return u ? personName(u) : 'Someone';
  };

  switch (event.change) {
    case 'permissions':
      return update(`${who} changed the permissions of ${place}`);
    case 'approval':
      return update(`${who} changed who may join ${place}`);
    case 'pin':
      return update(
        ctx.pinnedPostId ? `${who} pinned a post in ${place}` : `${who} unpinned a post in ${place}`,
        {
          pinnedPostId: ctx.pinnedPostId,
        },
      );
    case 'archived':
      return update(`${place} was archived`);
    case 'restored':
      return update(`${place} was restored`);
    case 'deleted':
      return update(`${place} was deleted`);
    case 'post_deleted':
      return update(`A post was deleted in ${place}`);
    case 'post_edited': {
      if (!event.postId) return null;
      const row = await postById(db, event.postId, NOBODY);
      if (!row || row.deletedAt || row.timelineId !== base.timelineId) return null;
      const names = await postMentionNames(db, [row]);
      return update(`${who} edited a post in ${place}`, {
        content: row.content,
        mentions: presentMentions(row.mentions, row.timelineId, names),
        ...(row.editedAt && { editedAt: row.editedAt }),
      });
    }
    case 'comment_edited': {
      if (!event.commentId) return null;
      const comment = await commentById(db, event.commentId);
      if (!comment || comment.postId !== event.postId) return null;
      return update(`${who} edited a comment`, {
        commentId: comment.id,
        comment: await presentedComment(db, comment, base.timelineId),
      });
    }
    case 'reactions': {
      if (!event.postId) return null;
      const [post] = await db
        .select({ deletedAt: posts.deletedAt })
        .from(posts)
        .where(eq(posts.id, event.postId))
        .limit(1);
      if (!post || post.deletedAt) return null;
      return update(`${who} reacted to a post`, { reactionCounts: await reactionCounts(db, event.postId) });
    }
    case 'member_left':
      return update(`${await member()} left ${place}`, {
        memberCount: await memberCount(db, base.timelineId),
      });
    case 'account_deleted':
      return update(`An account was deleted: its posts and comments in ${place} are gone`);
    case 'member_removed':
      return update(`${await member()} was removed from ${place}`, {
        memberCount: await memberCount(db, base.timelineId),
      });
    case 'ownership':
      return ctx.pendingOwnerId && ctx.pendingOwnerId === event.userId
        ? update(`${who} offered ${await member()} ownership of ${place}`)
        : update(`The ownership offer in ${place} was withdrawn`);
    case 'role_changed': {
      const subject = event.userId ?? event.actorId;
      const [name, role] = await Promise.all([member(), roleOf(db, base.timelineId, subject)]);
      return update(
        role ? `${name} is now ${article(role)} ${role} in ${place}` : `${name}'s role changed in ${place}`,
      );
    }
  }
}

const article = (word: string) => (/^[aeiou]/.test(word) ? 'an' : 'a');
