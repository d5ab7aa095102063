// A post's actions (the author's edit, owner pin/unpin, delete where allowed) in a menu: arrow keys and
// Enter; focus goes back to its button, also after the delete confirmation closes (the editor takes focus
// itself and gives it back to this button when it closes).
import { MoreHorizontal, Pencil, Pin, PinOff, Trash2 } from 'lucide-react';
import * as React from 'react';
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
  canEdit = false,
  onPin,
  onDelete,
  onEdit,
}: {
  authorName: string;
  pinned: boolean;
  canPin: boolean;
  canDelete: boolean;
  canEdit?: boolean;
  onPin: () => void;
  onDelete: () => void;
  onEdit?: () => void;
}) {
  const editing = React.useRef(false);
  if (!canPin && !canDelete && !canEdit) return null;
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
      <DropdownMenuContent
        align="end"
        onCloseAutoFocus={(e) => {
          // The editor opening in the card keeps focus.
          if (editing.current) e.preventDefault();
          editing.current = false;
        }}
      >
        {canEdit && (
          <DropdownMenuItem
            onSelect={() => {
              editing.current = true;
              onEdit?.();
            }}
          >
            <Pencil aria-hidden="true" />
            Edit post
          </DropdownMenuItem>
        )}
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
