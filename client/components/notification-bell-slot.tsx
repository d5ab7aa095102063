// Where the notification bell goes in a header (issue 27). Its code (the count's query, the icon, the panel's
// loader) is fetched once the page has settled (when-idle.ts): the signed-in pages' first load has no room
// left (issue 14's budget), and fetching and running it (with the panel's chunks it pulls in) during the
// page's own first render lengthened the threadline's first load (Lighthouse's blocking time). Until it is
// in, an empty box of the bell's size holds its place, so nothing moves when it comes. A failed fetch (the server restarting, the network gone) keeps the box while it is asked
// for again (retry-import.ts). The one import of a feature from here: the bell is the notifications feature's,
// shown in every header.
import * as React from 'react';
import { retryImport } from '../lib/retry-import.ts';
import { whenSettled } from '../lib/when-idle.ts';

type Bell = typeof import('../features/notifications/components/notification-bell.tsx').NotificationBell;

/** Once loaded, later headers (another page) show the bell at once. */
let loaded: Bell | null = null;

export function NotificationBellSlot() {
  const [Bell, setBell] = React.useState<Bell | null>(() => loaded);
  React.useEffect(() => {
    if (Bell) return;
    let gone = false;
    const cancel = whenSettled(() => {
      void retryImport(() => import('../features/notifications/components/notification-bell.tsx')).then(
        (module) => {
          loaded = module.NotificationBell;
          if (!gone) setBell(() => module.NotificationBell);
        },
      );
    });
    return () => {
      gone = true;
      cancel();
    };
  }, [Bell]);
  return Bell ? <Bell /> : <span className="size-9 shrink-0" />;
}
