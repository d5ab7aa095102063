// The who-reacted tooltip itself, loaded on first use (who-reacted.tsx): Radix anchors it to the chip and
// names it in the chip's aria-describedby while open; the names load when it first opens.
import type * as React from 'react';
import { HEART } from '../../../../../common/posts.ts';
import {
  Tooltip,
  TooltipContent,
  TooltipProvider,
  TooltipTrigger,
} from '../../../../components/ui/tooltip-radix.tsx';
import { usePostReactors } from '../../api/get-post-reactors.ts';
import { reactorNames } from '../../lib/reactor-names.ts';

export interface ReactorsProps {
  postId: string;
  emoji: string;
  /** The post's counts as `countsKey` writes them: new counts, a new list. */
  counts: string;
  currentUserId?: string;
}

function ReactorNames({ postId, emoji, counts, currentUserId }: ReactorsProps) {
  const { data, isError } = usePostReactors(postId, counts);
  const heading = emoji === HEART ? 'Liked by' : `Reacted with ${emoji}`;
  let body = 'Loading…';
  if (isError) body = 'Could not load who reacted';
  else if (data)
    body = reactorNames(
      data.reactions.find((r) => r.emoji === emoji),
      currentUserId,
    );
  return (
    <>
      <span className="block text-xs font-medium text-muted-foreground">{heading}</span>
      <span className="block">{body}</span>
    </>
  );
}

export function WhoReactedTip({
  open,
  onOpenChange,
  trigger,
  ...list
}: ReactorsProps & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: React.ReactElement;
}) {
  return (
    <TooltipProvider delayDuration={300} skipDelayDuration={300}>
      <Tooltip open={open} onOpenChange={onOpenChange}>
        <TooltipTrigger asChild>{trigger}</TooltipTrigger>
        <TooltipContent side="top" data-testid="who-reacted">
          <ReactorNames {...list} />
        </TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
