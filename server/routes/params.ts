// Path parameter schemas shared by the threadline routes. Ids are checked as UUIDs by the policies,
// so a malformed id is a 404 like any other id the caller cannot see.
import { z } from 'zod';

/** An id in a path, lower-cased: PostgreSQL reads an upper-case UUID as the same id, so comparisons must too. */
export const idParam = z.string().max(100).toLowerCase();

/** `/{id}`: a threadline's id, or a join request's in DELETE /api/join-requests/{id}. */
export const timelineParams = z.object({ id: idParam });
export const memberParams = z.object({ id: idParam, userId: idParam });
export const requestParams = z.object({ id: idParam, requestId: idParam });

export type TimelineParams = z.infer<typeof timelineParams>;
export type MemberParams = z.infer<typeof memberParams>;
export type RequestParams = z.infer<typeof requestParams>;

/** `/api/posts/{id}`, `/api/posts/{postId}/comments`, `/api/timelines/{id}/pin/{postId}`. */
export const postParams = z.object({ id: idParam });
export const postCommentsParams = z.object({ postId: idParam });
export const pinParams = z.object({ id: idParam, postId: idParam });

export type PostParams = z.infer<typeof postParams>;
export type PostCommentsParams = z.infer<typeof postCommentsParams>;
export type PinParams = z.infer<typeof pinParams>;
