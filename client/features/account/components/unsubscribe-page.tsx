// /unsubscribe?token= (issue 27): where a notification mail's or digest's visible unsubscribe link leads,
// signed in or out. Nothing changes until the button is pressed (mail scanners follow links); then the
// answer is announced and focused, with the way to the preferences.
import { Loader2 } from 'lucide-react';
import * as React from 'react';
import { Link, useSearch } from 'wouter';
import {
  UNSUBSCRIBE_LINK_INVALID,
  type UnsubscribeKind,
  unsubscribeKindOf,
  unsubscribeSubject,
} from '../../../../common/unsubscribe.ts';
import { AuthCardLayout } from '../../../components/auth-card-layout.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { serverMessage } from '../../../lib/authUtils.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useUnsubscribe } from '../api/unsubscribe.ts';

export const UNSUBSCRIBE_FAILED = 'Could not unsubscribe. Please try again.';
const PREFERENCES = 'Choose what you get by e-mail';

export function UnsubscribePage() {
  useDocumentTitle('Unsubscribe');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const kind = unsubscribeKindOf(token);
  return (
    <AuthCardLayout title="Unsubscribe">
      {kind ? <Confirm token={token} kind={kind} /> : <Refused message={UNSUBSCRIBE_LINK_INVALID} />}
    </AuthCardLayout>
  );
}

/** The HTTP status an apiRequest error carries ("400: {...}"). */
const statusOf = (error: unknown) =>
  error instanceof Error ? Number(/^(\d{3}): /.exec(error.message)?.[1]) || undefined : undefined;

function Confirm({ token, kind }: { token: string; kind: UnsubscribeKind }) {
  const unsubscribe = useUnsubscribe();
  const done = React.useRef<HTMLDivElement>(null);
  // The button goes away: focus moves to what replaced it, so a keyboard or screen reader user is not lost.
  React.useEffect(() => {
    if (unsubscribe.isSuccess) done.current?.focus();
  }, [unsubscribe.isSuccess]);

  if (statusOf(unsubscribe.error) === 400) {
    return <Refused message={serverMessage(unsubscribe.error) ?? UNSUBSCRIBE_LINK_INVALID} />;
  }
  if (unsubscribe.isSuccess) {
    return (
      <div className="grid gap-4">
        <div
          ref={done}
          tabIndex={-1}
          role="status"
          className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-center text-emerald-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <p className="font-medium wrap-anywhere">{unsubscribe.data.message}</p>
        </div>
        <Link
          href="/profile"
          className={buttonVariants({ size: 'lg', variant: 'outline', className: 'w-full' })}
        >
          {PREFERENCES}
        </Link>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <p className="text-center wrap-anywhere">Stop getting {unsubscribeSubject(kind)}?</p>
      {unsubscribe.isError && <FormAlert>{UNSUBSCRIBE_FAILED}</FormAlert>}
      {/* Not disabled while sending: a disabled button would drop the keyboard focus. */}
      <Button
        size="lg"
        className="w-full"
        aria-disabled={unsubscribe.isPending}
        onClick={() => {
          if (!unsubscribe.isPending) unsubscribe.mutate(token);
        }}
      >
        {unsubscribe.isPending && <Loader2 className="size-4 animate-spin" aria-hidden="true" />}
        Unsubscribe
      </Button>
      <Link
        href="/profile"
        className={buttonVariants({ size: 'lg', variant: 'outline', className: 'w-full' })}
      >
        {PREFERENCES}
      </Link>
    </div>
  );
}

/** A malformed, forged or expired link: the reason, and the preferences (after sign-in when signed out). */
function Refused({ message }: { message: string }) {
  return (
    <div className="grid gap-4">
      <FormAlert>{message}</FormAlert>
      <Link href="/profile" className={buttonVariants({ size: 'lg', className: 'w-full' })}>
        {PREFERENCES}
      </Link>
    </div>
  );
}
