// Pure edits of cached posts and comments after an edit (issue 24): this tab's own, or another's told live.
import type { Comment, Post } from '../../../../common/schemas/post.ts';
import type { CommentsData } from './feed-cache.ts';

/** The post with its new text; a tombstone stays one, and an older edit never overwrites a newer one. */
export function withEditedText(post: Post, content: string | null, editedAt: string): Post {
  if (post.deletedAt || (post.editedAt && post.editedAt >= editedAt)) return post;
  return { ...post, content, editedAt };
}

const newer = (cached: Comment, comment: Comment) =>
  !cached.editedAt || !comment.editedAt || cached.editedAt < comment.editedAt;

/** The post whose latest comment is `comment`, edited; the same object otherwise. */
export function withEditedComment(post: Post, comment: Comment): Post {
  const latest = post.latestComment;
  if (latest?.id !== comment.id || !newer(latest, comment)) return post;
  return { ...post, latestComment: { ...latest, content: comment.content, editedAt: comment.editedAt } };
}

/** The expanded comment list with `comment` edited in place; the same object when it is not there. */
export function replaceComment(data: CommentsData | undefined, comment: Comment): CommentsData | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    const index = page.findIndex((c) => c.id === comment.id);
    if (index < 0 || !newer(page[index]!, comment)) return page;
    changed = true;
    const next = page.slice();
    next[index] = { ...page[index]!, content: comment.content, editedAt: comment.editedAt };
    return next;
  });
  return changed ? { ...data, pages } : data;
}
