// The results of a submitted search, newest first or by relevance, with "Load more" via nextCursor.
import { Loader2, SearchX } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { useAdvancedSearch } from '../api/advanced-search.ts';
import type { SearchForm } from '../lib/search-params.ts';
import { SearchResultCard } from './search-result-card.tsx';

export function SearchResults({ form }: { form: SearchForm }) {
  const search = useAdvancedSearch(form, true);
  const results = search.data?.pages.flatMap((page) => page.results) ?? [];

  if (!form.q.trim())
    return <p className="text-sm text-muted-foreground">Type what you are looking for and press Search.</p>;
  if (search.isPending)
    return (
      <p role="status" className="flex items-center gap-2 py-8 text-muted-foreground">
        <Loader2 className="size-5 animate-spin" aria-hidden="true" />
        Searching...
      </p>
    );
  if (search.isError && results.length === 0)
    return (
      <div className="grid justify-items-start gap-3">
        <p role="alert">{searchErrorText(search.error)}</p>
        <Button variant="outline" onClick={() => void search.refetch()}>
          Try Again
        </Button>
      </div>
    );
  return (
    <section aria-labelledby="results-heading" className="grid gap-4">
      <h2 id="results-heading" className="text-lg font-semibold" aria-live="polite">
        {results.length === 0
          ? 'No results'
          : `${results.length}${search.hasNextPage ? '+' : ''} ${results.length === 1 ? 'result' : 'results'}`}
      </h2>
      {results.length === 0 ? (
        <p className="flex items-center gap-2 text-muted-foreground">
          <SearchX className="size-5" aria-hidden="true" />
          Nothing matches. Try other words, or fewer filters.
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-3" aria-label="Search results">
          {results.map((result) => (
            <SearchResultCard
              key={`${result.kind}-${result.comment?.id ?? result.post.id}`}
              result={result}
            />
          ))}
        </ul>
      )}
      {search.hasNextPage && (
        <Button
          variant="outline"
          className="justify-self-center"
          aria-disabled={search.isFetchingNextPage}
          onClick={() => {
            if (!search.isFetchingNextPage) void search.fetchNextPage();
          }}
        >
          {search.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden="true" />}
          Load More Results
        </Button>
      )}
    </section>
  );
}

/** The server's own words for a 400 (e.g. only -exclusions), a generic line otherwise. */
function searchErrorText(error: Error): string {
  const match = /^400: (.*)$/s.exec(error.message);
  if (match) {
    try {
      return (JSON.parse(match[1]!) as { message: string }).message;
    } catch {
      // Not JSON: fall through.
    }
  }
  return 'Search failed. Please try again.';
}
