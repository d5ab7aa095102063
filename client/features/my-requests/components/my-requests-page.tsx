// /my-requests: My Join Requests (spec 000 §2).
import { ArrowLeft, Inbox, Loader2 } from 'lucide-react';
import * as React from 'react';
import { useLocation } from 'wouter';
import { SignedInLayout } from '../../../components/page-layout.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { handleUnauthorized, isUnauthorizedError } from '../../../lib/authUtils.ts';
import { toast } from '../../../lib/use-toast.ts';
import { useMyJoinRequests } from '../api/get-my-join-requests.ts';
import { JoinRequestCard } from './join-request-card.tsx';

export function MyRequestsPage() {
  const [, navigate] = useLocation();
  const query = useMyJoinRequests();
  const error = query.error;
  React.useEffect(() => {
    if (isUnauthorizedError(error)) handleUnauthorized(toast);
  }, [error]);

  return (
    <SignedInLayout title="My Join Requests" className="max-w-3xl">
      <Button variant="ghost" className="-ml-3 mb-4" onClick={() => navigate('/')}>
        <ArrowLeft aria-hidden="true" />
        Back to Threadlines
      </Button>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My Join Requests</h1>
      <p className="mt-2 text-muted-foreground">
        Requests you sent to threadlines that approve new members, and how they were answered.
      </p>

      <div className="mt-6">
        {query.isPending ? (
          <div className="flex items-center justify-center gap-2 py-12 text-muted-foreground" role="status">
            <Loader2 className="size-5 animate-spin" aria-hidden="true" />
            Loading join requests...
          </div>
        ) : query.isError ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-input bg-card px-6 py-12 text-center">
            <p role="alert">Could not load your join requests.</p>
            <Button variant="outline" onClick={() => query.refetch()}>
              Try Again
            </Button>
          </div>
        ) : query.data.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-input bg-card px-6 py-12 text-center">
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-indigo-100 text-indigo-700">
              <Inbox className="size-6" aria-hidden="true" />
            </span>
            <h2 className="font-semibold">No join requests found</h2>
            <p className="max-w-md text-sm text-muted-foreground">
              When you ask to join a threadline that needs its owner's approval, the request shows up here.
            </p>
            <Button onClick={() => navigate('/')}>Explore Threadlines</Button>
          </div>
        ) : (
          <ul className="grid gap-4">
            {query.data.map((request) => (
              <li key={request.id}>
                <JoinRequestCard request={request} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </SignedInLayout>
  );
}
