// "n new posts" (issue 11): posts others made while the reader was scrolled down. Floats over the feed
// (below the sticky header on wide screens, above the bottom edge on phones where toasts take the top);
// in the tab order just before the composer, and announced politely when the number changes.
import { ArrowUp } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { newPostsLabel } from '../../lib/live-feed.ts';

export function NewPostsPill({ count, onReveal }: { count: number; onReveal: () => void }) {
  return (
    // Fixed, so it takes no place in the feed's grid even while empty.
    <div
      aria-live="polite"
      className="fixed bottom-5 left-1/2 z-40 -translate-x-1/2 sm:top-20 sm:bottom-auto"
    >
      {count > 0 && (
        <Button size="sm" className="rounded-full shadow-lg" onClick={onReveal}>
          <ArrowUp aria-hidden="true" />
          {newPostsLabel(count)}
        </Button>
      )}
    </div>
  );
}
