// /messages (spec 000 §2): the conversation list and the selected thread on a full page. `?conversation=`
// preselects one and is then removed (replace, so Back does not return to it). Modal View goes home with the
// modal open on the same conversation; the back button returns where the user came from.
import { ArrowLeft, Minimize2 } from 'lucide-react';
import * as React from 'react';
import { useLocation, useSearch } from 'wouter';
import { SignedInLayout } from '../../../components/page-layout.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useMessagingModal } from '../../../lib/messaging-modal.tsx';
import { backTarget } from '../lib/back-target.ts';
import { pathBefore } from '../lib/previous-path.ts';
import { ConversationListPanes } from './conversation-list-panes.tsx';

const PARAM = 'conversation';

export function MessagesPage() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const messaging = useMessagingModal();
  const [selectedId, setSelectedId] = React.useState<string | null>(
    () => new URLSearchParams(search).get(PARAM) || null,
  );
  const [back] = React.useState(() =>
    backTarget(pathBefore(location), document.referrer, window.location.origin),
  );

  // On arrival, and whenever a link (the modal's Full Screen over this page) names a conversation again.
  React.useEffect(() => {
    const params = new URLSearchParams(search);
    const id = params.get(PARAM);
    if (id === null) return;
    if (id) setSelectedId(id);
    params.delete(PARAM);
    const rest = params.toString();
    navigate(rest ? `${location}?${rest}` : location, { replace: true });
  }, [search, location, navigate]);

  const openModalView = () => {
    messaging.open(selectedId ?? undefined);
    navigate('/');
  };

  return (
    <SignedInLayout title="Messages" className="flex flex-col py-4 sm:py-6">
      <div data-testid="messages-page" className="flex min-h-0 flex-1 flex-col">
        <div className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-2">
          <Button variant="ghost" className="-ml-3" onClick={() => navigate(back.href)}>
            <ArrowLeft aria-hidden="true" />
            {back.label}
          </Button>
          <h1 className="order-last w-full text-2xl font-bold tracking-tight sm:order-none sm:w-auto sm:flex-1 sm:text-center sm:text-3xl">
            Messages
          </h1>
          <Button variant="outline" size="sm" className="ml-auto sm:ml-0" onClick={openModalView}>
            <Minimize2 aria-hidden="true" />
            Modal View
          </Button>
        </div>
        <div className="flex h-[calc(100dvh-12rem)] min-h-96 flex-col overflow-hidden rounded-xl border border-border bg-card">
          <ConversationListPanes variant="page" selectedId={selectedId} onSelect={setSelectedId} />
        </div>
      </div>
    </SignedInLayout>
  );
}
