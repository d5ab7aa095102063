import type { Post } from '../../../../../common/schemas/post.ts';

/**
 * Where a post's media shows (images, gallery, video, audio, file rows). The media issue fills this in;
 * text posts have none.
 */
export function PostAttachments(_props: { post: Post }) {
  return null;
}
