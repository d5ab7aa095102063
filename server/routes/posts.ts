// Posts: create, the feed, one post (deep links), search, delete, pin and unpin (spec 001 §7, DECISIONS §6).
import type { FastifyInstance } from 'fastify';
import { FEED } from '../../common/limits.ts';
import { personName } from '../../common/names.ts';
import {
  createPostBody,
  deletePostResponse,
  editPostBody,
  FEED_POSITION_CAP,
  feedQuery,
  pinResponse,
  postDetail,
  postList,
  postSchema,
  postVersionList,
  searchQuery,
} from '../../common/schemas/post.ts';
import { assertFeature } from '../billing/features.ts';
import { editPost, ownerPlan } from '../commands/edits.ts';
import { createPost, deletePost, pinPost, unpinPost } from '../commands/posts.ts';
import { removeUploadObjects } from '../commands/uploads.ts';
import { notFound } from '../http/errors.ts';
import { compiledResponse } from '../http/zod.ts';
import { publishInbox, publishNotifications } from '../notifications/publish.ts';
import { POST_NOT_FOUND, postAccess } from '../policies/post.ts';
import { type TimelineAccess, timelineFor } from '../policies/timeline.ts';
import { presentPost, type Viewer } from '../presenters/post.ts';
import { feedPage, feedPosition, type PostRow, postById, searchPosts } from '../queries/feed.ts';
import { postMentionNames } from '../queries/mentions.ts';
import { postVersions } from '../queries/versions.ts';
import { newPostMessage } from '../realtime/render.ts';
import { sendFirstPage } from './first-page.ts';
import { pinParams, postParams, timelineParams } from './params.ts';

const viewerOf = ({ timeline, member }: TimelineAccess): Viewer => ({
  showEmail: member.role === 'owner',
  pinnedPostId: timeline.pinnedPostId,
});

/** The feed and search pages: serialized by a compiled serializer (issue 28). */
const postPage = compiledResponse(postList);

export async function postRoutes(app: FastifyInstance) {
  const { db } = app;
  /** A page of posts with their mentions as they stand now (one more query, when any is mentioned). */
  const present = async (rows: PostRow[], viewer: Viewer) => {
    const names = await postMentionNames(db, rows);
    return rows.map((row) => presentPost(row, viewer, names));
  };
  const publishPin = (timelineId: string, actorId: string, postId: string | null) =>
    app.realtime.publish({
      kind: 'timeline',
      type: 'timeline_updated',
      change: 'pin',
      timelineId,
      actorId,
      ...(postId && { postId }),
    });

  app.post(
    '/api/posts',
    {
      config: { writeLimit: 'post' },
      schema: {
        summary: 'Create a post',
        errors: {
          403: 'Participants may not post here, or the threadline is archived',
          404: 'The threadline is not found or not visible',
          409: 'An attached upload is already in use',
        },
        body: createPostBody,
        response: { 201: postSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const me = request.user!.id;
      const { row, access, notifications } = await createPost(db, me, body);
      const names = await postMentionNames(db, [row]);
      // This instance's sockets get the post as the transaction read it, with no query more (the render's
      // timeline, author and post reads are 2-5 ms before the first socket hears).
      await app.realtime.publish(
        { kind: 'timeline', type: 'new_post', timelineId: row.timelineId, actorId: me, postId: row.id },
        newPostMessage(access.timeline, row, names),
      );
      await publishNotifications(app, request.log, notifications);
      return reply.code(201).send(presentPost(row, viewerOf(access), names));
    },
  );

  app.get(
    '/api/timelines/:id/posts',
    {
      schema: {
        summary: "A page of a threadline's feed (newest first; the pinned post leads the first page)",
        params: timelineParams,
        querystring: feedQuery,
        response: { 200: postPage },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const query = request.query;
      const me = request.user!.id;
      // Also reads feed_version: the first page comes from memory only at the threadline's version now.
      const access = await timelineFor(db, id, me, 'view');
      const viewer = viewerOf(access);
      if (!query.cursor && app.feedCache.enabled) return sendFirstPage(app, reply, access, viewer, query);
      const rows = await feedPage(db, id, me, { ...query, pinnedPostId: viewer.pinnedPostId });
      return present(rows, viewer);
    },
  );

  app.get(
    '/api/timelines/:id/search',
    {
      schema: {
        summary: "Search a threadline's posts",
        params: timelineParams,
        querystring: searchQuery,
        response: { 200: postPage },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { q } = request.query;
      const me = request.user!.id;
      const access = await timelineFor(db, id, me, 'view');
      const rows = await searchPosts(db, id, me, q, FEED.searchLimit);
      return present(rows, viewerOf(access));
    },
  );

  // An edit counts as a post against the write limit (it rewrites as much text as a new one).
  app.patch(
    '/api/posts/:id',
    {
      config: { writeLimit: 'post' },
      schema: {
        summary: 'Edit a post (its author)',
        errors: { 403: 'Only the author may edit it' },
        params: postParams,
        body: editPostBody,
        response: { 200: postSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const me = request.user!.id;
      const { row, access, changed, notifications } = await editPost(db, app.config, me, id, body);
      if (changed) {
        await app.realtime.publish({
          kind: 'timeline',
          type: 'timeline_updated',
          change: 'post_edited',
          timelineId: row.timelineId,
          actorId: me,
          postId: row.id,
        });
      }
      await publishNotifications(app, request.log, notifications);
      const [post] = await present([row], viewerOf(access));
      return post;
    },
  );

  // One post, for a deep link or a notification's View: the same access as every post read (404 to anyone
  // who cannot see its threadline, and for a deleted post), the feed's shape, and where the feed shows it.
  app.get(
    '/api/posts/:id',
    {
      schema: {
        summary: 'One post, with its position in the feed',
        params: postParams,
        response: { 200: postDetail },
      },
    },
    async (request) => {
      const { id } = request.params;
      const me = request.user!.id;
      const { access, post } = await postAccess(db, id, me, 'view');
      const viewer = viewerOf(access);
      const [row, position] = await Promise.all([
        postById(db, post.id, me),
        feedPosition(db, post, viewer.pinnedPostId, FEED_POSITION_CAP),
      ]);
      if (!row) throw notFound(POST_NOT_FOUND);
      const [shown] = await present([row], viewer);
      return { post: shown, position };
    },
  );

  app.get(
    '/api/posts/:id/versions',
    {
      schema: {
        summary: "A post's earlier versions",
        errors: { 403: "The owner's plan does not include version history (planUpgradeRequired)" },
        params: postParams,
        response: { 200: postVersionList },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { post } = await postAccess(db, id, request.user!.id, 'view');
      assertFeature(app.config, await ownerPlan(db, post.timelineId), 'versionHistory');
      const rows = await postVersions(db, post.id);
      return rows.map((v) => ({ ...v, editor: { id: v.editor.id, name: personName(v.editor) } }));
    },
  );

  app.delete(
    '/api/posts/:id',
    {
      schema: {
        summary: 'Delete a post (leaves a tombstone)',
        errors: { 403: 'The caller may not delete this post' },
        params: postParams,
        response: { 200: deletePostResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const me = request.user!.id;
      const { removed, timelineId, inboxUsers, ...answer } = await deletePost(db, me, id);
      // A pinned post's deletion also unpins it: clients clear the pin on post_deleted of that post.
      await app.realtime.publish({
        kind: 'timeline',
        type: 'timeline_updated',
        change: 'post_deleted',
        timelineId,
        actorId: me,
        postId: answer.id,
      });
      // Those who had notifications about it: their unread counts may have changed.
      await publishInbox(app, request.log, inboxUsers);
      // Only once the tombstone has committed: a rolled-back delete keeps its files.
      await removeUploadObjects(app.store, removed, request.log);
      return answer;
    },
  );

  app.post(
    '/api/timelines/:id/pin/:postId',
    {
      schema: {
        summary: 'Pin a post (owner, moderators)',
        errors: { 403: "The caller's role may not do this" },
        params: pinParams,
        response: { 200: pinResponse },
      },
    },
    async (request) => {
      const { id, postId } = request.params;
      const me = request.user!.id;
      const { timeline } = await timelineFor(db, id, me, 'pin');
      const pinned = await pinPost(db, me, timeline.id, postId);
      await publishPin(timeline.id, me, pinned.pinnedPostId);
      return pinned;
    },
  );

  app.delete(
    '/api/timelines/:id/pin',
    {
      schema: {
        summary: 'Unpin the pinned post (owner, moderators)',
        errors: { 403: "The caller's role may not do this" },
        params: timelineParams,
        response: { 200: pinResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const me = request.user!.id;
      const { timeline } = await timelineFor(db, id, me, 'pin');
      const unpinned = await unpinPost(db, me, timeline.id);
      await publishPin(timeline.id, me, null);
      return unpinned;
    },
  );
}
