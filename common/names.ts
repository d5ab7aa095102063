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

/** Avatar initials of a name as shown beside them: the first letters of two words, else its first two. */
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
