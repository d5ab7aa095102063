import { MessageSquare } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';

/** The feed's empty state (spec 001 §2 Feed) until posts arrive. */
export function FeedPlaceholder({ archived }: { archived: boolean }) {
  return (
    <section aria-labelledby="feed-heading">
      <h2 id="feed-heading" className="sr-only">
        Posts
      </h2>
      <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-indigo-100 text-indigo-700">
          <MessageSquare className="size-6" aria-hidden="true" />
        </span>
        <p className="text-lg font-semibold">No posts yet</p>
        <p className="text-muted-foreground">
          {archived ? 'This threadline is archived.' : 'Be the first to share something on this timeline!'}
        </p>
      </Card>
    </section>
  );
}
