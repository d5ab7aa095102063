// Path parameter schemas shared by the threadline routes. Ids are checked as UUIDs by the policies,
// so a malformed id is a 404 like any other id the caller cannot see.
import { z } from 'zod';

/** `/{id}`: a threadline's id, or a join request's in DELETE /api/join-requests/{id}. */
export const timelineParams = z.object({ id: z.string().max(100) });
export const memberParams = z.object({ id: z.string().max(100), userId: z.string().max(100) });
export const requestParams = z.object({ id: z.string().max(100), requestId: z.string().max(100) });

export type TimelineParams = z.infer<typeof timelineParams>;
export type MemberParams = z.infer<typeof memberParams>;
export type RequestParams = z.infer<typeof requestParams>;

/** `/api/posts/{id}`, `/api/posts/{postId}/comments`, `/api/timelines/{id}/pin/{postId}`. */
export const postParams = z.object({ id: z.string().max(100) });
export const postCommentsParams = z.object({ postId: z.string().max(100) });
export const pinParams = z.object({ id: z.string().max(100), postId: z.string().max(100) });

export type PostParams = z.infer<typeof postParams>;
export type PostCommentsParams = z.infer<typeof postCommentsParams>;
export type PinParams = z.infer<typeof pinParams>;
