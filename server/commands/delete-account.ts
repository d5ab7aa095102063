// Account deletion (issue 26; DECISIONS §10): DELETE /api/me. One transaction leaves the users row as an
// anonymised tombstone (its id stays, so posts and comments keep an author) and takes everything personal
// with it: posts and comments become tombstones shown as "Deleted user", reactions go, conversations go with
// their messages for both people, memberships, join requests, blocks, tokens and sessions go, uploads go and
// their bytes are released. The address is free for a new sign-up as soon as it commits; one mail confirms it.
//
// Locks: the user's row first (FOR NO KEY UPDATE, as accepting ownership and every storage charge take it),
// then every threadline the user is a member of or has live posts in, in id order (FOR UPDATE, as a block, a
// leave or a post's deletion takes it).
// - Accepting an ownership offer, creating a threadline and billing changes wait on the user's row, so the
//   owner rule read under it holds until commit; either of them coming after sees a deleted user.
// - A post, comment, reaction or message of the user's still in flight holds its threadline in share mode:
//   it commits before the delete reads anything (and is tombstoned with the rest), or it comes after and
//   finds no membership. NO KEY UPDATE, not UPDATE: those writes' foreign-key checks take KEY SHARE on the
//   user's row while holding their threadline, and must not wait on it, or the two would deadlock.
import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { DELETE_OWNS_THREADLINES, DELETE_SUBSCRIPTION_RENEWS } from '../../common/account.ts';
import { ANALYTICS_ACTIONS } from '../../common/analytics.ts';
import { DELETED_USER_NAME, shownName } from '../../common/names.ts';
import { NO_CONTENT } from '../../common/posts.ts';
import type { SessionStore } from '../auth/sessions.ts';
import { grantsPlan, liveSubscription } from '../billing/subscriptions.ts';
import type { Db } from '../db/client.ts';
import { pgError } from '../db/errors.ts';
import {
  comments,
  conversations,
  emailTokens,
  messageReadStatus,
  messages,
  notifications,
  passwordResetTokens,
  posts,
  postVersions,
  pushSubscriptions,
  reactions,
  timelineBlockedUsers,
  timelineJoinRequests,
  timelineMembers,
  timelines,
  type UploadRow,
  uploads,
  users,
  userTimelineViews,
} from '../db/schema/index.ts';
import { conflict, unauthorized } from '../http/errors.ts';
import { queueMail } from '../mail/outbox.ts';
import { accountDeletedMail } from '../mail/templates.ts';
import { objectPathFor } from '../storage/keys.ts';
import { recordAction } from './analytics.ts';
import { COVER_CATEGORY } from './appearance.ts';
import { bumpFeedsOfUser } from './feed-version.ts';
import { adjustMemberCount } from './memberCount.ts';
import { releaseUploads } from './uploads.ts';

export interface DeletedAccount {
  /** Stored keys of the sessions that ended: their sockets close over the bus. */
  endedSessions: string[];
  /** The upload rows deleted: remove their objects once this has committed. */
  removed: UploadRow[];
  /** The threadlines (not deleted) the user was a member of: their pages hear member_left. */
  leftTimelines: string[];
  /**
   * Every threadline holding a post, comment, membership or conversation of the user's: their pages hear
   * account_deleted and read what changed again.
   */
  changedTimelines: string[];
  /** People who lost notifications the user caused (issue 27): their bells read the count again. */
  notifiedUsers: string[];
}

/**
 * Refuses (409) while the user owns a threadline that is not deleted, or has a paid plan that still renews
 * (cancelling first is the honest order: nobody could cancel it once the account is gone).
 */
export async function assertMayDeleteAccount(db: Db, userId: string): Promise<void> {
  const [owned] = await db
    .select({ id: timelines.id })
    .from(timelines)
    .where(and(eq(timelines.ownerId, userId), isNull(timelines.deletedAt)))
    .limit(1);
  if (owned) throw conflict(DELETE_OWNS_THREADLINES);
  const live = await liveSubscription(db, userId);
  if (grantsPlan(live) && !live!.cancelAtPeriodEnd) throw conflict(DELETE_SUBSCRIPTION_RENEWS);
}

/**
 * Deletes the account of `userId` (the caller checked the password or the fresh sign-in, and the typed
 * address). A deadlock with a write that locked one of the user's threadlines before the user's row (a
 * moderator deleting one of the user's posts with files releases the user's storage) is tried again.
 */
export async function deleteAccount(
  db: Db,
  sessions: SessionStore,
  userId: string,
  now = new Date(),
): Promise<DeletedAccount> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction((tx) => deleteInTransaction(tx, sessions, userId, now));
    } catch (err) {
      if (attempt < 2 && pgError(err).code === '40P01') continue;
      throw err;
    }
  }
}

async function deleteInTransaction(
  tx: Db,
  sessions: SessionStore,
  userId: string,
  now: Date,
): Promise<DeletedAccount> {
  const [me] = await tx.select().from(users).where(eq(users.id, userId)).for('no key update');
  if (!me || me.deletedAt) throw unauthorized();
  // The user's threadlines, and those holding live posts of theirs (a comment racing the tombstone there
  // must land before it and go with it), locked in id order (ORDER BY sorts before the rows are locked).
  const memberships = tx
    .select({ id: timelineMembers.timelineId })
    .from(timelineMembers)
    .where(eq(timelineMembers.userId, userId));
  const locked = await tx
    .select({
      id: timelines.id,
      deletedAt: timelines.deletedAt,
      member: sql<boolean>`${inArray(timelines.id, memberships)}`,
    })
    .from(timelines)
    .where(
      or(
        inArray(timelines.id, memberships),
        inArray(
          timelines.id,
          tx
            .select({ id: posts.timelineId })
            .from(posts)
            .where(and(eq(posts.authorId, userId), isNull(posts.deletedAt))),
        ),
      ),
    )
    .orderBy(timelines.id)
    .for('update');
  // Under the user's lock: an ownership accepted or a threadline created a moment ago is seen here.
  await assertMayDeleteAccount(tx, userId);
  // Every first page that shows them (name, posts, comments, reactions) changes: before those rows go.
  await bumpFeedsOfUser(tx, userId, { reactions: true });

  const myPosts = tx.select({ id: posts.id }).from(posts).where(eq(posts.authorId, userId));
  const myComments = tx.select({ id: comments.id }).from(comments).where(eq(comments.authorId, userId));
  const myConversations = tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(or(eq(conversations.initiatorId, userId), eq(conversations.recipientId, userId)));

  // Files: every upload of the user's (avatar, covers, post media, unfinished ones), and any attachment of
  // a message in the user's conversations (those go for both people). Covers the user set on a threadline
  // now owned by someone else leave that threadline too, or it would show a missing image.
  const covers = await tx
    .select({ id: uploads.id, timelineId: uploads.timelineId })
    .from(uploads)
    .where(
      and(eq(uploads.ownerId, userId), eq(uploads.category, COVER_CATEGORY), isNotNull(uploads.timelineId)),
    );
  for (const cover of covers) {
    await tx
      .update(timelines)
      .set({ coverImageUrl: null, updatedAt: now })
      .where(and(eq(timelines.id, cover.timelineId!), eq(timelines.coverImageUrl, objectPathFor(cover.id))));
  }
  const files = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      or(
        eq(uploads.ownerId, userId),
        inArray(
          uploads.messageId,
          tx
            .select({ id: messages.id })
            .from(messages)
            .where(inArray(messages.conversationId, myConversations)),
        ),
      ),
    );
  const removed = await releaseUploads(tx, files);

  // Posts become tombstones as DELETE /api/posts makes them (commands/posts.ts): content and attachments
  // emptied, comments, reactions and earlier texts gone, unpinned.
  await tx
    .update(posts)
    .set({ ...NO_CONTENT, deletedAt: now, deletedBy: userId, updatedAt: now })
    .where(and(eq(posts.authorId, userId), isNull(posts.deletedAt)));
  await tx.delete(comments).where(inArray(comments.postId, myPosts));
  await tx.delete(reactions).where(inArray(reactions.postId, myPosts));
  await tx
    .delete(postVersions)
    .where(or(inArray(postVersions.postId, myPosts), eq(postVersions.editorId, userId)));
  await tx.update(timelines).set({ pinnedPostId: null }).where(inArray(timelines.pinnedPostId, myPosts));

  // Where the user's comments and conversations are: those pages read them again once this has committed.
  const commentedIn = await tx
    .selectDistinct({ id: posts.timelineId })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(and(eq(comments.authorId, userId), isNull(comments.deletedAt)));
  const talkedIn = await tx
    .selectDistinct({ id: conversations.timelineId })
    .from(conversations)
    .where(inArray(conversations.id, myConversations));

  // Comments on other people's posts become tombstones in place: the thread keeps its shape.
  await tx.delete(reactions).where(inArray(reactions.commentId, myComments));
  await tx
    .update(comments)
    .set({ content: '', editedAt: null, deletedAt: now, updatedAt: now })
    .where(and(eq(comments.authorId, userId), isNull(comments.deletedAt)));
  await tx.delete(reactions).where(eq(reactions.userId, userId));

  // Conversations go with their messages and read marks, for both people.
  await tx.delete(conversations).where(inArray(conversations.id, myConversations));
  await tx.delete(messageReadStatus).where(eq(messageReadStatus.userId, userId));

  const left = await tx
    .delete(timelineMembers)
    .where(eq(timelineMembers.userId, userId))
    .returning({ timelineId: timelineMembers.timelineId });
  await adjustMemberCount(
    tx,
    left.map((m) => m.timelineId),
    -1,
  );
  const leftTimelines = locked.filter((t) => t.member && !t.deletedAt).map((t) => t.id);
  for (const timelineId of leftTimelines) {
    await recordAction(tx, timelineId, userId, ANALYTICS_ACTIONS.memberLeft);
  }
  await tx.update(timelines).set({ pendingOwnerId: null }).where(eq(timelines.pendingOwnerId, userId));
  await tx.delete(timelineJoinRequests).where(eq(timelineJoinRequests.userId, userId));
  await tx.delete(timelineBlockedUsers).where(eq(timelineBlockedUsers.userId, userId));
  await tx.delete(userTimelineViews).where(eq(userTimelineViews.userId, userId));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await tx.delete(emailTokens).where(eq(emailTokens.userId, userId));
  // Notifications they caused quote their posts and messages; their own inbox and devices go too.
  const caused = await tx
    .delete(notifications)
    .where(eq(notifications.actorId, userId))
    .returning({ userId: notifications.userId });
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  const endedSessions = await sessions.destroyAllFor(userId, { db: tx });

  // The confirmation goes to the address before it is cleared, and only if all of this commits.
  if (me.email) {
    await queueMail(tx, me.email, 'account_deleted', accountDeletedMail({ name: shownName(me), when: now }));
  }
  await tx
    .update(users)
    .set({
      email: null,
      firstName: null,
      lastName: null,
      // Stored, not computed: every place that names people (feeds, events, insights, archive notes) reads
      // this column, so the old name cannot show anywhere.
      displayName: DELETED_USER_NAME,
      bio: null,
      profileImageUrl: null,
      passwordHash: null,
      emailVerifiedAt: null,
      oidcSubject: null,
      plan: 'free',
      storageUsedBytes: 0,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  const changedTimelines = [
    ...new Set([
      ...locked.filter((t) => !t.deletedAt).map((t) => t.id),
      ...commentedIn.map((t) => t.id),
      ...talkedIn.map((t) => t.id),
    ]),
  ];
  const notifiedUsers = [...new Set(caused.map((n) => n.userId))].filter((id) => id !== userId);
  return { endedSessions, removed, leftTimelines, changedTimelines, notifiedUsers };
}
