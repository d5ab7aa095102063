// Where the notification bell goes in a header (issue 27). Its code (the count's query, the icon, the panel's
// loader) is fetched once the page has loaded and settled (lib/when-idle.ts whenSettled): the signed-in pages'
// first load has no room left (issue 14's budget), and fetching and running it with the page's own code
// lengthened the threadline's first load (Lighthouse's blocking time). Until it is in, an empty box of the bell's size holds its place, so nothing
// moves when it comes. The one import of a feature from here: the bell is the notifications feature's, shown
// in every header.
import * as React from 'react';
import { whenSettled } from '../lib/when-idle.ts';

const NotificationBell = React.lazy(async () => ({
  default: (await import('../features/notifications/components/notification-bell.tsx')).NotificationBell,
}));

/** Set once the first page settled: later headers (another page) show the bell at once. */
let idleOnce = false;

export function NotificationBellSlot() {
  const [ready, setReady] = React.useState(idleOnce);
  React.useEffect(() => {
    if (ready) return;
    return whenSettled(() => {
      idleOnce = true;
      setReady(true);
    });
  }, [ready]);
  const placeholder = <span className="size-9 shrink-0" />;
  if (!ready) return placeholder;
  return (
    <React.Suspense fallback={placeholder}>
      <NotificationBell />
    </React.Suspense>
  );
}
