// Where the notification bell goes in a header (issue 27). Its code (the count's query, the icon, the panel's
// loader) is fetched once the page is idle: the signed-in pages' first load has no room left (issue 14's
// budget), and fetching and running it with the page's own code lengthened the threadline's first load
// (Lighthouse's blocking time). Until it is in, an empty box of the bell's size holds its place, so nothing
// moves when it comes. A failed fetch (the server restarting, the network gone) keeps the box and tries again
// later: never React.lazy, whose failure would take the page down with it. The one import of a feature from
// here: the bell is the notifications feature's, shown in every header.
import * as React from 'react';
import { whenIdle } from '../lib/when-idle.ts';

type Bell = typeof import('../features/notifications/components/notification-bell.tsx').NotificationBell;

/** Once loaded, later headers (another page) show the bell at once. */
let loaded: Bell | null = null;
const RETRY_MS = 10_000;

export function NotificationBellSlot() {
  const [Bell, setBell] = React.useState<Bell | null>(() => loaded);
  React.useEffect(() => {
    if (Bell) return;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let gone = false;
    const load = () =>
      import('../features/notifications/components/notification-bell.tsx').then(
        (module) => {
          loaded = module.NotificationBell;
          if (!gone) setBell(() => module.NotificationBell);
        },
        () => {
          if (!gone) retry = setTimeout(load, RETRY_MS);
        },
      );
    const cancel = whenIdle(() => void load());
    return () => {
      gone = true;
      cancel();
      if (retry !== undefined) clearTimeout(retry);
    };
  }, [Bell]);
  return Bell ? <Bell /> : <span className="size-9 shrink-0" />;
}
