// One member in Timeline Members: who, role, joined; a message button where the messaging rule allows it;
// for the owner a role select and Remove & Block.
import { Loader2, MessageCircle, UserX } from 'lucide-react';
import { personName } from '../../../../common/names.ts';
import { ASSIGNABLE_ROLES, type AssignableRole } from '../../../../common/roles.ts';
import type { Member } from '../../../../common/schemas/timeline.ts';
import { EmailText } from '../../../components/email-text.tsx';
import { RoleBadge, roleLabel } from '../../../components/role-badge.tsx';
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
            </>
          )}
        </div>
      )}
    </li>
  );
}
