// One member in Timeline Members: who, role, joined; a message button where the messaging rule allows it;
// for the owner a role select, Remove & Block, and Make owner (or, while the offer is out, Withdraw offer).
import { Crown, Loader2, MessageCircle, Undo2, UserX } from 'lucide-react';
import { personName } from '../../../../common/names.ts';
import { ASSIGNABLE_ROLES, type AssignableRole } from '../../../../common/roles.ts';
import type { Member } from '../../../../common/schemas/timeline.ts';
import { EmailText } from '../../../components/email-text.tsx';
import { RoleBadge, roleLabel } from '../../../components/role-badge.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../components/ui/select.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { shortDate } from '../../../lib/format.ts';
import { cn } from '../../../lib/utils.ts';

export interface OwnershipActions {
  /** The pending offer is to this member. */
  offered: boolean;
  /** Withdrawing it is under way. */
  withdrawing: boolean;
  onOffer: () => void;
  onWithdraw: () => void;
}

export function MemberRow({
  member,
  isSelf,
  canManage,
  roleSaving,
  onRoleChange,
  onRemove,
  canMessage = false,
  messagePending = false,
  onMessage,
  ownership,
}: {
  member: Member;
  isSelf: boolean;
  /** The owner manages everyone but themself. */
  canManage: boolean;
  roleSaving: boolean;
  onRoleChange: (role: AssignableRole) => void;
  onRemove: () => void;
  /** mayStartConversation (common/messaging.ts) allows the viewer to message this member. */
  canMessage?: boolean;
  /** Starting a conversation with this member is under way. */
  messagePending?: boolean;
  onMessage?: () => void;
  /** The owner's offer of ownership (issue 26) as it concerns this member; shown with the other actions. */
  ownership?: OwnershipActions;
}) {
  const name = personName(member.user);
  const manageable = canManage && member.role !== 'owner' && !isSelf;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      <UserAvatar user={member.user} className="size-10" />
      {/* A floor on the name's width: the actions wrap to their own line before they squeeze it. */}
      <div className="min-w-0 flex-1 basis-48">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="wrap-anywhere font-medium">{name}</span>
          {isSelf && <span className="text-sm text-muted-foreground">(you)</span>}
          <RoleBadge role={member.role} />
          {manageable && ownership?.offered && <Badge variant="outline">Ownership offered</Badge>}
        </div>
        {member.user.email && <EmailText email={member.user.email} />}
        <p className="text-xs text-muted-foreground">Joined {shortDate(member.joinedAt)}</p>
      </div>
      {(canMessage || manageable) && (
        <div className="flex w-full flex-wrap items-center gap-2 pl-13 sm:ml-auto sm:w-auto sm:justify-end sm:pl-0">
          {canMessage && (
            <Button
              variant="outline"
              size="sm"
              onClick={onMessage}
              disabled={messagePending}
              aria-busy={messagePending || undefined}
              aria-label={`Message ${name}`}
              title="Message"
            >
              {messagePending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <MessageCircle aria-hidden="true" />
              )}
              <span className="hidden sm:inline">Message</span>
            </Button>
          )}
          {manageable && (
            <>
              <Select
                value={member.role}
                disabled={roleSaving}
                onValueChange={(role) => onRoleChange(role as AssignableRole)}
              >
                <SelectTrigger className="h-9 w-32 sm:w-36" aria-label={`Role for ${name}`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {ASSIGNABLE_ROLES.map((role) => (
                    <SelectItem key={role} value={role}>
                      {roleLabel(role)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <Button
                variant="outline"
                size="sm"
                className="text-destructive hover:bg-red-50"
                onClick={onRemove}
                aria-label={`Remove & Block ${name}`}
                title="Remove & Block"
              >
                <UserX aria-hidden="true" />
                <span className="hidden sm:inline">Remove & Block</span>
              </Button>
              {ownership && <OwnershipButton name={name} {...ownership} />}
            </>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * Make owner, or Withdraw offer while the offer is out: one button that changes, so focus stays on it when
 * the offer's dialog hands focus back and after a withdrawal.
 */
function OwnershipButton({
  name,
  offered,
  withdrawing,
  onOffer,
  onWithdraw,
}: OwnershipActions & { name: string }) {
  const label = offered ? 'Withdraw offer' : 'Make owner';
  return (
    <Button
      variant="outline"
      size="sm"
      // aria-disabled, not disabled: a disabled button drops keyboard focus while it waits.
      onClick={() => !withdrawing && (offered ? onWithdraw() : onOffer())}
      aria-disabled={withdrawing || undefined}
      aria-busy={withdrawing || undefined}
      className={cn(withdrawing && 'opacity-60')}
      aria-label={`${label}: ${name}`}
      title={label}
    >
      {withdrawing ? (
        <Loader2 className="animate-spin" aria-hidden="true" />
      ) : offered ? (
        <Undo2 aria-hidden="true" />
      ) : (
        <Crown aria-hidden="true" />
      )}
      <span className="hidden sm:inline">{label}</span>
    </Button>
  );
}
