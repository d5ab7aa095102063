// The profile page's Signed-in devices section (DECISIONS §10), for local and OpenID Connect accounts alike:
// each session with its browser, system and last use, this one marked, any other signed out from here.
import { useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { SESSION_NOT_FOUND } from '../../../../common/account.ts';
import type { SessionInfo } from '../../../../common/schemas/account.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { LocalTime } from '../../../components/local-time.tsx';
import { PendingLabel } from '../../../components/pending-label.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { isUnauthorizedError, serverMessage } from '../../../lib/authUtils.ts';
import { keyboardModality } from '../../../lib/focus-heading.ts';
import {
  isSessionGone,
  SESSIONS_QUERY_KEY,
  useEndOtherSessions,
  useEndSession,
  useSessions,
} from '../api/sessions.ts';
import { lastSeenText } from '../lib/last-seen.ts';
import { deviceName, parseUserAgent, UNKNOWN_BROWSER } from '../lib/user-agent.ts';

/** Where focus goes once a row is gone: the n-th remaining Sign out button, or the card's heading. */
type FocusTarget = { button: number } | 'heading';

export function SessionsCard() {
  const queryClient = useQueryClient();
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [ending, setEnding] = React.useState<string | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const [focusTarget, setFocusTarget] = React.useState<FocusTarget | null>(null);
  const headingRef = React.useRef<HTMLHeadingElement>(null);
  const listRef = React.useRef<HTMLUListElement>(null);

  const list = sessions.data ?? [];
  const others = list.filter((session) => !session.current);
  const busy = endOne.isPending || endOthers.isPending;

  // After the render without the row: the button that took its place, else the heading (never the page's top).
  React.useEffect(() => {
    if (focusTarget === null) return;
    setFocusTarget(null);
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-end-session]');
    const next = focusTarget === 'heading' ? undefined : buttons?.[focusTarget.button];
    if (next) next.focus();
    else focusHeading(headingRef.current);
  }, [focusTarget]);

  const refetch = () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
  const drop = (ids: ReadonlySet<string>) =>
    queryClient.setQueryData<SessionInfo[]>(SESSIONS_QUERY_KEY, (old) => old?.filter((s) => !ids.has(s.id)));

  const endSession = (id: string, index: number) => {
    if (busy) return;
    setError(null);
    setEnding(id);
    const gone = () => {
      drop(new Set([id]));
      setFocusTarget({ button: index });
      void refetch();
    };
    endOne.mutate(id, {
      onSuccess: gone,
      onError: (failure) => {
        if (isUnauthorizedError(failure)) return;
        if (isSessionGone(failure)) {
          // Ended meanwhile (signed out there, or expired): said, and the row goes as if ended here.
          setError(serverMessage(failure) ?? SESSION_NOT_FOUND);
          gone();
        } else setError(serverMessage(failure) ?? 'Could not sign that device out. Please try again.');
      },
      onSettled: () => setEnding(null),
    });
  };

  const endAllOthers = () => {
    if (busy || others.length === 0) return;
    setError(null);
    endOthers.mutate(
      others.map((session) => session.id),
      {
        onSuccess: () => {
          drop(new Set(others.map((session) => session.id)));
          setFocusTarget('heading');
          void refetch();
        },
        onError: async (failure) => {
          if (isUnauthorizedError(failure)) return;
          setError(serverMessage(failure) ?? 'Could not sign every other device out. Please try again.');
          await refetch();
          // The button goes with the last other device; focus must not fall to the page's top.
          if (!document.activeElement || document.activeElement === document.body) setFocusTarget('heading');
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle ref={headingRef}>Signed-in devices</CardTitle>
        <CardDescription>
          Where your Threadline account is signed in. A device you sign out has to sign in again.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading devices...
          </p>
        ) : sessions.isError && !sessions.data ? (
          <div className="grid gap-3">
            <FormAlert>Could not load your signed-in devices.</FormAlert>
            <div>
              <Button variant="outline" onClick={() => void sessions.refetch()}>
                Try again
              </Button>
            </div>
          </div>
        ) : (
          <ul ref={listRef} className="grid divide-y divide-border">
            {list.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                pending={ending === session.id}
                onEnd={() => endSession(session.id, others.indexOf(session))}
              />
            ))}
          </ul>
        )}
        {error && <FormAlert>{error}</FormAlert>}
        {others.length > 0 && (
          <div>
            <Button variant="outline" className="w-full sm:w-auto" onClick={endAllOthers}>
              <PendingLabel
                pending={endOthers.isPending}
                label="Sign out everywhere else"
                pendingLabel="Signing out..."
              />
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function SessionRow({
  session,
  pending,
  onEnd,
}: {
  session: SessionInfo;
  pending: boolean;
  onEnd: () => void;
}) {
  const seenId = React.useId();
  const device = parseUserAgent(session.userAgent);
  const name = deviceName(device);
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
          <span className="min-w-0 wrap-anywhere">{name}</span>
          {session.current && (
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
              This device
            </span>
          )}
        </p>
        <p id={seenId} className="text-sm text-muted-foreground">
          <LocalTime dateTime={session.lastSeenAt}>{lastSeenText(session.lastSeenAt)}</LocalTime>
        </p>
        {/* A browser the list cannot name is shown as it introduced itself. */}
        {device.browser === UNKNOWN_BROWSER && session.userAgent && (
          <p className="text-xs break-all text-muted-foreground">{session.userAgent}</p>
        )}
      </div>
      {!session.current && (
        <Button
          variant="outline"
          size="sm"
          data-end-session=""
          aria-label={`Sign out ${name}`}
          aria-describedby={seenId}
          onClick={onEnd}
        >
          <PendingLabel pending={pending} label="Sign out" pendingLabel="Signing out..." />
        </Button>
      )}
    </li>
  );
}

/** The card's heading takes focus by script, with a ring only for someone moving by keyboard. */
function focusHeading(heading: HTMLHeadingElement | null) {
  if (!heading) return;
  heading.tabIndex = -1;
  const ring = keyboardModality();
  heading.dataset.focusRing = ring ? 'shown' : 'hidden';
  heading.focus({ focusVisible: ring } as FocusOptions);
}
