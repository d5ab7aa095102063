// Timeline Members (spec 001 §2 Dialogs): everyone, a message button where the messaging rule allows it
// (spec 001 §6), and for the owner the join code to share, role changes, Remove & Block, Make owner (issue 26:
// one offer at a time, withdrawn from the same row) and a switch to the Blocked list.
import * as React from 'react';
import { mayStartConversation } from '../../../../common/messaging.ts';
import { personName } from '../../../../common/names.ts';
import { ROLE_RANK } from '../../../../common/roles.ts';
import type { Member, TimelineDetail } from '../../../../common/schemas/timeline.ts';
import { JoinCodeCopy } from '../../../components/join-code-copy.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { TabList, TabPanel } from '../../../components/ui/tabs.tsx';
import { memberCountLabel } from '../../../lib/format.ts';
import { useChangeMemberRole } from '../api/change-member-role.ts';
import { useStartConversation } from '../api/start-conversation.ts';
import { useWithdrawOwnership } from '../api/withdraw-ownership.ts';
import { BlockedUsersList } from './blocked-users-list.tsx';
import { MemberRow } from './member-row.tsx';
import { OfferOwnershipDialog, type OfferTarget } from './offer-ownership-dialog.tsx';
import { RemoveMemberDialog, type RemoveTarget } from './remove-member-dialog.tsx';

type View = 'members' | 'blocked';
const TABS_ID = 'members-view';

/** Owner first, then moderators, participants, viewers; earliest joiners first within a role. */
const byRoleThenJoined = (a: Member, b: Member) =>
  ROLE_RANK[a.role] - ROLE_RANK[b.role] || a.joinedAt.localeCompare(b.joinedAt);

export function MembersDialog({
  open,
  onOpenChange,
  timeline,
  members,
  currentUserId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  timeline: TimelineDetail;
  members: Member[];
  currentUserId: string | undefined;
}) {
  const isOwner = timeline.role === 'owner';
  // Archived threadlines are read-only (DECISIONS §5): look, but change nothing.
  const readOnly = timeline.state !== 'active';
  const [view, setView] = React.useState<View>('members');
  const [removeTarget, setRemoveTarget] = React.useState<RemoveTarget | null>(null);
  const [offerTarget, setOfferTarget] = React.useState<OfferTarget | null>(null);
  const changeRole = useChangeMemberRole(timeline.id);
  const withdraw = useWithdrawOwnership(timeline.id, 'withdraw');
  // The member the owner's offer is out to (the server shows it to the owner and that member only).
  const offeredTo = members.find((m) => m.userId === timeline.pendingOwnerId);
  // The modal takes the focus once this dialog closes for it, so this dialog does not hand it back.
  const handingOver = React.useRef(false);
  const startConversation = useStartConversation(timeline.id, () => {
    handingOver.current = true;
    setView('members');
    onOpenChange(false);
  });
  const messageable = (member: Member) =>
    !readOnly &&
    mayStartConversation({
      senderRole: timeline.role,
      recipientRole: member.role,
      allowParticipantMessaging: timeline.allowParticipantMessaging,
      isSelf: member.userId === currentUserId,
    });
  const sorted = React.useMemo(() => [...members].sort(byRoleThenJoined), [members]);

  const list = (
    <ul className="divide-y divide-border" aria-label="Members">
      {sorted.map((member) => (
        <MemberRow
          key={member.userId}
          member={member}
          isSelf={member.userId === currentUserId}
          canManage={isOwner && !readOnly}
          roleSaving={changeRole.isPending && changeRole.variables.userId === member.userId}
          onRoleChange={(role) =>
            changeRole.mutate({ userId: member.userId, role, name: personName(member.user) })
          }
          onRemove={() => setRemoveTarget({ userId: member.userId, name: personName(member.user) })}
          canMessage={messageable(member)}
          messagePending={startConversation.isPending && startConversation.variables === member.userId}
          onMessage={() => startConversation.mutate(member.userId)}
          ownership={
            isOwner && !readOnly
              ? {
                  offered: member.userId === timeline.pendingOwnerId,
                  withdrawing: withdraw.isPending && member.userId === timeline.pendingOwnerId,
                  onOffer: () => setOfferTarget({ userId: member.userId, name: personName(member.user) }),
                  onWithdraw: () => withdraw.mutate({ name: personName(member.user) }),
                }
              : undefined
          }
        />
      ))}
    </ul>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setView('members');
        onOpenChange(next);
      }}
    >
      <DialogContent
        className="max-h-[90vh] max-w-xl overflow-y-auto"
        onCloseAutoFocus={(event) => {
          if (!handingOver.current) return;
          handingOver.current = false;
          event.preventDefault();
        }}
      >
        <DialogHeader className="pr-8">
          <DialogTitle>Threadline Members</DialogTitle>
          <DialogDescription>
            {memberCountLabel(members.length)} in "{timeline.name}".
          </DialogDescription>
        </DialogHeader>
        {/* The owner invites from here too, not only from the dashboard card. */}
        {isOwner && timeline.joinCode && <JoinCodeCopy code={timeline.joinCode} />}
        {isOwner ? (
          <>
            <TabList
              idBase={TABS_ID}
              label="Member lists"
              items={[
                { value: 'members', label: `Members (${members.length})` },
                { value: 'blocked', label: 'Blocked' },
              ]}
              value={view}
              onValueChange={setView}
            />
            <TabPanel idBase={TABS_ID} value={view}>
              {view === 'members' ? list : <BlockedUsersList timelineId={timeline.id} readOnly={readOnly} />}
            </TabPanel>
          </>
        ) : (
          list
        )}
        <RemoveMemberDialog
          timelineId={timeline.id}
          target={removeTarget}
          onClose={() => setRemoveTarget(null)}
        />
        <OfferOwnershipDialog
          timelineId={timeline.id}
          target={offerTarget}
          replacing={
            offeredTo && offeredTo.userId !== offerTarget?.userId ? personName(offeredTo.user) : undefined
          }
          onClose={() => setOfferTarget(null)}
        />
      </DialogContent>
    </Dialog>
  );
}
