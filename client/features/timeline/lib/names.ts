// Names shown on the page: members use the app-wide shown name; join requests use the spec's
// user-facing name (001 §3), with a chosen display name first because people pick it to be seen by.
import { type NameParts, shownName } from '../../../../common/names.ts';

export const memberName = (user: NameParts | null | undefined) => shownName(user);

export function requesterName(user: NameParts | null | undefined): string {
  const first = user?.firstName?.trim();
  const last = user?.lastName?.trim();
  return (
    user?.displayName?.trim() ||
    [first, last].filter(Boolean).join(' ') ||
    user?.email?.split('@')[0] ||
    'Anonymous User'
  );
}

export const memberCountLabel = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
