// The owner's Blocked list in Timeline Members: reason, date and Unblock (spec 001 §2, §4).
import { Loader2, ShieldOff } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { useBlockedUsers } from '../api/get-blocked-users.ts';
import { useUnblockUser } from '../api/unblock-user.ts';
import { formatDate, memberName } from '../lib/names.ts';

export function BlockedUsersList({ timelineId, readOnly }: { timelineId: string; readOnly: boolean }) {
  const query = useBlockedUsers(timelineId, true);
  const unblock = useUnblockUser(timelineId);

  if (query.isPending) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-8 text-sm text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        Loading blocked users...
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-8 text-center text-sm text-muted-foreground">
        <p>Could not load blocked users.</p>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (query.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-8 text-center text-muted-foreground">
        <ShieldOff className="size-8" aria-hidden="true" />
        <p>No blocked users</p>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-border" aria-label="Blocked users">
      {query.data.map((blocked) => {
        const name = memberName(blocked.user);
        const busy = unblock.isPending && unblock.variables.userId === blocked.userId;
        return (
          <li key={blocked.userId} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
            <UserAvatar user={blocked.user} className="size-10" />
            <div className="min-w-0 flex-1">
              <p className="break-words font-medium">{name}</p>
              {blocked.user.email && (
                <p className="break-all text-sm text-muted-foreground">{blocked.user.email}</p>
              )}
              <p className="text-xs text-muted-foreground">Blocked {formatDate(blocked.blockedAt)}</p>
              {blocked.reason && (
                <p className="mt-1 whitespace-pre-wrap break-words text-sm">
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
  );
}
