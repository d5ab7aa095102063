// The notification card (spec 000 §2, §4, §9): top right, the newest notification with View and close;
// fades in after 100 ms, shows for 5 s, fades out over 300 ms, then is removed. It never takes the focus;
// while the pointer or the focus is on it, it stays (a keyboard user who tabbed to it is not cut off).
import { X } from 'lucide-react';
import * as React from 'react';
import { useLocation } from 'wouter';
import { NOTIFICATION_CARD } from '../../common/realtime-constants.ts';
import { focusHeadingIfLost } from '../lib/focus-heading.ts';
import { useMessagingModal } from '../lib/messaging-modal.tsx';
import type { AppNotification, NotificationStore } from '../lib/realtime/notifications.ts';
import { cn } from '../lib/utils.ts';
import { Button } from './ui/button.tsx';
import { UserAvatar } from './user-avatar.tsx';

type Phase = 'entering' | 'visible' | 'exiting';

export function NotificationCard({ store }: { store: NotificationStore }) {
  const items = React.useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const newest = items[0];
  const [goneId, setGoneId] = React.useState<string | null>(null);
  const showing = newest && newest.id !== goneId ? newest : null;
  return (
    <>
      {/* Always in the page, so screen readers announce what is put in it (a live region added together
          with its text is often missed). */}
      <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {showing ? [showing.message, showing.place && `in ${showing.place}`].filter(Boolean).join(' ') : ''}
      </div>
      {showing && <Card key={showing.id} notification={showing} onGone={() => setGoneId(showing.id)} />}
    </>
  );
}

/** The focus goes back to `back` when it is still there, else to the page's heading. */
function giveFocusBack(card: HTMLElement | null, back: HTMLElement | null) {
  if (back?.isConnected) {
    back.focus();
    return;
  }
  if (card?.contains(document.activeElement)) (document.activeElement as HTMLElement).blur();
  setTimeout(() => focusHeadingIfLost(document.querySelector('main')), 0);
}

function Card({ notification, onGone }: { notification: AppNotification; onGone: () => void }) {
  const [phase, setPhase] = React.useState<Phase>('entering');
  const [held, setHeld] = React.useState({ pointer: false, focus: false });
  const [, navigate] = useLocation();
  const messaging = useMessagingModal();
  const ref = React.useRef<HTMLElement>(null);
  /** Where the focus was before a keyboard user came to the card, to give it back on close. */
  const returnFocus = React.useRef<HTMLElement | null>(null);
  const hadFocus = React.useRef(false);
  const onGoneRef = React.useRef(onGone);
  onGoneRef.current = onGone;
  const paused = held.pointer || held.focus;

  React.useEffect(() => {
    if (phase === 'entering') {
      const timer = setTimeout(() => setPhase('visible'), NOTIFICATION_CARD.enterDelayMs);
      return () => clearTimeout(timer);
    }
    if (phase === 'visible') {
      if (paused) return;
      const timer = setTimeout(() => setPhase('exiting'), NOTIFICATION_CARD.visibleMs);
      return () => clearTimeout(timer);
    }
    const timer = setTimeout(() => onGoneRef.current(), NOTIFICATION_CARD.exitMs);
    return () => clearTimeout(timer);
  }, [phase, paused]);

  // Removed while it had the focus: back where the user was, else the page's heading.
  React.useEffect(() => {
    const card = ref.current;
    return () => {
      if (hadFocus.current) giveFocusBack(card, returnFocus.current);
    };
  }, []);

  const close = () => {
    if (hadFocus.current) {
      hadFocus.current = false;
      giveFocusBack(ref.current, returnFocus.current);
    }
    setPhase('exiting');
  };
  const view = () => {
    const { href, conversationId } = notification;
    if (hadFocus.current) {
      // The next screen puts the focus on its heading (the modal takes it itself).
      hadFocus.current = false;
      if (!conversationId) giveFocusBack(ref.current, null);
    }
    onGoneRef.current();
    if (conversationId) messaging.open(conversationId);
    else if (href) navigate(href);
  };

  const who = notification.author;
  return (
    <aside
      ref={ref}
      aria-label="Notification"
      data-state={phase}
      inert={phase !== 'visible'}
      onPointerEnter={() => setHeld((h) => ({ ...h, pointer: true }))}
      onPointerLeave={() => setHeld((h) => ({ ...h, pointer: false }))}
      onFocus={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          returnFocus.current = event.relatedTarget instanceof HTMLElement ? event.relatedTarget : null;
        }
        hadFocus.current = true;
        setHeld((h) => ({ ...h, focus: true }));
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          hadFocus.current = false;
          setHeld((h) => ({ ...h, focus: false }));
        }
      }}
      className={cn(
        'fixed top-[4.5rem] right-3 left-3 z-50 flex items-start gap-3 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-lg transition-[opacity,translate] ease-out sm:left-auto sm:w-96',
        phase === 'visible' ? 'translate-y-0 opacity-100' : '-translate-y-2 opacity-0',
        phase === 'exiting' ? 'duration-300' : 'duration-200',
      )}
    >
      {who && (
        <UserAvatar
          user={{ displayName: who.name, profileImageUrl: who.profileImageUrl }}
          className="size-9"
        />
      )}
      <div className="min-w-0 flex-1">
        {who && <p className="truncate text-sm font-semibold">{who.name}</p>}
        <p className="wrap-anywhere text-sm text-muted-foreground">
          {notification.message}
          {notification.place && (
            <span className="font-medium text-foreground"> in {notification.place}</span>
          )}
        </p>
        {notification.excerpt && (
          <blockquote className="mt-1.5 line-clamp-2 border-l-2 border-border pl-2 text-sm wrap-anywhere text-foreground">
            “{notification.excerpt}”
          </blockquote>
        )}
        {(notification.href || notification.conversationId) && (
          <Button size="sm" className="mt-3" onClick={view}>
            View
          </Button>
        )}
      </div>
      <button
        type="button"
        aria-label="Close notification"
        onClick={close}
        className="-m-1 shrink-0 rounded-md p-1 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </aside>
  );
}
