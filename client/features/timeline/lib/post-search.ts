// The search bar's results (spec 001 §5): the server's full-text matches plus a local filter over the
// posts already loaded (content, author names, e-mail, file names), so results show as the user types.
import { personName } from '../../../../common/names.ts';
import type { FeedFilter, Post } from '../../../../common/schemas/post.ts';
import { filterMatches } from './feed-cache.ts';

/** Lower-cased words of the query, or none when it holds only spaces. */
export const searchTerms = (query: string): string[] =>
  query.toLocaleLowerCase().split(/\s+/).filter(Boolean);

/** Every term occurs in one of the post's searchable fields (tombstones never match). */
export function matchesLocally(post: Post, terms: string[]): boolean {
  if (post.deletedAt || terms.length === 0) return false;
  const { author } = post;
  const haystack = [
    post.content,
    personName(author),
    author.displayName,
    author.firstName,
    author.lastName,
    author.email,
    post.fileName,
    ...(post.fileNames ?? []),
  ]
    .filter((v): v is string => Boolean(v))
    .join('\n')
    .toLocaleLowerCase();
  return terms.every((term) => haystack.includes(term));
}

const newestFirst = (a: Post, b: Post) =>
  a.createdAt === b.createdAt ? b.id.localeCompare(a.id) : b.createdAt < a.createdAt ? -1 : 1;

/**
 * Server results and local matches, each post once (the loaded copy wins: it carries the latest
 * reactions and comments), newest first, narrowed to the filter.
 */
export function searchResults(
  query: string,
  loaded: Post[],
  server: Post[] | undefined,
  filter: FeedFilter,
): Post[] {
  const terms = searchTerms(query);
  if (terms.length === 0) return [];
  const byId = new Map<string, Post>();
  for (const post of server ?? []) if (!post.deletedAt) byId.set(post.id, post);
  for (const post of loaded) {
    if (post.deletedAt) byId.delete(post.id);
    else if (byId.has(post.id) || matchesLocally(post, terms)) byId.set(post.id, post);
  }
  return [...byId.values()].filter((p) => filterMatches(filter, p)).sort(newestFirst);
}
