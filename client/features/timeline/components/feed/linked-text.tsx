// Post, comment and direct-message text: line breaks kept, long words wrapped anywhere (nothing scrolls sideways at
// 360 px), http(s) links clickable, listed @mentions highlighted under the person's current name (issue 27).
// Built from text nodes, never from HTML.
import * as React from 'react';
import { type Mention, splitMentions } from '../../../../lib/mentions.ts';
import { cn } from '../../../../lib/utils.ts';
import { splitLinks } from '../../lib/post-links.ts';

/** A mention's highlight: the links' colour, no underline (it leads nowhere), a tint of its own colour. */
const MENTION_CLASS = 'rounded-sm bg-current/10 px-0.5 font-semibold text-primary';

export function LinkedText({
  text,
  mentions,
  className,
  linkClassName,
}: {
  text: string;
  /** Whom the text mentions (the item's `mentions`); others' "@Name" stays plain. */
  mentions?: readonly Mention[];
  className?: string;
  /** Colours of links and mentions for a background other than the card's (one's own direct messages). */
  linkClassName?: string;
}) {
  const pieces = React.useMemo(() => splitLinks(text), [text]);
  return (
    <p className={cn('whitespace-pre-wrap wrap-anywhere', className)}>
      {pieces.map((piece, i) =>
        piece.kind === 'link' ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: pieces never reorder
            key={i}
            href={piece.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className={cn(
              'font-medium text-primary underline underline-offset-2 hover:no-underline focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              linkClassName,
            )}
          >
            {piece.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces never reorder
          <React.Fragment key={i}>
            {splitMentions(piece.text, mentions).map((part, j) =>
              typeof part === 'string' ? (
                part
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder
                <span key={j} data-mention={part.id} className={cn(MENTION_CLASS, linkClassName)}>
                  {part.text}
                </span>
              ),
            )}
          </React.Fragment>
        ),
      )}
    </p>
  );
}
