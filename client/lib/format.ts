// "x ago" (spec 000 §9): the largest whole unit, "just now" under a minute.
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

export function timeAgo(date: string | Date, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.round((now.getTime() - new Date(date).getTime()) / 1000));
  for (const [unit, size] of UNITS) {
    const n = Math.floor(seconds / size);
    if (n >= 1) return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}

/** Badges cap at 99+ (spec 000 §9). */
export const capCount = (n: number): string => (n > 99 ? '99+' : String(n));

export const memberCountLabel = (n: number): string => `${n} ${n === 1 ? 'member' : 'members'}`;

/** A short, locale-aware date such as "Mar 4, 2025". */
export const shortDate = (iso: string): string =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * A count with en-US digit grouping ("12,345"), as `toLocaleString('en-US')` writes it without loading the
 * browser's number formatting on a page's first render (issue 14: it cost the threadline ~5 ms at load).
 */
export const groupDigits = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
