// "edited" beside a post's or comment's time (issue 24). Its tooltip, the full local date and time of the
// last edit, shows on hover and on keyboard focus and hides on Escape (WCAG 1.4.13); screen readers get the
// same words as its description. With `onOpen` it is a button (a post's History), else a focusable mark.
import * as React from 'react';

const fullTime = (iso: string) => new Date(iso).toLocaleString();

export function EditedMark({ editedAt, onOpen }: { editedAt: string; onOpen?: () => void }) {
  const [shown, setShown] = React.useState(false);
  const tipId = React.useId();
  const handlers = {
    onMouseEnter: () => setShown(true),
    onMouseLeave: () => setShown(false),
    onFocus: () => setShown(true),
    onBlur: () => setShown(false),
    onKeyDown: (e: React.KeyboardEvent) => {
      if (e.key === 'Escape' && shown) {
        e.stopPropagation();
        setShown(false);
      }
    },
    'aria-describedby': tipId,
    className:
      'rounded-sm text-xs text-muted-foreground underline decoration-dotted underline-offset-2 hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
  };
  return (
    <span className="relative inline-flex">
      {onOpen ? (
        <button type="button" {...handlers} onClick={onOpen} aria-haspopup="dialog">
          edited<span className="sr-only">, show history</span>
        </button>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so keyboard users reach its tooltip.
        <span tabIndex={0} {...handlers}>
          edited
        </span>
      )}
      <span
        id={tipId}
        role="tooltip"
        className={
          shown
            ? 'absolute left-0 top-full z-20 mt-1 w-max max-w-[14rem] rounded-md bg-foreground px-2 py-1 text-xs text-background shadow'
            : 'sr-only'
        }
      >
        Edited {fullTime(editedAt)}
      </span>
    </span>
  );
}
