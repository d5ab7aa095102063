// The route table of spec 000 §2 plus /login (DECISIONS §2), /forgot-password, /reset-password and
// /verify-email (§10).
import { Loader2 } from 'lucide-react';
import * as React from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { SignInRedirect } from '../features/auth/components/sign-in-redirect.tsx';
import { LandingPage } from '../features/landing/components/landing-page.tsx';
import { PreviousPathTracker } from '../features/messages/lib/previous-path.ts';
import { useAuth, useMeta } from '../lib/auth.ts';
import { lazyNamed } from '../lib/lazy-named.ts';
import { useMessagingModal } from '../lib/messaging-modal.tsx';
import { isAppPath, readLoginQuery } from '../lib/sign-in.ts';

// Every screen but the landing page is its own chunk, so a visitor's first load carries only the landing. By
// the first segment of their path: the app paths (sign-in.ts's isAppPath) are the deep links, and "" is home.
const pages = {
  '': () => import('../features/home/components/home-page.tsx'),
  billing: () => import('../features/billing/components/billing-page.tsx'),
  messages: () => import('../features/messages/components/messages-page.tsx'),
  'my-requests': () => import('../features/my-requests/components/my-requests-page.tsx'),
  notifications: () => import('../features/notifications/components/notification-pages.ts'),
  // The profile's account sections and notification preferences come with it.
  profile: () => {
    void accountPages().catch(() => {});
    void pages.notifications().catch(() => {});
    return import('../features/profile/components/profile-page.tsx');
  },
  search: () => import('../features/search/components/search-page.tsx'),
  timeline: () => import('../features/timeline/components/timeline-page.tsx'),
};
const LoginPage = lazyNamed(() => import('../features/auth/components/login-page.tsx'), 'LoginPage');
const accountPages = () => import('../features/account/components/account-pages.ts');
const EmailVerificationNotice = lazyNamed(accountPages, 'EmailVerificationNotice');
const MailedLinkPage = lazyNamed(accountPages, 'MailedLinkPage');
const AccountSections = lazyNamed(accountPages, 'AccountSections');
const BillingPage = lazyNamed(pages.billing, 'BillingPage');
const HomePage = lazyNamed(pages[''], 'HomePage');
const MessagesPage = lazyNamed(pages.messages, 'MessagesPage');
const MessagingModal = lazyNamed(
  () => import('../features/messages/components/messaging-modal.tsx'),
  'MessagingModal',
);
const MyRequestsPage = lazyNamed(pages['my-requests'], 'MyRequestsPage');
const NotificationsPage = lazyNamed(pages.notifications, 'NotificationsPage');
const NotificationPrefsCard = lazyNamed(pages.notifications, 'NotificationPrefsCard');
const NotFoundPage = lazyNamed(
  () => import('../features/not-found/components/not-found-page.tsx'),
  'NotFoundPage',
);
const ProfilePage = lazyNamed(pages.profile, 'ProfilePage');
const SearchPage = lazyNamed(pages.search, 'SearchPage');
const TimelinePage = lazyNamed(pages.timeline, 'TimelinePage');

const deepLinks: Partial<Record<string, () => Promise<unknown>>> = pages;

/**
 * A deep link's page downloads with the app instead of once the sign-in check answers (issue 14's page
 * speed: one round trip less). App paths only: "/" is the landing page for a visitor, and a visitor sent to
 * sign in comes back to the same page.
 */
export function preloadPage(pathname: string): void {
  const load = isAppPath(pathname) ? deepLinks[pathname.split('/')[1] ?? ''] : undefined;
  void load?.().catch(() => {});
}

function Loading() {
  return (
    <main className="flex min-h-screen items-center justify-center" aria-busy="true">
      <span role="status" className="flex items-center gap-2 text-muted-foreground">
        <Loader2 className="size-5 animate-spin" aria-hidden="true" />
        Loading...
      </span>
    </main>
  );
}

/** The messaging modal's chunk (the conversation list and its dependencies) loads on its first opening only. */
function DeferredMessagingModal() {
  const { openCount } = useMessagingModal();
  if (openCount === 0) return null;
  return (
    <React.Suspense fallback={null}>
      <MessagingModal />
    </React.Suspense>
  );
}

function ScrollToTop() {
  const [location] = useLocation();
  React.useEffect(() => {
    if (location) window.scrollTo(0, 0);
  }, [location]);
  return null;
}

/** /timeline and /timeline/ name no threadline: the list of threadlines is home. */
function HomeRedirect() {
  return <Redirect to="/" replace />;
}

/**
 * Password reset and e-mail confirmation are for built-in accounts (DECISIONS §10): with OpenID Connect the
 * provider keeps the password and the address, and these paths are Page Not Found. Reached signed in or out
 * (a mailed link opens anywhere).
 */
function LocalMailedLink() {
  const { data: meta, isPending } = useMeta();
  if (isPending) return <Loading />;
  return meta?.authProvider === 'oidc' ? <NotFoundPage /> : <MailedLinkPage />;
}
/** The mailed links' screens, one lazily loaded page that picks by path. */
const MAILED_LINKS = /^\/(?:forgot-password|reset-password|verify-email)\/?$/;

/** Signed out, or the user lookup still loading: the landing page, sign-in and the mailed links only. */
function SignedOutRoutes({ loading }: { loading: boolean }) {
  return (
    <Switch>
      <Route path="/">
        <LandingPage />
      </Route>
      <Route path="/login" component={LoginPage} />
      <Route path={MAILED_LINKS} component={LocalMailedLink} />
      <Route path="/unsubscribe" component={MailedLinkPage} />
      <Route path="/timeline" component={HomeRedirect} />
      {/* While loading, a deep link waits for the answer instead of flashing Page Not Found. */}
      <Route>{loading ? <Loading /> : <SignedOutFallback />}</Route>
    </Switch>
  );
}

/** An app route signs in first and comes back (DECISIONS §2); any other path is not found. */
function SignedOutFallback() {
  const [location] = useLocation();
  return isAppPath(location) ? <SignInRedirect /> : <NotFoundPage />;
}

/** Signed in on /login (just now, or by a stale link): on to the page sign-in was asked for. */
function AfterSignIn() {
  return <Redirect to={readLoginQuery(useSearch()).returnTo} replace />;
}

function SignedInRoutes() {
  const { data: meta, isPending } = useMeta();
  // The installation's facts decide what pages show (the plan note, /billing): drawing before them would
  // reflow the page when they come (a layout shift) or flash a page that billing-off does not have. They
  // are read with the HTML (common/first-load.ts), so this waits only after a sign-in in this tab.
  if (isPending) return <Loading />;
  const billingOff = meta?.billingProvider === 'off';
  const local = meta?.authProvider === 'local';
  return (
    <>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/login" component={AfterSignIn} />
        <Route path={MAILED_LINKS} component={LocalMailedLink} />
        <Route path="/unsubscribe" component={MailedLinkPage} />
        <Route path="/profile">
          {/* Local accounts confirm and change their address and password there (DECISIONS §10); the
              provider keeps them otherwise. Every account has its devices list. */}
          <ProfilePage
            notice={local ? <EmailVerificationNotice /> : null}
            notifications={<NotificationPrefsCard />}
            sections={<AccountSections local={local} />}
          />
        </Route>
        <Route path="/billing">{billingOff ? <NotFoundPage /> : <BillingPage />}</Route>
        <Route path="/my-requests" component={MyRequestsPage} />
        <Route path="/notifications" component={NotificationsPage} />
        <Route path="/messages" component={MessagesPage} />
        <Route path="/search" component={SearchPage} />
        <Route path="/timeline" component={HomeRedirect} />
        <Route path="/timeline/:id">{(params) => <TimelinePage id={params.id} />}</Route>
        <Route component={NotFoundPage} />
      </Switch>
      <DeferredMessagingModal />
    </>
  );
}

export function AppRouter() {
  const { isAuthenticated, isLoading } = useAuth();
  return (
    <>
      <ScrollToTop />
      {/* The Messages page's back button needs the path before it (document.referrer stays the first). */}
      <PreviousPathTracker />
      <React.Suspense fallback={<Loading />}>
        {isAuthenticated ? <SignedInRoutes /> : <SignedOutRoutes loading={isLoading} />}
      </React.Suspense>
    </>
  );
}
