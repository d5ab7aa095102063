// Post, comment and direct-message text: line breaks kept, long words wrapped anywhere (nothing scrolls sideways at
// 360 px), http(s) links clickable. Built from text nodes, never from HTML.
import * as React from 'react';
import { cn } from '../../../../lib/utils.ts';
import { splitLinks } from '../../lib/post-links.ts';

export function LinkedText({
  text,
  className,
  linkClassName,
}: {
  text: string;
  className?: string;
  /** Colours for a background other than the card's (one's own direct messages). */
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
          <React.Fragment key={i}>{piece.text}</React.Fragment>
        ),
      )}
    </p>
  );
}
