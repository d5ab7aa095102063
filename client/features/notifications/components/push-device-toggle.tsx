// "Enable notifications on this device" (issue 27; DECISIONS §10), in the profile's notification card: the
// browser asks for the permission only when the button is pressed, never on load. On, this device gets a push
// for each kind set to e-mail "Immediately" while Threadline is not open anywhere; signing out here ends it.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { FormAlert } from '../../../components/form-alert.tsx';
import { PendingLabel } from '../../../components/pending-label.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { handleUnauthorized, isUnauthorizedError } from '../../../lib/authUtils.ts';
import { toast } from '../../../lib/use-toast.ts';
import { usePushDevices } from '../api/push-devices.ts';
import { pushKeyQuery } from '../api/push-key.ts';
import { useRegisterPushDevice } from '../api/push-subscribe.ts';
import { useRemovePushDevice } from '../api/push-unsubscribe.ts';
import {
  currentSubscription,
  PushPermissionError,
  pushSupport,
  subscribeDevice,
  subscribedWith,
  watchPermission,
} from '../lib/push-device.ts';

export const PUSH_COPY = {
  title: 'Notifications on this device',
  off: 'Get a notification here for what you chose to receive by e-mail immediately, when Threadline is not open.',
  on: 'Notifications are on for this device.',
  enable: 'Enable notifications on this device',
  turnOff: 'Turn off',
  blocked:
    "Notifications are blocked for Threadline in this browser. To get them, allow notifications in the browser's settings for this site, then reload this page.",
  dismissed: 'Notifications were not allowed. Press the button again to be asked once more.',
  unsupported: 'This browser cannot show notifications from Threadline.',
  installFirst:
    'On iPhone and iPad, notifications need Threadline on the Home Screen: in Safari, tap Share, then Add to Home Screen, open Threadline from there and turn them on here.',
  enableFailed: 'Could not turn on notifications on this device. Please try again.',
  disableFailed: 'Could not turn off notifications on this device. Please try again.',
} as const;

export function PushDeviceToggle() {
  const support = React.useMemo(pushSupport, []);
  const titleId = React.useId();
  return (
    <section aria-labelledby={titleId} className="grid gap-2">
      <h3 id={titleId} className="text-sm font-semibold">
        {PUSH_COPY.title}
      </h3>
      {support === 'supported' ? (
        <DeviceSwitch />
      ) : (
        <p className="text-sm text-muted-foreground">
          {support === 'install-first' ? PUSH_COPY.installFirst : PUSH_COPY.unsupported}
        </p>
      )}
    </section>
  );
}

function DeviceSwitch() {
  const queryClient = useQueryClient();
  const devices = usePushDevices();
  const serverKey = useQuery(pushKeyQuery);
  const register = useRegisterPushDevice();
  const remove = useRemovePushDevice();
  // undefined while this browser's subscription is being read.
  const [subscription, setSubscription] = React.useState<PushSubscription | null | undefined>(undefined);
  const [permission, setPermission] = React.useState(() => Notification.permission);
  const [working, setWorking] = React.useState<'enabling' | 'disabling' | null>(null);
  const [problem, setProblem] = React.useState<string | null>(null);
  // The button goes when the click ends in "blocked": focus moves to the words that say why, not to the page.
  const blockedRef = React.useRef<HTMLParagraphElement>(null);
  const [refusedHere, setRefusedHere] = React.useState(false);
  React.useEffect(() => {
    if (refusedHere && permission === 'denied') blockedRef.current?.focus();
  }, [refusedHere, permission]);

  React.useEffect(() => watchPermission(setPermission), []);
  React.useEffect(() => {
    let live = true;
    currentSubscription().then(
      (sub) => live && setSubscription(sub),
      () => live && setSubscription(null),
    );
    return () => {
      live = false;
    };
  }, []);

  // On: allowed, subscribed with the server's current key (the push service refuses pushes signed with another,
  // so a changed key means off), and the server has this subscription for this user.
  const on =
    permission === 'granted' &&
    !!subscription &&
    !!serverKey.data &&
    subscribedWith(subscription, serverKey.data) &&
    !!devices.data?.some((d) => d.endpoint === subscription.endpoint);
  const loading = subscription === undefined || devices.isPending || serverKey.isPending;

  const failed = (error: unknown, message: string) => {
    if (isUnauthorizedError(error)) handleUnauthorized(toast);
    else setProblem(message);
  };

  const enable = async () => {
    setProblem(null);
    setWorking('enabling');
    try {
      // The permission is asked for first, inside this click (subscribeDevice does it before anything else).
      const sub = await subscribeDevice(() => queryClient.fetchQuery(pushKeyQuery));
      setPermission('granted');
      await register.mutateAsync(sub.toJSON());
      setSubscription(sub);
    } catch (error) {
      if (error instanceof PushPermissionError) {
        setPermission(error.permission);
        setRefusedHere(error.permission === 'denied');
        if (error.permission === 'default') setProblem(PUSH_COPY.dismissed);
      } else failed(error, PUSH_COPY.enableFailed);
    } finally {
      setWorking(null);
    }
  };

  const disable = async () => {
    if (!subscription) return;
    setProblem(null);
    setWorking('disabling');
    try {
      await remove.mutateAsync(subscription.endpoint).catch((error: unknown) => {
        // Already gone on the server (signed out elsewhere, a push service said so): off all the same.
        if (!(error instanceof Error && error.message.startsWith('404:'))) throw error;
      });
      await subscription.unsubscribe().catch(() => undefined);
      setSubscription(null);
    } catch (error) {
      failed(error, PUSH_COPY.disableFailed);
    } finally {
      setWorking(null);
    }
  };

  if (permission === 'denied') {
    return (
      <p
        ref={blockedRef}
        tabIndex={-1}
        role={refusedHere ? 'alert' : undefined}
        className="text-sm text-muted-foreground focus-visible:outline-none"
      >
        {PUSH_COPY.blocked}
      </p>
    );
  }
  if (loading) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Checking this device...
      </p>
    );
  }
  return (
    <div className="grid justify-items-start gap-2">
      <p role="status" className="text-sm text-muted-foreground">
        {on ? PUSH_COPY.on : PUSH_COPY.off}
      </p>
      {/* One button whose job changes: focus stays on it when notifications turn on or off. */}
      <Button
        variant="outline"
        size="sm"
        className="h-auto min-h-9 whitespace-normal text-left"
        onClick={() => {
          if (working) return;
          void (on ? disable() : enable());
        }}
        aria-busy={working !== null}
      >
        {on ? (
          <PendingLabel
            pending={working === 'disabling'}
            label={PUSH_COPY.turnOff}
            pendingLabel="Turning off..."
          />
        ) : (
          <PendingLabel
            pending={working === 'enabling'}
            label={PUSH_COPY.enable}
            pendingLabel="Turning on..."
          />
        )}
      </Button>
      {problem && <FormAlert>{problem}</FormAlert>}
    </div>
  );
}
