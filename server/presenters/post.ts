// Posts and comments as the API shows them (spec 001 §3). Tombstones lose everything but author, type and
// dates; authors' e-mail addresses reach only the threadline's owner (DECISIONS §5).
import {
  type Author,
  type Comment,
  type Post,
  type PostType,
  tombstoneFields,
} from '../../common/schemas/post.ts';
import type { AuthorRow, CommentRow, PostRow } from '../queries/feed.ts';
import type { MentionNames } from '../queries/mentions.ts';
import { presentMentions } from './mention.ts';

export interface Viewer {
  /** True for the threadline's owner: the only one who sees authors' e-mail addresses. */
  showEmail: boolean;
  pinnedPostId: string | null;
}

export const presentAuthor = (a: AuthorRow, showEmail: boolean): Author => ({
  id: a.id,
  displayName: a.displayName,
  firstName: a.firstName,
  lastName: a.lastName,
  email: showEmail ? a.email : null,
  profileImageUrl: a.profileImageUrl,
});

/**
 * `names`: who of the people the page mentions can read it now (queries/mentions.ts), for the comment's
 * threadline `timelineId`.
 */
export const presentComment = (
  c: CommentRow,
  showEmail: boolean,
  timelineId: string,
  names: MentionNames,
): Comment => ({
  id: c.id,
  postId: c.postId,
  content: c.content,
  createdAt: c.createdAt,
  editedAt: c.editedAt ?? null,
  deletedAt: c.deletedAt ?? null,
  author: presentAuthor(c.author, showEmail),
  mentions: c.deletedAt ? [] : presentMentions(c.mentions, timelineId, names),
});

/** `names` as for presentComment (postMentionNames reads them for a page of posts). */
export function presentPost(row: PostRow, viewer: Viewer, names: MentionNames): Post {
  const base = {
    id: row.id,
    timelineId: row.timelineId,
    type: row.type as PostType,
    createdAt: row.createdAt,
    deletedAt: row.deletedAt,
    author: presentAuthor(row.author, viewer.showEmail),
    isPinned: row.id === viewer.pinnedPostId,
  };
  if (row.deletedAt) return { ...base, ...tombstoneFields(), editedAt: null };
  return {
    ...base,
    content: row.content,
    editedAt: row.editedAt ?? null,
    mediaUrl: row.mediaUrl,
    mediaUrls: row.mediaUrls,
    fileName: row.fileName,
    fileNames: row.fileNames,
    fileSize: row.fileSize,
    fileSizes: row.fileSizes,
    media: row.media,
    reactionCounts: row.reactionCounts ?? {},
    myReactions: row.myReactions ?? [],
    commentCount: row.commentCount,
    latestComment:
      row.latestComment && presentComment(row.latestComment, viewer.showEmail, row.timelineId, names),
    mentions: presentMentions(row.mentions, row.timelineId, names),
  };
}
