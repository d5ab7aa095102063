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
 * Join requests (spec 001 §3 user-facing name): first and last name, one of them, the e-mail local part, else
 * "Anonymous User"; a chosen display name comes first, since people pick it to be seen by.
 */
export function requesterName(u: NameParts | null | undefined): string {
  const full = [u?.firstName?.trim(), u?.lastName?.trim()].filter(Boolean).join(' ');
  return u?.displayName?.trim() || full || emailLocal(u?.email) || 'Anonymous User';
}

/** Avatar initials: at most 2 letters from the shown name. */
export function initials(u: NameParts | null | undefined): string {
  const name = shownName(u);
  const words = name.split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : name.slice(0, 2);
  return letters.toUpperCase().slice(0, 2);
}

/** "/objects/" is prepended to image paths that lack it. */
export function imageSrc(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|data:|blob:)/.test(path) || path.startsWith('/objects/')) return path;
  return `/objects/${path.replace(/^\/+/, '')}`;
}
