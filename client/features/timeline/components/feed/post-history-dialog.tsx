// A post's History (issue 24, DECISIONS §9): its versions newest first, each with what changed from the one
// before as a word diff. Added and removed words are marked by more than colour: underline or strike-through,
// and words for screen readers. Under a free owner the server refuses with planUpgradeRequired and the
// dialog offers the upgrade (the owner buys; others are told it turns on when the owner upgrades).
import { Loader2 } from 'lucide-react';
import { personName } from '../../../../../common/names.ts';
import type { PostVersion } from '../../../../../common/schemas/post.ts';
import { type DiffPart, diffCounts, wordDiff } from '../../../../../common/word-diff.ts';
import { LocalTime } from '../../../../components/local-time.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog.tsx';
import { UpgradeCard } from '../../../../components/upgrade-card.tsx';
import { errorBody } from '../../../../lib/authUtils.ts';
import { shortDate } from '../../../../lib/format.ts';
import { usePostVersions } from '../../api/get-post-versions.ts';

export interface PostHistoryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  postId: string;
  authorName: string;
  /** The reader owns the threadline: the upgrade is theirs to buy. */
  isOwner: boolean;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function changeSummary(parts: DiffPart[]): string {
  const { added, removed } = diffCounts(parts);
  if (!added && !removed) return 'Only spacing changed';
  return [added && `${plural(added, 'word')} added`, removed && `${plural(removed, 'word')} removed`]
    .filter(Boolean)
    .join(', ');
}

export function PostHistoryDialog({
  open,
  onOpenChange,
  postId,
  authorName,
  isOwner,
}: PostHistoryDialogProps) {
  const query = usePostVersions(postId, open);
  const upgrade = errorBody(query.error)?.planUpgradeRequired === true;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader className="pr-8">
          <DialogTitle>History</DialogTitle>
          <DialogDescription>
            Earlier versions of the post by {authorName}, newest first, with the words each edit added and
            removed.
          </DialogDescription>
        </DialogHeader>
        {query.isPending && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            Loading history...
          </p>
        )}
        {upgrade && <UpgradeCard feature="versionHistory" decidedBy={isOwner ? 'self' : 'owner'} />}
        {query.isError && !upgrade && (
          <p role="alert" className="text-sm text-destructive">
            Failed to load the history. Please try again.
          </p>
        )}
        {query.data && <VersionList versions={query.data} />}
      </DialogContent>
    </Dialog>
  );
}

function VersionList({ versions }: { versions: PostVersion[] }) {
  return (
    <ol className="grid grid-cols-1 gap-4" aria-label="Versions, newest first">
      {versions.map((version, i) => {
        const older = versions[i + 1];
        const parts = older ? wordDiff(older.content ?? '', version.content ?? '') : null;
        const label = i === 0 ? 'Current version' : older ? 'Earlier version' : 'Original';
        return (
          <li key={version.editedAt} className="grid min-w-0 gap-1.5 rounded-lg border border-border p-3">
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="font-semibold">{label}</span>
              <span className="text-muted-foreground">
                by {personName({ displayName: version.editor.name })},{' '}
                <LocalTime dateTime={version.editedAt}>{shortDate(version.editedAt)}</LocalTime>
              </span>
            </p>
            {parts ? (
              <>
                <p className="text-xs text-muted-foreground">{changeSummary(parts)}</p>
                <p className="whitespace-pre-wrap text-sm wrap-anywhere">
                  {parts.map((part, n) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff never reorder.
                    <DiffText key={`${n}-${part.kind}`} part={part} />
                  ))}
                </p>
              </>
            ) : (
              <p className="whitespace-pre-wrap text-sm wrap-anywhere">
                {version.content || <span className="italic text-muted-foreground">No text</span>}
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function DiffText({ part }: { part: DiffPart }) {
  if (part.kind === 'same') return <span>{part.text}</span>;
  if (part.kind === 'added') {
    return (
      <ins className="rounded-sm bg-emerald-100 text-emerald-950 underline decoration-2 underline-offset-2">
        <span className="sr-only">[added: </span>
        {part.text}
        <span className="sr-only">]</span>
      </ins>
    );
  }
  return (
    <del className="rounded-sm bg-rose-100 text-rose-950 line-through decoration-2">
      <span className="sr-only">[removed: </span>
      {part.text}
      <span className="sr-only">]</span>
    </del>
  );
}
