// Name fallbacks used across screens (spec 000 §2-3, 001 §3).
export interface NameParts {
  displayName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

const emailLocal = (email?: string | null) => (email ? email.split('@')[0] || null : null);

/** One's own name (header, dashboard, profile): displayName, else firstName, else e-mail local part, else "User". */
export function shownName(u: NameParts | null | undefined): string {
  return u?.displayName?.trim() || u?.firstName?.trim() || emailLocal(u?.email) || 'User';
}

/** What other people are called when they gave no name (DECISIONS §2). */
export const NAMELESS = 'Member';

/**
 * Other people, wherever they appear (lists, cards, toasts, events): a chosen display name, else first and
 * last name (or one of them), else "Member". Never any part of their e-mail address: the threadline's owner
 * sees the address itself, beside the name (DECISIONS §2). One function for the server and the client.
 */
export function personName(u: NameParts | null | undefined): string {
  const full = [u?.firstName?.trim(), u?.lastName?.trim()].filter(Boolean).join(' ');
  return u?.displayName?.trim() || full || NAMELESS;
}

/**
 * Every avatar's initials (spec 000 §2, DECISIONS §2), so one person has the same two letters in the header,
 * on their posts, in lists and on cards: from the name other members see (display name, else first and last
 * name, else either); for one's own avatar only, then the e-mail's local part, else "User"; for others
 * "Member". A first and last name give both initials ("Olivia Owens": OO), as beside anyone else's posts.
 */
export function avatarInitials(u: NameParts | null | undefined, { self = false } = {}): string {
  const named = u?.displayName?.trim() || u?.firstName?.trim() || u?.lastName?.trim();
  if (named || !self) return initials(personName(u));
  return initials(emailLocal(u?.email) || 'User');
}

/** Initials of a name: the first letters of its first two words, else its first two letters. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? '').slice(0, 2);
  return letters.toUpperCase();
}

/** "/objects/" is prepended to image paths that lack it. */
export function imageSrc(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|data:|blob:)/.test(path) || path.startsWith('/objects/')) return path;
  return `/objects/${path.replace(/^\/+/, '')}`;
}

/**
 * The name a deleted account keeps (issue 26): the users row stays, anonymised, so its posts and comments
 * keep their author, shown under this name everywhere (it is stored as the display name: every place that
 * names people reads it, and nothing of the old name is left to leak).
 */
export const DELETED_USER_NAME = 'Deleted user';
