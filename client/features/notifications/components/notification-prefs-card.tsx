// The profile's notification preferences (issue 27; DECISIONS §10): for each kind, e-mail immediately, in the
// digest or never, and the digest itself daily, weekly or never. Mail goes only to a verified address: while
// it is not, the card says so and leads to the profile's own "Verify your e-mail" notice (its Resend button).
import { ChevronDown } from 'lucide-react';
import * as React from 'react';
import {
  DIGEST_FREQUENCIES,
  type DigestFrequency,
  MAIL_DELIVERIES,
  MAIL_KIND_LABELS,
  MAIL_KINDS,
  type MailDelivery,
  type NotificationPrefs,
} from '../../../../common/notifications.ts';
import { PendingLabel } from '../../../components/pending-label.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { useAuth, useMeta } from '../../../lib/auth.ts';
import { useNotificationPrefs } from '../api/get-preferences.ts';
import { useUpdateNotificationPrefs } from '../api/update-preferences.ts';
import { PushDeviceToggle } from './push-device-toggle.tsx';

export const DELIVERY_LABELS: Record<MailDelivery, string> = {
  immediately: 'Immediately',
  digest: 'In the digest',
  never: 'Never',
};
export const DIGEST_LABELS: Record<DigestFrequency, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  never: 'Never',
};

/** The id of the profile's unverified-address notice (account feature), which this card leads to. */
export const VERIFY_NOTICE_ID = 'email-verification';

export function NotificationPrefsCard() {
  const query = useNotificationPrefs();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>
          What Threadline e-mails you about. The bell at the top of every page lists everything either way.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <MailNote />
        {query.data ? (
          <PrefsForm saved={query.data} />
        ) : query.isError ? (
          <div className="grid justify-items-start gap-2">
            <p role="alert" className="text-sm">
              Could not load your preferences.
            </p>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <p role="status" className="text-sm text-muted-foreground">
            Loading preferences...
          </p>
        )}
        <div className="border-t border-border pt-5">
          <PushDeviceToggle />
        </div>
      </CardContent>
    </Card>
  );
}

/** Mail goes only to a verified address; until it is, the way to verify it. */
function MailNote() {
  const { user } = useAuth();
  const { data: meta } = useMeta();
  if (!user?.email) {
    return (
      <p className="text-sm text-muted-foreground">Your account has no e-mail address, so none is sent.</p>
    );
  }
  if (user.emailVerified) {
    return (
      <p className="text-sm text-muted-foreground wrap-anywhere">
        E-mail goes to your verified address, {user.email}.
      </p>
    );
  }
  // Built-in accounts verify here (the notice at the top of the profile); a sign-in provider verifies its own.
  const local = meta?.authProvider === 'local';
  return (
    <div className="grid justify-items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="wrap-anywhere">
        E-mail goes only to a verified address, and {user.email} is not verified yet
        {local ? '' : ' by your sign-in provider'}: until it is, Threadline sends you no e-mail.
      </p>
      {local && (
        <Button variant="outline" size="sm" className="bg-card" onClick={goToVerifyNotice}>
          Verify your e-mail
        </Button>
      )}
    </div>
  );
}

/** To the profile's notice, onto its Resend button, so a keyboard user can act on it at once. */
function goToVerifyNotice() {
  const notice = document.getElementById(VERIFY_NOTICE_ID);
  if (!notice) return;
  notice.scrollIntoView({ block: 'center' });
  (notice.querySelector<HTMLElement>('button') ?? notice).focus({ preventScroll: true });
}

function PrefsForm({ saved }: { saved: NotificationPrefs }) {
  const [prefs, setPrefs] = React.useState(saved);
  const update = useUpdateNotificationPrefs();
  const idBase = React.useId();

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!update.isPending) update.mutate(prefs);
  };

  return (
    <form className="grid gap-5" onSubmit={onSubmit} aria-label="E-mail preferences">
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">E-mail me about</legend>
        {MAIL_KINDS.map((kind) => (
          <div key={kind} className="grid gap-1.5 sm:grid-cols-[1fr_12rem] sm:items-center sm:gap-4">
            <Label htmlFor={`${idBase}-${kind}`}>{MAIL_KIND_LABELS[kind]}</Label>
            <NativeSelect
              id={`${idBase}-${kind}`}
              value={prefs.email[kind]}
              onChange={(value) =>
                setPrefs((p) => ({ ...p, email: { ...p.email, [kind]: value as MailDelivery } }))
              }
            >
              {MAIL_DELIVERIES.map((delivery) => (
                <option key={delivery} value={delivery}>
                  {DELIVERY_LABELS[delivery]}
                </option>
              ))}
            </NativeSelect>
          </div>
        ))}
      </fieldset>
      <div className="grid gap-1.5 sm:grid-cols-[1fr_12rem] sm:items-center sm:gap-4">
        <div className="grid gap-1">
          <Label htmlFor={`${idBase}-digest`}>Digest</Label>
          <p id={`${idBase}-digest-hint`} className="text-xs text-muted-foreground">
            What happened in your threadlines: the top posts by reactions and comments, and how many others.
          </p>
        </div>
        <NativeSelect
          id={`${idBase}-digest`}
          describedBy={`${idBase}-digest-hint`}
          value={prefs.digest}
          onChange={(value) => setPrefs((p) => ({ ...p, digest: value as DigestFrequency }))}
        >
          {DIGEST_FREQUENCIES.map((frequency) => (
            <option key={frequency} value={frequency}>
              {DIGEST_LABELS[frequency]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div>
        <Button type="submit" disabled={update.isPending} className="w-full sm:w-auto">
          <PendingLabel pending={update.isPending} label="Save preferences" pendingLabel="Saving..." />
        </Button>
      </div>
    </form>
  );
}

function NativeSelect({
  id,
  value,
  onChange,
  describedBy,
  children,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  describedBy?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="relative w-full min-w-0">
      <select
        id={id}
        value={value}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
        className="h-10 w-full min-w-0 appearance-none truncate rounded-lg border border-input bg-card pr-9 pl-3 text-sm text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 opacity-60"
        aria-hidden="true"
      />
    </div>
  );
}
