// GET /api/posts/{id}/reactions: who reacted to a post, per emoji (issue 25 item 9). People appear by name
// and picture only: never any part of an e-mail address, not even to the owner (DECISIONS §2).
import { z } from 'zod';

const uuid = z.uuid().toLowerCase();

/** Names listed per emoji; `count` says how many reacted in all, so the list can say "and N more". */
export const REACTORS_PER_EMOJI = 50;

export const reactorSchema = z.object({
  id: uuid,
  /** displayName, else first and last name, else "Member" (DECISIONS §2). */
  name: z.string(),
  profileImageUrl: z.string().nullable(),
});
export type Reactor = z.infer<typeof reactorSchema>;

export const postReactorsSchema = z.object({
  postId: uuid,
  /** Each emoji on the post, in the order it was first given; its people in the order they reacted. */
  reactions: z.array(
    z.object({
      emoji: z.string(),
      count: z.number().int(),
      users: z.array(reactorSchema),
    }),
  ),
});
export type PostReactors = z.infer<typeof postReactorsSchema>;
