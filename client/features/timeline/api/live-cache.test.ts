import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { COMMENT_TOAST_MS } from '../../../../common/realtime.ts';
import { HEART, type Post } from '../../../../common/schemas/post.ts';
import type { TimelinePageData } from '../../../../common/schemas/timeline.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import type { CommentsData, FeedData } from '../lib/feed-cache.ts';
import { makeComment, makePost } from '../lib/test-posts.ts';
import { message, update } from '../test/realtime.ts';
import { applyPageEvent, commentToast, insertLivePost, refreshAfterReconnect } from './live-cache.ts';
import { exitKey } from './timeline-cache.ts';

const TL = '00000000-0000-4000-a000-000000000001';
const ME = '00000000-0000-4000-9000-0000000000aa';
const OTHER = { id: '00000000-0000-4000-9000-0000000000bb', name: 'Bo', profileImageUrl: null };

const feed = (...pages: Post[][]): FeedData => ({
  pages,
  pageParams: pages.map((_, i) => (i ? `c${i}` : undefined)),
});

function setup(posts: Post[], { pinnedPostId = null as string | null } = {}) {
  const qc = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  qc.setQueryData(timelineKeys.posts(TL, 'all'), feed(posts));
  qc.setQueryData(timelineKeys.detail(TL), {
    timeline: { id: TL, pinnedPostId },
    member: {},
    members: [],
  } as unknown as TimelinePageData);
  const all = () => qc.getQueryData<FeedData>(timelineKeys.posts(TL, 'all'))!.pages.flat();
  const invalidated = (key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated ?? false;
  return { qc, all, invalidated };
}

const comment = (postId: string, commentCount: number, more = {}) =>
  message('new_comment', {
    message: 'Bo commented on a post',
    timelineId: TL,
    postId,
    commentId: '00000000-0000-4000-8000-0000000c0001',
    commentCount,
    author: OTHER,
    ...more,
  });

describe('insertLivePost', () => {
  it('puts a post on top (under the pin) of each feed that lists it, once, and leaves searches alone', () => {
    const pinned = makePost({ isPinned: true });
    const old = makePost();
    const { qc, all } = setup([pinned, old]);
    qc.setQueryData(timelineKeys.posts(TL, 'video'), feed([]));
    qc.setQueryData(timelineKeys.search(TL, 'hello'), [old]);
    const post = makePost({ type: 'text', content: 'hello there' });

    expect(insertLivePost(qc, TL, post, 'all')).toBe(true);
    expect(all().map((p) => p.id)).toEqual([pinned.id, post.id, old.id]);
    expect(qc.getQueryData<FeedData>(timelineKeys.posts(TL, 'video'))!.pages.flat()).toEqual([]);
    expect(qc.getQueryData(timelineKeys.search(TL, 'hello'))).toEqual([old]);
    // Twice (the author's own tab, a repeated delivery): once.
    expect(insertLivePost(qc, TL, post, 'all')).toBe(false);
    expect(all()).toHaveLength(3);
  });

  it('says the post is not new to the feed shown when that feed does not list it', () => {
    const { qc, all } = setup([]);
    qc.setQueryData(timelineKeys.posts(TL, 'video'), feed([]));
    const post = makePost({ type: 'text' });
    expect(insertLivePost(qc, TL, post, 'video')).toBe(false);
    expect(all().map((p) => p.id)).toEqual([post.id]);
  });

  it('fetches a feed again when its first load was in flight as the post arrived (the answer may predate it)', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = timelineKeys.posts(TL, 'all');
    const post = makePost({ content: 'posted while the page loaded' });
    const answers: Post[][] = [[], [post]];
    let release = () => {};
    const firstAnswered = new Promise<void>((resolve) => (release = resolve));
    const queryFn = vi.fn(async () => {
      const answer = answers.shift()!;
      if (queryFn.mock.calls.length === 1) await firstAnswered;
      return answer;
    });
    // The feed on screen: an observer, as the page has.
    const observer = new InfiniteQueryObserver(qc, {
      queryKey: key,
      queryFn,
      initialPageParam: undefined,
      getNextPageParam: () => undefined,
    });
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));

    expect(insertLivePost(qc, TL, post, 'all')).toBe(false);
    release();
    await vi.waitFor(() => expect(qc.getQueryData<FeedData>(key)?.pages.flat()).toEqual([post]));
    expect(queryFn).toHaveBeenCalledTimes(2);
    stop();
  });
});

describe('applyPageEvent', () => {
  it('ignores events of other threadlines', () => {
    const post = makePost();
    const { qc, all } = setup([post]);
    const effect = applyPageEvent(
      qc,
      TL,
      { ...comment(post.id, 4), data: { ...comment(post.id, 4).data, timelineId: 'x' } },
      ME,
    );
    expect(effect).toEqual({ kind: 'none' });
    expect(all()[0]!.commentCount).toBe(0);
  });

  it('new_comment: the count and latest comment, the post comments reloaded, the 3 s toast for others', () => {
    const post = makePost({ commentCount: 1 });
    const { qc, all, invalidated } = setup([post]);
    qc.setQueryData<CommentsData>(timelineKeys.comments(post.id), { pages: [[]], pageParams: [undefined] });
    const c = makeComment({
      id: '00000000-0000-4000-8000-0000000c0001',
      postId: post.id,
      createdAt: '2026-05-01T00:00:00Z',
    });

    const effect = applyPageEvent(qc, TL, comment(post.id, 2, { comment: c }), ME);
    expect(all()[0]).toMatchObject({ commentCount: 2, latestComment: c });
    expect(invalidated(timelineKeys.comments(post.id))).toBe(true);
    expect(invalidated(timelineKeys.posts(TL, 'all'))).toBe(false);
    expect(effect).toEqual({
      kind: 'toast',
      toast: { title: 'New Comment', description: 'Bo commented on a post', duration: COMMENT_TOAST_MS },
    });
  });

  it('new_comment: no toast for one own comment, and nothing reloaded when this tab already has it', () => {
    const c = makeComment({ id: '00000000-0000-4000-8000-0000000c0001' });
    const post = makePost({ commentCount: 1, latestComment: c });
    const { qc, invalidated } = setup([post]);
    qc.setQueryData<CommentsData>(timelineKeys.comments(post.id), { pages: [[c]], pageParams: [undefined] });
    const effect = applyPageEvent(qc, TL, comment(post.id, 1, { author: { ...OTHER, id: ME } }), ME);
    expect(effect).toEqual({ kind: 'none' });
    expect(invalidated(timelineKeys.comments(post.id))).toBe(false);
  });

  it('new_comment without the comment itself reloads the feed for the latest one; Someone without a name', () => {
    const post = makePost();
    const { qc, invalidated } = setup([post]);
    const effect = applyPageEvent(qc, TL, comment(post.id, 1, { author: undefined }), ME);
    expect(invalidated(timelineKeys.posts(TL, 'all'))).toBe(true);
    expect(effect).toEqual({ kind: 'toast', toast: commentToast(undefined) });
    expect(commentToast(' ').description).toBe('Someone commented on a post');
  });

  it('reactions: the new counts, the reader own reactions kept', () => {
    const post = makePost({ reactionCounts: { [HEART]: 1 }, myReactions: [HEART] });
    const { qc, all } = setup([post]);
    applyPageEvent(
      qc,
      TL,
      message(
        'timeline_updated',
        update(TL, 'reactions', { postId: post.id, reactionCounts: { [HEART]: 2 } }),
      ),
      ME,
    );
    expect(all()[0]).toMatchObject({ reactionCounts: { [HEART]: 2 }, myReactions: [HEART] });
  });

  it('post_deleted: a tombstone in place; the pinned one unpins and reloads the feed', () => {
    const [a, b] = [makePost({ isPinned: true, content: 'pinned' }), makePost({ content: 'other' })];
    const { qc, all, invalidated } = setup([a, b], { pinnedPostId: a.id });
    applyPageEvent(qc, TL, message('timeline_updated', update(TL, 'post_deleted', { postId: b.id })), ME);
    expect(all()[1]).toMatchObject({ content: null, deletedAt: '2026-03-04T10:00:00.000Z' });
    expect(invalidated(timelineKeys.posts(TL, 'all'))).toBe(false);
    applyPageEvent(qc, TL, message('timeline_updated', update(TL, 'post_deleted', { postId: a.id })), ME);
    expect(all()[0]).toMatchObject({ content: null, isPinned: false });
    expect(qc.getQueryData<TimelinePageData>(timelineKeys.detail(TL))!.timeline.pinnedPostId).toBeNull();
    expect(invalidated(timelineKeys.posts(TL, 'all'))).toBe(true);
  });

  it('account_deleted: the page, its feeds and open comments read again (tombstones wherever they are)', () => {
    const post = makePost();
    const { qc, invalidated } = setup([post]);
    applyPageEvent(qc, TL, message('timeline_updated', update(TL, 'account_deleted')), ME);
    expect(invalidated(timelineKeys.posts(TL, 'all'))).toBe(true);
    expect(invalidated(timelineKeys.detail(TL))).toBe(true);
  });

  it('pin: the page pinned post and a reload of the feeds, once', () => {
    const post = makePost();
    const { qc, invalidated } = setup([post]);
    applyPageEvent(qc, TL, message('timeline_updated', update(TL, 'pin', { pinnedPostId: post.id })), ME);
    expect(qc.getQueryData<TimelinePageData>(timelineKeys.detail(TL))!.timeline.pinnedPostId).toBe(post.id);
    expect(invalidated(timelineKeys.posts(TL, 'all'))).toBe(true);
  });

  it('permissions, approval, members, archive: the page data reloads', () => {
    for (const change of [
      'permissions',
      'approval',
      'member_left',
      'member_removed',
      'role_changed',
      'archived',
    ] as const) {
      const { qc, invalidated } = setup([]);
      expect(applyPageEvent(qc, TL, message('timeline_updated', update(TL, change)), ME)).toEqual({
        kind: 'none',
      });
      expect(invalidated(timelineKeys.detail(TL))).toBe(true);
    }
    const { qc, invalidated } = setup([]);
    qc.setQueryData(timelineKeys.blocked(TL), []);
    applyPageEvent(qc, TL, message('timeline_updated', update(TL, 'member_removed')), ME);
    expect(invalidated(timelineKeys.blocked(TL))).toBe(true);
    applyPageEvent(
      qc,
      TL,
      message('new_member', { message: 'x', timelineId: TL, userId: OTHER.id, memberCount: 3 }),
      ME,
    );
    expect(invalidated(timelineKeys.detail(TL))).toBe(true);
  });

  it('deleted: the page asks the server again (its 404 sends the reader home), unless this tab is deleting it', async () => {
    const { qc, invalidated } = setup([]);
    const deleting = qc
      .getMutationCache()
      .build(qc, { mutationKey: exitKey(TL), mutationFn: () => new Promise(() => {}) });
    void deleting.execute(undefined);
    await vi.waitFor(() => expect(qc.isMutating()).toBe(1));
    applyPageEvent(qc, TL, message('timeline_updated', update(TL, 'deleted')), ME);
    expect(invalidated(timelineKeys.detail(TL))).toBe(false);
    qc.getMutationCache().clear();
    applyPageEvent(qc, TL, message('timeline_updated', update(TL, 'deleted', { author: OTHER })), ME);
    expect(invalidated(timelineKeys.detail(TL))).toBe(true);
  });

  it('access_removed: leave with a notice that says removed or blocked', () => {
    const { qc } = setup([]);
    const removed = applyPageEvent(
      qc,
      TL,
      message('timeline_updated', update(TL, 'access_removed', { userId: ME })),
      ME,
    );
    expect(removed).toMatchObject({ kind: 'leave', toast: { title: 'Removed from Threadline' } });
    const blocked = applyPageEvent(
      qc,
      TL,
      message('timeline_updated', update(TL, 'access_removed', { userId: ME, reason: 'blocked' })),
      ME,
    );
    expect(blocked).toMatchObject({ kind: 'leave', toast: { title: 'Blocked from Threadline' } });
  });

  it('join requests: the page request lists reload', () => {
    const { qc, invalidated } = setup([]);
    qc.setQueryData(timelineKeys.joinRequests(TL, 'pending'), []);
    applyPageEvent(
      qc,
      TL,
      message('join_request', { message: 'x', timelineId: TL, requestId: OTHER.id, pendingCount: 1 }),
      ME,
    );
    expect(invalidated(timelineKeys.joinRequests(TL, 'pending'))).toBe(true);
  });
});

describe('refreshAfterReconnect', () => {
  it('reloads the page, the feeds, searches and comments', () => {
    const post = makePost();
    const { qc, invalidated } = setup([post]);
    qc.setQueryData(timelineKeys.comments(post.id), { pages: [[]], pageParams: [undefined] });
    qc.setQueryData(timelineKeys.search(TL, 'q'), []);
    refreshAfterReconnect(qc, TL);
    expect(invalidated(timelineKeys.detail(TL))).toBe(true);
    expect(invalidated(timelineKeys.posts(TL, 'all'))).toBe(true);
    expect(invalidated(timelineKeys.search(TL, 'q'))).toBe(true);
    expect(invalidated(timelineKeys.comments(post.id))).toBe(true);
  });
});
