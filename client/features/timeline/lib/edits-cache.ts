// Pure edits of cached posts and comments after an edit (issue 24): this tab's own, or another's told live.
import type { Comment, Post } from '../../../../common/schemas/post.ts';
import type { CommentsData } from './feed-cache.ts';

/**
 * The post with its new text (and mentions, when told them: else the old ones, shown where the text still holds
 * them); a tombstone stays one, and an older edit never overwrites a newer one.
 */
export function withEditedText(
  post: Post,
  content: string | null,
  editedAt: string,
  mentions = post.mentions,
): Post {
  if (post.deletedAt || (post.editedAt && post.editedAt >= editedAt)) return post;
  return { ...post, content, editedAt, mentions };
}

const newer = (cached: Comment, comment: Comment) =>
  !cached.editedAt || !comment.editedAt || cached.editedAt < comment.editedAt;

/** The post whose latest comment is `comment`, edited; the same object otherwise. */
export function withEditedComment(post: Post, comment: Comment): Post {
  const latest = post.latestComment;
  if (latest?.id !== comment.id || !newer(latest, comment)) return post;
  const { content, editedAt, mentions } = comment;
  return { ...post, latestComment: { ...latest, content, editedAt, mentions } };
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
    const { content, editedAt, mentions } = comment;
    next[index] = { ...page[index]!, content, editedAt, mentions };
    return next;
  });
  return changed ? { ...data, pages } : data;
}
