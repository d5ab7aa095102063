// Name fallbacks used across screens (spec 000 §2-3, 001 §3).
export interface NameParts {
  displayName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

const emailLocal = (email?: string | null) => (email ? email.split('@')[0] || null : null);

/** Header and dashboard: displayName, else firstName, else e-mail local part, else "User". */
export function shownName(u: NameParts | null | undefined): string {
  return u?.displayName?.trim() || u?.firstName?.trim() || emailLocal(u?.email) || 'User';
}

/**
 * Other people, wherever they are listed (spec 001 §3 user-facing name): first and last name, one of them,
 * the e-mail local part, else "Anonymous User" ("User" in the members list). A chosen display name comes
 * first, since the profile asks for it as "How should others see your name?".
 */
export function personName(u: NameParts | null | undefined, fallback = 'Anonymous User'): string {
  const full = [u?.firstName?.trim(), u?.lastName?.trim()].filter(Boolean).join(' ');
  return u?.displayName?.trim() || full || emailLocal(u?.email) || fallback;
}

/** The members list (and its Blocked tab): the same name, with "User" as the last resort. */
export const memberName = (u: NameParts | null | undefined): string => personName(u, 'User');

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
