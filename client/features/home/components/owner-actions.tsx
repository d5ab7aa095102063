// Archive (active) and Restore (archived) for owners; no delete on the dashboard (spec 000 §2).
import { Archive, ArchiveRestore, Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { useArchiveTimeline } from '../api/archive-timeline.ts';
import { useRestoreTimeline } from '../api/restore-timeline.ts';

interface Props {
  id: string;
  name: string;
}

export function ArchiveButton({ id, name }: Props) {
  const archive = useArchiveTimeline();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={archive.isPending}
      onClick={() => archive.mutate({ id, name })}
    >
      {archive.isPending ? (
        <Loader2 className="animate-spin" aria-hidden="true" />
      ) : (
        <Archive aria-hidden="true" />
      )}
      {archive.isPending ? 'Archiving...' : 'Archive'}
      <span className="sr-only"> {name}</span>
    </Button>
  );
}

export function RestoreButton({ id, name }: Props) {
  const restore = useRestoreTimeline();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={restore.isPending}
      onClick={() => restore.mutate({ id, name })}
    >
      {restore.isPending ? (
        <Loader2 className="animate-spin" aria-hidden="true" />
      ) : (
        <ArchiveRestore aria-hidden="true" />
      )}
      {restore.isPending ? 'Restoring...' : 'Restore'}
      <span className="sr-only"> {name}</span>
    </Button>
  );
}
