// A post's actions (Copy link for everyone, the author's edit, owner pin/unpin, delete where allowed) in a
// menu: arrow keys and Enter; focus goes back to its button, also after the delete confirmation closes (the
// editor takes focus itself and gives it back to this button when it closes).
import { Check, Link2, MoreHorizontal, Pencil, Pin, PinOff, Trash2 } from 'lucide-react';
import * as React from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../../components/ui/dropdown-menu.tsx';
import { useCopyToClipboard } from '../../../../lib/use-copy-to-clipboard.ts';
import { toast } from '../../../../lib/use-toast.ts';

export function PostActionsMenu({
  authorName,
  link,
  pinned,
  canPin,
  canDelete,
  canEdit = false,
  onPin,
  onDelete,
  onEdit,
}: {
  authorName: string;
  /** The post's absolute deep link (issue 25), for "Copy link". */
  link: string;
  pinned: boolean;
  canPin: boolean;
  canDelete: boolean;
  canEdit?: boolean;
  onPin: () => void;
  onDelete: () => void;
  onEdit?: () => void;
}) {
  const editing = React.useRef(false);
  const { copied, copy } = useCopyToClipboard();
  const copyLink = async () => {
    if (await copy(link)) toast({ title: 'Link copied to clipboard' });
    else toast({ title: 'Error', description: 'Could not copy the link', variant: 'destructive' });
  };
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
        <DropdownMenuItem onSelect={() => void copyLink()}>
          {copied ? <Check className="text-emerald-700" aria-hidden="true" /> : <Link2 aria-hidden="true" />}
          {copied ? 'Link copied' : 'Copy link'}
        </DropdownMenuItem>
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
