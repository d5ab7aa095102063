// The header's bell (issue 27): the unread count, live over the socket (hooks/use-live-inbox.ts)
// so it follows the user's other tabs and devices. It opens the panel, or on a phone (under 640 px) the
// /notifications page. Loaded after the page's own code (client/components/notification-bell-slot.tsx).
import { Bell } from 'lucide-react';
import * as React from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { capCount } from '../../../lib/format.ts';
import { lazyDialog } from '../../../lib/lazy-dialog.tsx';
import { cn } from '../../../lib/utils.ts';
import { useUnreadNotifications } from '../api/get-notifications.ts';
import type { PanelAnchor } from './notifications-panel.tsx';

const NotificationsPanel = lazyDialog(
  async () => (await import('./notifications-panel.tsx')).NotificationsPanel,
);

/** Below Tailwind's `sm`: the list is a page of its own. */
const NARROW = '(max-width: 639.98px)';

/** "Notifications, 3 unread" while there are some, else "Notifications". */
export const bellLabel = (unread: number) =>
  unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

export function NotificationBell({ className }: { className?: string }) {
  const unread = useUnreadNotifications();
  const [open, setOpen] = React.useState(false);
  const [anchor, setAnchor] = React.useState<PanelAnchor>({ top: 0, right: 0 });
  const [location, navigate] = useLocation();
  const onPage = location === '/notifications';
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className={cn('relative size-9', className)}
        aria-label={bellLabel(unread)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-current={onPage ? 'page' : undefined}
        title="Notifications"
        data-testid="notification-bell"
        onClick={(event) => {
          if (window.matchMedia(NARROW).matches) {
            if (!onPage) navigate('/notifications');
            return;
          }
          // Under the bell, right edges aligned (the headers differ in width).
          const box = event.currentTarget.getBoundingClientRect();
          setAnchor({ top: box.bottom + 8, right: Math.max(12, window.innerWidth - box.right) });
          setOpen(true);
        }}
      >
        <Bell aria-hidden="true" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 inline-flex min-w-4.5 items-center justify-center rounded-full bg-blue-600 px-1 text-[0.6875rem] font-semibold leading-4.5 text-white"
          >
            {capCount(unread)}
          </span>
        )}
      </Button>
      <NotificationsPanel open={open} onOpenChange={setOpen} anchor={anchor} />
    </>
  );
}
