// Timeline Permissions (spec 001 §2, §6-7): what participants may do, and whether joining needs approval.
// Each switch saves at once.
import type { PermissionsBody, TimelineDetail } from '../../../../common/schemas/timeline.ts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { useUpdateApprovalSettings } from '../api/update-approval-settings.ts';
import { useUpdatePermissions } from '../api/update-permissions.ts';

type PermissionKey = keyof Required<PermissionsBody>;

const PERMISSIONS: { key: PermissionKey; label: string; hint: string }[] = [
  {
    key: 'allowParticipantPosts',
    label: 'Allow participants to post',
    hint: 'Participants can create new posts. Moderators and you always can.',
  },
  {
    key: 'allowParticipantComments',
    label: 'Allow participants to comment',
    hint: 'Participants can comment on posts. Moderators and you always can.',
  },
  {
    key: 'allowParticipantMessaging',
    label: 'Allow participants to message',
    hint: 'Members can send you direct messages from this threadline.',
  },
];

function SwitchRow({
  id,
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor={id} className="leading-snug">
          {label}
        </Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
        aria-describedby={`${id}-hint`}
      />
    </div>
  );
}

export function PermissionsDialog({
  open,
  onOpenChange,
  timeline,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  timeline: TimelineDetail;
}) {
  const permissions = useUpdatePermissions(timeline.id);
  const approval = useUpdateApprovalSettings(timeline.id);

  const setPermission = (key: PermissionKey, value: boolean) =>
    permissions.mutate({
      allowParticipantPosts: timeline.allowParticipantPosts,
      allowParticipantComments: timeline.allowParticipantComments,
      allowParticipantMessaging: timeline.allowParticipantMessaging,
      [key]: value,
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader className="pr-8">
          <DialogTitle>Threadline Permissions</DialogTitle>
          <DialogDescription>Choose what participants can do in "{timeline.name}".</DialogDescription>
        </DialogHeader>
        <section aria-labelledby="permissions-participants" className="grid gap-4">
          <h3 id="permissions-participants" className="text-sm font-semibold">
            Participants
          </h3>
          {PERMISSIONS.map(({ key, label, hint }) => (
            <SwitchRow
              key={key}
              id={`permission-${key}`}
              label={label}
              hint={hint}
              checked={timeline[key]}
              disabled={permissions.isPending}
              onChange={(value) => setPermission(key, value)}
            />
          ))}
        </section>
        <section aria-labelledby="permissions-joining" className="grid gap-4 border-t border-border pt-4">
          <h3 id="permissions-joining" className="text-sm font-semibold">
            Joining
          </h3>
          <SwitchRow
            id="permission-joinApprovalRequired"
            label="Require approval to join"
            hint="People who use the join code send a request that you or a moderator approve."
            checked={timeline.joinApprovalRequired}
            disabled={approval.isPending}
            onChange={(value) => approval.mutate(value)}
          />
        </section>
      </DialogContent>
    </Dialog>
  );
}
