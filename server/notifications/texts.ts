// What notifications say, in one place (issue 27). Each kind has its function; texts name people by
// `personName` (never an address) and threadlines by their name at the time of writing.
import { previewText } from '../../common/preview.ts';
import type { Role } from '../../common/roles.ts';

// --- membership (join requests, roles, removal, archive and delete) ------------------------------------

/** To the owner and moderators: someone asked to join. */
export const joinRequestText = (requester: string, timeline: string) =>
  `${requester} asked to join ${timeline}`;

/** To the requester: how their request ended. */
export const requestOutcomeText = (outcome: 'approved' | 'rejected', timeline: string) =>
  outcome === 'approved'
    ? `Your request to join ${timeline} was approved`
    : `Your request to join ${timeline} was rejected`;

const AS_ROLE: Record<Role, string> = {
  owner: 'the owner of',
  moderator: 'a moderator of',
  participant: 'a participant in',
  viewer: 'a viewer of',
};

/** To the member whose role changed: the new one. */
export const roleChangedText = (role: Role, timeline: string) => `You are now ${AS_ROLE[role]} ${timeline}`;

/** To a member removed (and blocked): the threadline's name and nothing more (not who, not why). */
export const removedText = (timeline: string) => `You were removed from ${timeline}`;

/** To every member but its owner: the threadline was archived (read-only, open to the owner alone). */
export const timelineArchivedText = (timeline: string) => `${timeline} was archived`;

/** To every member but its owner: the threadline was deleted. */
export const timelineDeletedText = (timeline: string) => `${timeline} was deleted`;

// --- content (mentions, replies, direct messages, every post) -------------------------------------------

/** Characters of the item's text quoted in a content notification (one line). */
export const EXCERPT_CHARS = 100;

/** ': “{start of the text}”', or nothing for an item without text (a photo alone). */
export function quoted(text: string | null | undefined): string {
  const line = text?.replace(/\s+/g, ' ').trim();
  return line ? `: “${previewText(line, EXCERPT_CHARS)}”` : '';
}

/** To someone mentioned in a post or a comment. */
export const mentionText = (actor: string, timeline: string, text: string | null | undefined) =>
  `${actor} mentioned you in ${timeline}${quoted(text)}`;

/** To a post's author: someone commented on it. */
export const replyText = (actor: string, timeline: string, text: string | null | undefined) =>
  `${actor} commented on your post in ${timeline}${quoted(text)}`;

/** To a direct message's recipient. */
export const messageText = (actor: string, timeline: string, text: string | null | undefined) =>
  `${actor} sent you a message in ${timeline}${quoted(text)}`;

/** To members on "every post": a new post. */
export const newPostText = (actor: string, timeline: string, text: string | null | undefined) =>
  `${actor} posted in ${timeline}${quoted(text)}`;
