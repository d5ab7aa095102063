// Archive (active) and Restore (archived) for owners; no delete on the dashboard (spec 000 §2).
import { Archive, ArchiveRestore, Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { type ArchiveChange, useChangeArchiveState } from '../api/archive-timeline.ts';

interface Props {
  id: string;
  name: string;
}

const BUTTONS = {
  archive: { Icon: Archive, label: 'Archive', pendingLabel: 'Archiving...' },
  restore: { Icon: ArchiveRestore, label: 'Restore', pendingLabel: 'Restoring...' },
} as const;

function ArchiveStateButton({ id, name, change }: Props & { change: ArchiveChange }) {
  const mutation = useChangeArchiveState(change);
  const { Icon, label, pendingLabel } = BUTTONS[change];
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={mutation.isPending}
      onClick={() => mutation.mutate({ id, name })}
    >
      {mutation.isPending ? (
        <Loader2 className="animate-spin" aria-hidden="true" />
      ) : (
        <Icon aria-hidden="true" />
      )}
      {mutation.isPending ? pendingLabel : label}
      <span className="sr-only"> {name}</span>
    </Button>
  );
}

export function ArchiveButton(props: Props) {
  return <ArchiveStateButton {...props} change="archive" />;
}

export function RestoreButton(props: Props) {
  return <ArchiveStateButton {...props} change="restore" />;
}
