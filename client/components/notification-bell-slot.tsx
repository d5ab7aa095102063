// Where the notification bell goes in a header (issue 27). Its code (the count's query, the icon, the panel's
// loader) is fetched after the page's own: the signed-in pages' first load has no room left (issue 14's
// budget). Until it is in, an empty box of the bell's size holds its place, so nothing moves when it comes.
// The one import of a feature from here: the bell is the notifications feature's, shown in every header.
import * as React from 'react';

const NotificationBell = React.lazy(async () => ({
  default: (await import('../features/notifications/components/notification-bell.tsx')).NotificationBell,
}));

export function NotificationBellSlot() {
  return (
    <React.Suspense fallback={<span className="size-9 shrink-0" />}>
      <NotificationBell />
    </React.Suspense>
  );
}
