// /notifications (issue 27): the inbox as a page, where the bell leads on a phone (the panel elsewhere).
import { SignedInLayout } from '../../../components/page-layout.tsx';
import { MarkAllRead, NotificationList } from './notification-list.tsx';

export function NotificationsPage() {
  return (
    <SignedInLayout title="Notifications" className="max-w-2xl">
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <h1 className="mr-auto text-2xl font-bold tracking-tight sm:text-3xl">Notifications</h1>
        <MarkAllRead />
      </div>
      <NotificationList />
    </SignedInLayout>
  );
}
