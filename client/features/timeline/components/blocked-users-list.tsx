// The owner's Blocked list in Timeline Members: reason, date and Unblock (spec 001 §2, §4).
import { Loader2, ShieldOff } from 'lucide-react';
import * as React from 'react';
import { personName } from '../../../../common/names.ts';
import { EmailText } from '../../../components/email-text.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { shortDate } from '../../../lib/format.ts';
import { listFailed } from '../../../lib/list-pages.ts';
import { useBlockedUsers } from '../api/get-blocked-users.ts';
import { useUnblockUser } from '../api/unblock-user.ts';
import { ListEmpty, ListLoadError, ListLoading } from './list-states.tsx';

export function BlockedUsersList({ timelineId, readOnly }: { timelineId: string; readOnly: boolean }) {
  const query = useBlockedUsers(timelineId, true);
  const unblock = useUnblockUser(timelineId);
  const list = React.useRef<HTMLUListElement>(null);

  if (query.isPending) return <ListLoading>Loading blocked users...</ListLoading>;
  if (listFailed(query) || !query.data) {
    return <ListLoadError onRetry={() => void query.refetch()}>Could not load blocked users.</ListLoadError>;
  }
  if (query.data.length === 0) return <ListEmpty icon={ShieldOff}>No blocked users</ListEmpty>;
  return (
    <>
      <ul ref={list} className="divide-y divide-border" aria-label="Blocked users">
        {query.data.map((blocked) => {
          const name = personName(blocked.user);
          const busy = unblock.isPending && unblock.variables.userId === blocked.userId;
          return (
            <li key={blocked.userId} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
              <UserAvatar user={blocked.user} className="size-10" />
              <div className="min-w-0 flex-1">
                <p className="wrap-anywhere font-medium">{name}</p>
                {blocked.user.email && <EmailText email={blocked.user.email} />}
                <p className="text-xs text-muted-foreground">Blocked {shortDate(blocked.blockedAt)}</p>
                {blocked.reason && (
                  <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-sm">
                    <span className="font-medium">Reason: </span>
                    {blocked.reason}
                  </p>
                )}
              </div>
              {!readOnly && (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={unblock.isPending}
                  onClick={() => unblock.mutate({ userId: blocked.userId, name })}
                  aria-label={`Unblock ${name}`}
                >
                  {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
                  Unblock
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <LoadMoreButton query={query} listRef={list}>
        Load more blocked users
      </LoadMoreButton>
    </>
  );
}
