// A result's highlighted excerpt, built as text nodes and <mark> elements (never innerHTML).
import { excerptSegments } from '../lib/excerpt.ts';

export function SearchExcerpt({ html }: { html: string }) {
  return (
    <p className="break-words text-sm whitespace-pre-wrap">
      {excerptSegments(html).map((segment, i) =>
        segment.mark ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity but their order
          <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-foreground">
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </p>
  );
}
