// A small emoji picker for reactions: a fixed set in a menu laid out as a grid (Left/Right by one, Up/Down
// by a row, Home/End, Enter, Escape; focus returns to the button that opened it).
import { SmilePlus } from 'lucide-react';
import type * as React from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../../components/ui/dropdown-menu.tsx';
import { moveInGrid } from '../../../../lib/grid-keys.ts';
import { cn } from '../../../../lib/utils.ts';

export const PICKER_EMOJI = [
  '\u{1F44D}', // 👍
  '\u{1F602}', // 😂
  '\u{1F62E}', // 😮
  '\u{1F622}', // 😢
  '\u{1F621}', // 😡
  '\u{1F389}', // 🎉
  '\u{1F525}', // 🔥
  '\u{1F44F}', // 👏
  '\u{1F64F}', // 🙏
  '\u{1F60D}', // 😍
  '\u{1F914}', // 🤔
  '\u{1F440}', // 👀
  '\u{1F4AF}', // 💯
  '\u2705', // ✅
  '\u{1F680}', // 🚀
  '\u{1F31F}', // 🌟
] as const;

/** The menu's own keys move by one item; in the grid, Up and Down move by a row. */
function gridKeys(event: React.KeyboardEvent<HTMLElement>) {
  const menu = event.currentTarget.closest('[role="menu"]');
  if (menu) moveInGrid(event, [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')]);
}

export function EmojiPicker({
  mine,
  disabled,
  onPick,
}: {
  mine: readonly string[];
  disabled?: boolean;
  onPick: (emoji: string) => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild disabled={disabled}>
        <Button variant="ghost" size="sm" className="h-8 px-2" aria-label="Add reaction" title="Add reaction">
          <SmilePlus aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="start"
        className="grid min-w-0 grid-cols-4 gap-1 p-1.5"
        aria-label="Reactions"
      >
        {PICKER_EMOJI.map((emoji) => {
          const chosen = mine.includes(emoji);
          return (
            <DropdownMenuItem
              key={emoji}
              onSelect={() => onPick(emoji)}
              onKeyDown={gridKeys}
              aria-label={chosen ? `Remove reaction ${emoji}` : `React with ${emoji}`}
              className={cn(
                'size-10 justify-center p-0 text-xl',
                chosen && 'bg-indigo-100 ring-1 ring-indigo-300 data-[highlighted]:bg-indigo-200',
              )}
            >
              {emoji}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
