// post_edited and comment_edited applied to the cache (issue 24): the feed, searches, the open comment list
// and a collapsed post's latest comment show the new text in place; nothing older overwrites it.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Post } from '../../../../common/schemas/post.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import type { CommentsData, FeedData } from '../lib/feed-cache.ts';
import { makeComment, makePost } from '../lib/test-posts.ts';
import { message, update } from '../test/realtime.ts';
import { applyPageEvent } from './live-cache.ts';
import { postVersionsKey } from './post-versions-key.ts';

const TL = '00000000-0000-4000-a000-000000000001';
const ME = '00000000-0000-4000-9000-0000000000aa';
const AT = '2026-03-04T10:00:00.000001Z';

function setup(posts: Post[]) {
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  qc.setQueryData<FeedData>(timelineKeys.posts(TL, 'all'), { pages: [posts], pageParams: [undefined] });
  const all = () => qc.getQueryData<FeedData>(timelineKeys.posts(TL, 'all'))!.pages.flat();
  return { qc, all };
}

describe('live edits', () => {
  it('post_edited: the new text and editedAt in the feed and searches; History reloads; no toast', () => {
    const [a, b] = [makePost({ content: 'old' }), makePost({ content: 'other' })];
    const { qc, all } = setup([a, b]);
    qc.setQueryData(timelineKeys.search(TL, 'old'), [a]);
    qc.setQueryData(postVersionsKey(a.id), []);
    const effect = applyPageEvent(
      qc,
      TL,
      message('timeline_updated', update(TL, 'post_edited', { postId: a.id, content: 'new', editedAt: AT })),
      ME,
    );
    expect(effect).toEqual({ kind: 'none' });
    expect(all().map((p) => [p.content, p.editedAt])).toEqual([
      ['new', AT],
      ['other', null],
    ]);
    expect(all()[1]).toBe(b);
    expect(qc.getQueryData<Post[]>(timelineKeys.search(TL, 'old'))![0]!.content).toBe('new');
    expect(qc.getQueryState(postVersionsKey(a.id))?.isInvalidated).toBe(true);
  });

  it('post_edited never revives a tombstone nor undoes a newer edit', () => {
    const gone = makePost({ content: null, deletedAt: AT });
    const newer = makePost({ content: 'newest', editedAt: '2026-03-05T00:00:00.000000Z' });
    const { qc, all } = setup([gone, newer]);
    for (const post of [gone, newer]) {
      applyPageEvent(
        qc,
        TL,
        message(
          'timeline_updated',
          update(TL, 'post_edited', { postId: post.id, content: 'x', editedAt: AT }),
        ),
        ME,
      );
    }
    expect(all()).toEqual([gone, newer]);
  });

  it('comment_edited: the open list and the latest comment under the post', () => {
    const post = makePost();
    const first = makeComment({ postId: post.id, content: 'first' });
    const latest = makeComment({ postId: post.id, content: 'typo' });
    const { qc, all } = setup([{ ...post, commentCount: 2, latestComment: latest }]);
    qc.setQueryData<CommentsData>(timelineKeys.comments(post.id), {
      pages: [[first, latest]],
      pageParams: [undefined],
    });
    const edited = { ...latest, content: 'fixed', editedAt: AT };
    applyPageEvent(
      qc,
      TL,
      message(
        'timeline_updated',
        update(TL, 'comment_edited', { postId: post.id, commentId: latest.id, comment: edited }),
      ),
      ME,
    );
    const list = qc.getQueryData<CommentsData>(timelineKeys.comments(post.id))!.pages.flat();
    expect(list.map((c) => c.content)).toEqual(['first', 'fixed']);
    expect(list[0]).toBe(first);
    expect(all()[0]!.latestComment).toMatchObject({ content: 'fixed', editedAt: AT });
  });

  it('an edit brings its mentions (issue 27); one that names none keeps those the post had', () => {
    const ada = { id: '00000000-0000-4000-8000-0000000000ad', name: 'Ada', as: '@Ada' };
    const bob = { id: '00000000-0000-4000-8000-0000000000b0', name: 'Bob', as: '@Bob' };
    const post = makePost({ content: 'Hi @Ada', mentions: [ada] });
    const latest = makeComment({ postId: post.id, content: 'cc @Ada', mentions: [ada] });
    const { qc, all } = setup([{ ...post, commentCount: 1, latestComment: latest }]);
    const edit = (data: Record<string, unknown>, change: 'post_edited' | 'comment_edited' = 'post_edited') =>
      applyPageEvent(
        qc,
        TL,
        message('timeline_updated', update(TL, change, { postId: post.id, ...data })),
        ME,
      );
    edit({ content: 'Hi @Ada and @Bob', mentions: [ada, bob], editedAt: AT });
    expect(all()[0]!.mentions).toEqual([ada, bob]);
    edit({ content: 'Hi @Ada again', editedAt: '2026-03-04T11:00:00.000001Z' });
    expect(all()[0]!.mentions).toEqual([ada, bob]);
    const comment = { ...latest, content: 'cc @Bob', mentions: [bob], editedAt: AT };
    edit({ commentId: latest.id, comment }, 'comment_edited');
    expect(all()[0]!.latestComment).toMatchObject({ content: 'cc @Bob', mentions: [bob] });
  });
});
