// The search bar (spec 001 §5): the feed narrows as the user types; the server is asked 300 ms after.
import { Search, X } from 'lucide-react';
import * as React from 'react';
import { Link } from 'wouter';
import { FEED } from '../../../../../common/limits.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Input } from '../../../../components/ui/input.tsx';

export function FeedSearchBar({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const input = React.useRef<HTMLInputElement>(null);
  return (
    <search>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          ref={input}
          type="search"
          autoFocus
          aria-label="Search posts"
          placeholder="Search posts..."
          value={value}
          maxLength={FEED.searchMaxChars}
          className="pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
          onChange={(e) => onChange(e.target.value)}
        />
        {value && (
          <Button
            variant="ghost"
            size="icon"
            className="absolute top-1/2 right-1 size-8 -translate-y-1/2"
            aria-label="Clear search"
            onClick={() => {
              onChange('');
              input.current?.focus();
            }}
          >
            <X aria-hidden="true" />
          </Button>
        )}
      </div>
      {/* Advanced search (every threadline, filters) starts with what was typed here. */}
      <Link
        href={value.trim() ? `/search?${new URLSearchParams({ q: value.trim() })}` : '/search'}
        className="mt-1.5 inline-block text-sm text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        Search everywhere
      </Link>
    </search>
  );
}
