// The search page's form, kept in the page's URL (/search?q=...) so Back from an opened post returns to the
// same results, and turned into GET /api/search's query.
import type { PostType } from '../../../../common/posts.ts';
import { POST_TYPES } from '../../../../common/posts.ts';

export type Scope = 'all' | 'posts' | 'comments';
export type Order = 'recent' | 'relevance';

export interface SearchForm {
  q: string;
  timelineIds: string[];
  /** '' for anyone. */
  authorId: string;
  type: PostType | '';
  /** Local days, YYYY-MM-DD, or ''. */
  from: string;
  to: string;
  hasMedia: '' | 'true' | 'false';
  scope: Scope;
  order: Order;
}

export const EMPTY_FORM: SearchForm = {
  q: '',
  timelineIds: [],
  authorId: '',
  type: '',
  from: '',
  to: '',
  hasMedia: '',
  scope: 'all',
  order: 'recent',
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(value: string | null, options: readonly T[], fallback: T): T =>
  options.includes(value as T) ? (value as T) : fallback;

/** The form a page URL's query describes; anything unknown falls back to the default. */
export function formFromQuery(search: string): SearchForm {
  const p = new URLSearchParams(search);
  const day = (key: string) => (DAY.test(p.get(key) ?? '') ? p.get(key)! : '');
  return {
    q: p.get('q') ?? '',
    timelineIds: (p.get('timelines') ?? '').split(',').filter(Boolean),
    authorId: p.get('author') ?? '',
    type: oneOf(p.get('type'), ['', ...POST_TYPES], ''),
    from: day('from'),
    to: day('to'),
    hasMedia: oneOf(p.get('media'), ['', 'true', 'false'], ''),
    scope: oneOf(p.get('scope'), ['all', 'posts', 'comments'], 'all'),
    order: oneOf(p.get('order'), ['recent', 'relevance'], 'recent'),
  };
}

/** The page URL's query for `form`: only what differs from the defaults. */
export function formToQuery(form: SearchForm): string {
  const p = new URLSearchParams();
  if (form.q.trim()) p.set('q', form.q.trim());
  if (form.timelineIds.length) p.set('timelines', form.timelineIds.join(','));
  if (form.authorId) p.set('author', form.authorId);
  if (form.type) p.set('type', form.type);
  if (form.from) p.set('from', form.from);
  if (form.to) p.set('to', form.to);
  if (form.hasMedia) p.set('media', form.hasMedia);
  if (form.scope !== 'all') p.set('scope', form.scope);
  if (form.order !== 'recent') p.set('order', form.order);
  return p.toString();
}

/** Local midnight of a day, as an instant; `end` takes the last millisecond of the day. */
const localDay = (day: string, end: boolean) =>
  new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString();

/** GET /api/search for `form` (days are the searcher's own, so they go as instants). */
export function searchUrl(form: SearchForm, cursor?: string): string {
  const p = new URLSearchParams({ q: form.q.trim() });
  if (form.timelineIds.length) p.set('timelineIds', form.timelineIds.join(','));
  if (form.authorId) p.set('authorId', form.authorId);
  if (form.type) p.set('type', form.type);
  if (form.from) p.set('from', localDay(form.from, false));
  if (form.to) p.set('to', localDay(form.to, true));
  if (form.hasMedia) p.set('hasMedia', form.hasMedia);
  p.set('scope', form.scope);
  p.set('order', form.order);
  if (cursor) p.set('cursor', cursor);
  return `/api/search?${p}`;
}

/** A 403 `{planUpgradeRequired: true}` (apiRequest's errors read "403: {body}"). */
export const isUpgradeError = (error: unknown): boolean =>
  error instanceof Error &&
  error.message.startsWith('403:') &&
  error.message.includes('"planUpgradeRequired":true');
