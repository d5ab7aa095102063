// The moderation panel for join requests (spec 001 §2 Join Requests panel): owners and moderators only.
import { Inbox } from 'lucide-react';
import * as React from 'react';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { listFailed } from '../../../lib/list-pages.ts';
import { useJoinRequests } from '../api/get-join-requests.ts';
import { useBulkRespond } from '../hooks/use-bulk-respond.ts';
import type { BulkAction } from '../lib/bulk-outcome.ts';
import {
  emptyRequestsText,
  STATUS_FILTERS,
  type StatusFilter,
  statusLabel,
  statusParam,
} from '../lib/join-request-copy.ts';
import { pruneSelection, selectAllState, toggleAll, toggleOne } from '../lib/selection.ts';
import { BulkActionsBar } from './bulk-actions-bar.tsx';
import { JoinRequestCard } from './join-request-card.tsx';
import { ListEmpty, ListLoadError, ListLoading } from './list-states.tsx';
import { RespondRequestDialog, type RespondTarget } from './respond-request-dialog.tsx';

export interface JoinRequestsPanelProps {
  timelineId: string;
  isOwner: boolean;
  isModerator: boolean;
}

export function JoinRequestsPanel({ timelineId, isOwner, isModerator }: JoinRequestsPanelProps) {
  if (!isOwner && !isModerator) return null;
  return <JoinRequestsPanelBody timelineId={timelineId} />;
}

function JoinRequestsPanelBody({ timelineId }: { timelineId: string }) {
  const [status, setStatus] = React.useState<StatusFilter>('pending');
  const [selected, setSelected] = React.useState<Set<string>>(() => new Set());
  const [bulkMessage, setBulkMessage] = React.useState('');
  const [target, setTarget] = React.useState<RespondTarget | null>(null);
  const query = useJoinRequests(timelineId, statusParam(status), true);
  const list = React.useRef<HTMLUListElement>(null);
  const bulk = useBulkRespond(timelineId);

  const requests = query.data ?? [];
  const pendingIds = React.useMemo(
    () =>
      status === 'pending' ? (query.data ?? []).filter((r) => r.status === 'pending').map((r) => r.id) : [],
    [status, query.data],
  );
  // A refresh may drop requests someone else processed; never count those as selected.
  const liveSelection = React.useMemo(() => pruneSelection(selected, pendingIds), [selected, pendingIds]);

  const changeStatus = (next: StatusFilter) => {
    setStatus(next);
    setSelected(new Set());
  };

  const clear = () => {
    setSelected(new Set());
    setBulkMessage('');
  };

  const runBulk = (action: BulkAction) => {
    bulk.mutate(
      { action, requestIds: [...liveSelection], responseMessage: bulkMessage },
      { onSettled: clear },
    );
  };

  return (
    <div className="grid gap-4">
      {/* One row on every width: on a narrow screen it scrolls sideways inside itself (padded for focus rings). */}
      <fieldset className="-m-1 flex min-w-0 gap-2 overflow-x-auto border-0 p-1">
        <legend className="sr-only">Filter join requests by status</legend>
        {STATUS_FILTERS.map((value) => (
          <Button
            key={value}
            size="sm"
            className="shrink-0"
            variant={value === status ? 'default' : 'outline'}
            aria-pressed={value === status}
            onClick={() => changeStatus(value)}
          >
            {statusLabel(value)}
          </Button>
        ))}
      </fieldset>

      {status === 'pending' && pendingIds.length > 0 && (
        <BulkActionsBar
          selectedCount={liveSelection.size}
          total={pendingIds.length}
          allState={selectAllState(liveSelection, pendingIds)}
          message={bulkMessage}
          busy={bulk.isPending ? bulk.variables.action : null}
          onToggleAll={() => setSelected(toggleAll(liveSelection, pendingIds))}
          onMessageChange={setBulkMessage}
          onBulk={runBulk}
          onClear={clear}
        />
      )}

      {query.isPending ? (
        <ListLoading>Loading join requests...</ListLoading>
      ) : listFailed(query) ? (
        <ListLoadError onRetry={() => void query.refetch()}>Could not load join requests.</ListLoadError>
      ) : requests.length === 0 ? (
        <ListEmpty icon={Inbox}>{emptyRequestsText(status)}</ListEmpty>
      ) : (
        <ul ref={list} className="grid gap-3" aria-label={`${statusLabel(status)} join requests`}>
          {requests.map((request) => (
            <JoinRequestCard
              key={request.id}
              request={request}
              selected={
                status === 'pending' && request.status === 'pending'
                  ? liveSelection.has(request.id)
                  : undefined
              }
              onToggle={() => setSelected(toggleOne(liveSelection, request.id))}
              onRespond={(action) => setTarget({ action, request })}
            />
          ))}
        </ul>
      )}
      {/* The bulk bar selects among the loaded requests; older ones come 50 at a time (issue 23). */}
      {requests.length > 0 && (
        <LoadMoreButton query={query} listRef={list}>
          Load more requests
        </LoadMoreButton>
      )}

      <RespondRequestDialog timelineId={timelineId} target={target} onClose={() => setTarget(null)} />
    </div>
  );
}
