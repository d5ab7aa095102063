// The bell's panel on wider screens (issue 27): a dialog anchored under the bell. Focus moves into it on open; Escape, the close button or following a notification closes it, and focus
// goes back to the bell (unless a notification was followed: the new page places it).
import * as React from 'react';
import { Dialog, DialogContent, DialogTitle } from '../../../components/ui/dialog.tsx';
import { MarkAllRead, NotificationList } from './notification-list.tsx';

/** Where the panel's top right corner goes, in viewport pixels (from the top and the right edge). */
export interface PanelAnchor {
  top: number;
  right: number;
}

export function NotificationsPanel({
  open,
  onOpenChange,
  anchor,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  anchor: PanelAnchor;
}) {
  const followed = React.useRef(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        aria-describedby={undefined}
        className="inset-auto m-0 w-[min(26rem,calc(100vw-1.5rem))] gap-3 p-3 sm:p-4"
        style={{ top: anchor.top, right: anchor.right, maxHeight: `calc(100dvh - ${anchor.top + 12}px)` }}
        onOpenAutoFocus={() => {
          followed.current = false;
        }}
        onCloseAutoFocus={(event) => {
          if (followed.current) event.preventDefault();
        }}
      >
        <div className="flex flex-wrap items-center gap-2 pr-8">
          <DialogTitle className="mr-auto">Notifications</DialogTitle>
          <MarkAllRead className="-my-1" />
        </div>
        <NotificationList
          onFollow={() => {
            followed.current = true;
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
