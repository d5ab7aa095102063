// One member in Timeline Members: who, role, joined; for the owner a role select and Remove & Block.
import { UserX } from 'lucide-react';
import { memberName } from '../../../../common/names.ts';
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
}: {
  member: Member;
  isSelf: boolean;
  /** The owner manages everyone but themself. */
  canManage: boolean;
  roleSaving: boolean;
  onRoleChange: (role: AssignableRole) => void;
  onRemove: () => void;
}) {
  const name = memberName(member.user);
  const manageable = canManage && member.role !== 'owner' && !isSelf;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      <UserAvatar user={member.user} name={name} className="size-10" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="wrap-anywhere font-medium">{name}</span>
          {isSelf && <span className="text-sm text-muted-foreground">(you)</span>}
          <RoleBadge role={member.role} />
        </div>
        {member.user.email && <EmailText email={member.user.email} />}
        <p className="text-xs text-muted-foreground">Joined {shortDate(member.joinedAt)}</p>
      </div>
      {manageable && (
        <div className="flex w-full items-center gap-2 pl-13 sm:w-auto sm:pl-0">
          <Select
            value={member.role}
            disabled={roleSaving}
            onValueChange={(role) => onRoleChange(role as AssignableRole)}
          >
            <SelectTrigger className="h-9 w-36" aria-label={`Role for ${name}`}>
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
        </div>
      )}
    </li>
  );
}
