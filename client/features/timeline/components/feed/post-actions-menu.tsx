// A post's actions (owner pin/unpin, delete where allowed) in a menu: arrow keys and Enter; focus goes
// back to its button, also after the delete confirmation closes.
import { MoreHorizontal, Pin, PinOff, Trash2 } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../../components/ui/dropdown-menu.tsx';

export function PostActionsMenu({
  authorName,
  pinned,
  canPin,
  canDelete,
  onPin,
  onDelete,
}: {
  authorName: string;
  pinned: boolean;
  canPin: boolean;
  canDelete: boolean;
  onPin: () => void;
  onDelete: () => void;
}) {
  if (!canPin && !canDelete) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="-mr-1 -mt-1 size-8"
          aria-label={`Post actions, post by ${authorName}`}
          title="Post actions"
        >
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {canPin && (
          <DropdownMenuItem onSelect={onPin}>
            {pinned ? <PinOff aria-hidden="true" /> : <Pin aria-hidden="true" />}
            {pinned ? 'Unpin post' : 'Pin post'}
          </DropdownMenuItem>
        )}
        {canDelete && (
          <DropdownMenuItem destructive onSelect={onDelete}>
            <Trash2 aria-hidden="true" />
            Delete post
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
