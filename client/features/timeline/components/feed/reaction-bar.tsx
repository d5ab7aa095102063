// The heart is the like (spec 001 §7); other reactions show as chips with their counts, and the picker
// adds more. Every button toggles the caller's reaction; hovering, focusing or long-pressing one with a
// count lists who gave it (issue 25 item 9).
import { Heart, MessageSquare } from 'lucide-react';
import type * as React from 'react';
import { HEART } from '../../../../../common/posts.ts';
import { cn } from '../../../../lib/utils.ts';
import { countsKey } from '../../api/get-post-reactors.ts';
import { EmojiPicker } from './emoji-picker.tsx';
import { type ChipProps, WhoReacted } from './who-reacted.tsx';

const chip =
  'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-full border px-2.5 text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 disabled:cursor-default select-none [-webkit-touch-callout:none]';

export function ReactionBar({
  postId,
  currentUserId,
  counts,
  mine,
  commentCount,
  canReact,
  onToggle,
}: {
  postId: string;
  currentUserId?: string;
  counts: Record<string, number>;
  mine: readonly string[];
  commentCount: number;
  canReact: boolean;
  onToggle: (emoji: string) => void;
}) {
  const likes = counts[HEART] ?? 0;
  const liked = mine.includes(HEART);
  const others = Object.entries(counts).filter(([emoji, n]) => emoji !== HEART && n > 0);
  const key = countsKey(counts);
  /** The same element whatever the count, so liking does not remount the button (focus stays). */
  const withNames = (emoji: string, n: number, chipButton: React.ReactElement<ChipProps>) => (
    <WhoReacted
      key={emoji}
      postId={postId}
      emoji={emoji}
      count={n}
      counts={key}
      currentUserId={currentUserId}
    >
      {chipButton}
    </WhoReacted>
  );
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {withNames(
        HEART,
        likes,
        <button
          type="button"
          className={cn(
            chip,
            liked
              ? 'border-rose-200 bg-rose-50 text-rose-700 hover:bg-rose-100'
              : 'border-border bg-card text-muted-foreground hover:bg-muted',
          )}
          aria-pressed={liked}
          disabled={!canReact}
          onClick={() => onToggle(HEART)}
        >
          <Heart className={cn('size-4', liked && 'fill-current')} aria-hidden="true" />
          <span className="sr-only">Like</span>
          <span className="tabular-nums">{likes}</span>
        </button>,
      )}
      {others.map(([emoji, n]) => {
        const pressed = mine.includes(emoji);
        return withNames(
          emoji,
          n,
          <button
            key={emoji}
            type="button"
            className={cn(
              chip,
              pressed
                ? 'border-indigo-300 bg-indigo-50 text-indigo-800 hover:bg-indigo-100'
                : 'border-border bg-card text-muted-foreground hover:bg-muted',
            )}
            aria-pressed={pressed}
            disabled={!canReact}
            onClick={() => onToggle(emoji)}
          >
            <span className="max-w-16 truncate">{emoji}</span>
            <span className="tabular-nums">{n}</span>
          </button>,
        );
      })}
      {canReact && <EmojiPicker mine={mine} onPick={onToggle} />}
      <span className="ml-auto inline-flex items-center gap-1.5 text-sm text-muted-foreground">
        <MessageSquare className="size-4" aria-hidden="true" />
        {commentCount} {commentCount === 1 ? 'comment' : 'comments'}
      </span>
    </div>
  );
}
