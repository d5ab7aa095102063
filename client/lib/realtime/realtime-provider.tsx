// One socket per tab, shared by every screen (spec 000 §4). Signed out there is none, and none of its code
// is loaded: the client, the live updates and the notification card come as one chunk after sign-in.
import * as React from 'react';
import { useAuth } from '../auth.ts';
import { retryImport } from '../retry-import.ts';
import { RealtimeContext } from './context.ts';
import type { RealtimeClient } from './realtime-client.ts';

type LiveModule = typeof import('./live-updates.tsx');

// Fetched again until it comes: a failed fetch (the server restarting at sign-in) must not leave the tab without
// live updates until a reload.
const loadLive = () => retryImport(() => import('./live-updates.tsx'));

export function RealtimeProvider({ children }: { children: React.ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const [live, setLive] = React.useState<{ client: RealtimeClient; module: LiveModule } | null>(null);

  React.useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    let client: RealtimeClient | null = null;
    void loadLive().then((module) => {
      if (cancelled) return;
      client = new module.RealtimeClient({ userId, url: module.socketUrl(window.location) });
      client.connect();
      setLive({ client, module });
    });
    return () => {
      cancelled = true;
      // Signed out (or another user): close normally, so it does not reconnect.
      client?.disconnect();
      setLive(null);
    };
  }, [userId]);

  const Live = live?.module.LiveUpdates;
  return (
    <RealtimeContext.Provider value={live?.client ?? null}>
      {children}
      {Live && live && <Live client={live.client} />}
    </RealtimeContext.Provider>
  );
}
