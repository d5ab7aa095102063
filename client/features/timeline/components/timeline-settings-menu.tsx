// The owner's settings menu (spec 001 §2 Header). Archived threadlines are read-only, so only Delete stays.
import { ChartColumn, Palette, Settings, ShieldCheck, Trash2, UserPlus } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import type { TimelineDialog } from './timeline-dialogs.tsx';

export function TimelineSettingsMenu({
  archived,
  onOpen,
}: {
  archived: boolean;
  onOpen: (dialog: TimelineDialog) => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size="icon"
          className="size-9"
          aria-label="Threadline settings"
          title="Threadline settings"
        >
          <Settings aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {!archived && (
          <>
            <DropdownMenuItem onSelect={() => onOpen('permissions')}>
              <ShieldCheck aria-hidden="true" />
              Manage Permissions
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onOpen('joinRequests')}>
              <UserPlus aria-hidden="true" />
              Manage Join Requests
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onOpen('appearance')}>
              <Palette aria-hidden="true" />
              Appearance
            </DropdownMenuItem>
          </>
        )}
        {/* Read-only, so an archived threadline's owner still has it. */}
        <DropdownMenuItem onSelect={() => onOpen('insights')}>
          <ChartColumn aria-hidden="true" />
          Insights
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem destructive onSelect={() => onOpen('delete')}>
          <Trash2 aria-hidden="true" />
          Delete Threadline
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
