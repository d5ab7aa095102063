// One result: its threadline, author, date and highlighted excerpt; the whole card opens the post in its
// threadline (/timeline/{id}?post={postId}: the feed pages down to it and highlights it).
import { MessageSquare } from 'lucide-react';
import { Link } from 'wouter';
import { personName } from '../../../../common/names.ts';
import type { SearchResult } from '../../../../common/schemas/search.ts';
import { LocalTime } from '../../../components/local-time.tsx';
import { shortDate } from '../../../lib/format.ts';
import { SearchExcerpt } from './search-excerpt.tsx';

export const postLink = (result: SearchResult) =>
  `/timeline/${result.timeline.id}?post=${encodeURIComponent(result.post.id)}`;

export function SearchResultCard({ result }: { result: SearchResult }) {
  const item = result.comment ?? result.post;
  const author = personName(item.author);
  return (
    <li>
      <Link
        href={postLink(result)}
        className="block min-w-0 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        data-testid="search-result"
      >
        <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          <span className="max-w-full truncate font-semibold text-foreground">{result.timeline.name}</span>
          <span aria-hidden="true">·</span>
          <span className="max-w-full truncate">{author}</span>
          <span aria-hidden="true">·</span>
          <LocalTime dateTime={item.createdAt}>{shortDate(item.createdAt)}</LocalTime>
          {result.kind === 'comment' && (
            <span className="inline-flex items-center gap-1">
              <MessageSquare className="size-3.5" aria-hidden="true" />
              Comment
            </span>
          )}
        </p>
        <div className="mt-2">
          <SearchExcerpt html={result.excerpt} />
        </div>
      </Link>
    </li>
  );
}
