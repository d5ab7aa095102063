// /search: advanced search across every threadline the user can read (DECISIONS §9). On the free plan it
// shows the upgrade card instead of results; with billing off it is on for everyone.
import * as React from 'react';
import { useLocation, useSearch } from 'wouter';
import { SignedInLayout } from '../../../components/page-layout.tsx';
import { UpgradeCard } from '../../../components/upgrade-card.tsx';
import { useAuth, useMeta } from '../../../lib/auth.ts';
import { useAdvancedSearch } from '../api/advanced-search.ts';
import { formFromQuery, formToQuery, isUpgradeError } from '../lib/search-params.ts';
import { SearchFilters } from './search-filters.tsx';
import { SearchResults } from './search-results.tsx';

export function SearchPage() {
  const { user } = useAuth();
  const { data: meta } = useMeta();
  const search = useSearch();
  const [, navigate] = useLocation();
  const submitted = React.useMemo(() => formFromQuery(search), [search]);
  const [draft, setDraft] = React.useState(submitted);
  // Back and Forward bring their own search into the form.
  React.useEffect(() => setDraft(submitted), [submitted]);

  const billingOff = meta?.billingProvider === 'off';
  const onPlan = billingOff || (user !== null && user.plan !== 'free');
  // A plan that changed since the user was loaded: the server's 403 is the last word.
  const refused = isUpgradeError(useAdvancedSearch(submitted, onPlan).error);
  const locked = !onPlan || refused;

  return (
    <SignedInLayout
      title={submitted.q.trim() ? `Search: ${submitted.q.trim()}` : 'Search'}
      className="max-w-5xl"
    >
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Search</h1>
      <p className="mt-2 text-muted-foreground">
        Posts and comments in every threadline you are in. Use "quotes" for a phrase, -word to leave a word
        out and OR for either word.
      </p>
      <div className="mt-6 grid gap-6">
        {user && (
          <SearchFilters
            value={draft}
            onChange={setDraft}
            currentUserId={user.id}
            onSubmit={() => navigate(`/search?${formToQuery(draft)}`)}
          />
        )}
        {locked ? <UpgradeCard feature="advancedSearch" /> : <SearchResults form={submitted} />}
      </div>
    </SignedInLayout>
  );
}
