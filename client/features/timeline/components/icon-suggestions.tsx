// The appearance dialog's suggested icons: a grid of emoji buttons with one tab stop (the chosen icon, else
// the first) and the arrow keys moving in two dimensions (Left/Right by one, Up/Down by a row, Home/End).
import * as React from 'react';
import { moveInGrid } from '../../../lib/grid-keys.ts';
import { cn } from '../../../lib/utils.ts';

export function IconSuggestions({
  icons,
  value,
  disabled,
  onPick,
}: {
  icons: readonly string[];
  value: string;
  disabled?: boolean;
  onPick: (emoji: string) => void;
}) {
  const chosen = icons.indexOf(value);
  // The tab stop: the last one focused, else the chosen icon, else the first.
  const [stop, setStop] = React.useState<number | null>(null);
  const current = stop ?? Math.max(chosen, 0);
  const onKeyDown = (event: React.KeyboardEvent<HTMLButtonElement>) => {
    const group = event.currentTarget.closest('fieldset');
    if (group) moveInGrid(event, [...group.querySelectorAll<HTMLElement>('button')]);
  };
  return (
    <fieldset className="flex min-w-0 flex-wrap gap-1">
      <legend className="sr-only">Suggested icons</legend>
      {icons.map((emoji, index) => (
        <button
          key={emoji}
          type="button"
          disabled={disabled}
          tabIndex={index === current ? 0 : -1}
          aria-pressed={value === emoji}
          aria-label={`Use ${emoji} as the icon`}
          onClick={() => onPick(emoji)}
          onFocus={() => setStop(index)}
          onKeyDown={onKeyDown}
          className={cn(
            'flex size-9 items-center justify-center rounded-md border border-transparent text-lg hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            value === emoji && 'border-foreground bg-muted',
          )}
        >
          {emoji}
        </button>
      ))}
    </fieldset>
  );
}
