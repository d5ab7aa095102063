// GET /api/timelines/{id}/posts without a cursor, from memory (issue 28, server/queries/feed-cache.ts): the
// route has read the caller's access and, in the same statement, the threadline's feed_version.
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { type feedQuery, postList } from '../../common/schemas/post.ts';
import { compileJson } from '../http/compiled-json.ts';
import type { TimelineAccess } from '../policies/timeline.ts';
import { presentPost, type Viewer } from '../presenters/post.ts';
import { feedPage } from '../queries/feed.ts';
import { cachedPage, FeedCache, ownReactions } from '../queries/feed-cache.ts';
import { postMentionNames } from '../queries/mentions.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
const serializers = new WeakMap<FastifyInstance, (posts: unknown) => string>();

function serializerOf(app: FastifyInstance) {
  let serialize = serializers.get(app);
  if (!serialize) {
    // Tests: checked against zod's answer, as the route's own serializer is.
    serialize = compileJson(postList, app.config.env === 'test');
    serializers.set(app, serialize);
  }
  return serialize;
}

export async function sendFirstPage(
  app: FastifyInstance,
  reply: FastifyReply,
  access: TimelineAccess,
  viewer: Viewer,
  query: z.output<typeof feedQuery>,
) {
  const { db, feedCache } = app;
  const key = FeedCache.key(access.timeline.id, viewer.showEmail, query.type, query.limit);
  const version = access.timeline.feedVersion;
  const me = access.member.userId;
  reply.type(JSON_TYPE);
  const cached = feedCache.get(key, version);
  if (cached) {
    let mine = feedCache.mine(key, version, me);
    if (!mine) {
      mine = await ownReactions(db, me, cached.liveIds);
      feedCache.keepMine(key, version, me, mine);
    }
    return reply.send(cached.render(mine));
  }

  const rows = await feedPage(db, access.timeline.id, me, { ...query, pinnedPostId: viewer.pinnedPostId });
  const names = await postMentionNames(db, rows);
  const posts = rows.map((row) => presentPost(row, viewer, names));
  const serialize = serializerOf(app);
  const page = cachedPage(posts, serialize);
  if (!page) return reply.send(serialize(posts));
  feedCache.set(key, version, page);
  const mine = new Map(posts.filter((p) => p.myReactions.length > 0).map((p) => [p.id, p.myReactions]));
  feedCache.keepMine(key, version, me, mine);
  const answer = page.render(mine);
  // Tests: the cut and merged page is the page the serializer writes.
  if (app.config.env === 'test' && !isDeepStrictEqual(JSON.parse(answer), JSON.parse(serialize(posts)))) {
    throw new Error('The cached feed page differs from the serialized one');
  }
  return reply.send(answer);
}
