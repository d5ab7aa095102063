// The composer's attachments (spec 001 §4, §5): each uploaded or recorded file with its size, an upload's
// progress and a remove button, until posted. Loaded with the first dialog that can attach something, not
// with the page (the threadline's initial-JavaScript budget, issue 14: it made room for issue 27's "@" list).
import { FileText, Image, Music, Video, X } from 'lucide-react';
import type * as React from 'react';
import { humanSize, thumbnailUrl } from '../../../../../common/media.ts';
import type { UploadedFile } from '../../../../components/media/upload-dialog.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import type { FileCategory } from '../../../../lib/upload/file-check.ts';
import type { PostMedia } from '../../api/create-post.ts';

/** A recording waiting to be posted. */
export interface Recorded {
  file: File;
  category: FileCategory;
  /** Set once uploaded, so a failed post does not upload it again. */
  uploaded: PostMedia | null;
}

/** The list (none without attachments); `onRemove` gets an upload's index or 'recorded'. */
export function ComposerAttachments({
  uploaded,
  recorded,
  busy,
  sending,
  hintId,
  listRef,
  onRemove,
}: {
  uploaded: readonly UploadedFile[];
  recorded: Recorded | null;
  busy: boolean;
  sending: { loaded: number; total: number } | null;
  hintId: string;
  listRef: React.RefObject<HTMLUListElement | null>;
  onRemove: (index: number | 'recorded') => void;
}) {
  const rows: AttachmentRow[] = recorded
    ? [
        {
          key: 'recorded',
          name: recorded.file.name,
          size: recorded.file.size,
          category: recorded.category,
          note: recorded.category === 'audio' ? 'Recorded audio' : 'Recorded video',
          onRemove: () => onRemove('recorded'),
        },
      ]
    : uploaded.map((file, i) => ({
        key: file.objectPath,
        name: file.fileName,
        size: file.size,
        category: file.category,
        thumbnail: file.category === 'image' && file.contentType !== 'image/svg+xml' ? file.objectPath : null,
        onRemove: () => onRemove(i),
      }));
  if (rows.length === 0) return null;
  return (
    <ul ref={listRef} aria-label="Attachments" aria-describedby={hintId} className="grid grid-cols-1 gap-2">
      {rows.map((row) => (
        <Attachment
          key={row.key}
          row={row}
          disabled={busy}
          progress={row.key === 'recorded' ? sending : null}
        />
      ))}
    </ul>
  );
}

interface AttachmentRow {
  key: string;
  name: string;
  size: number;
  category: FileCategory;
  note?: string;
  /** An image's object path: its thumbnail shows. */
  thumbnail?: string | null;
  onRemove: () => void;
}

const ICONS: Record<FileCategory, React.ComponentType<{ className?: string }>> = {
  image: Image,
  video: Video,
  audio: Music,
  document: FileText,
};

function Attachment({
  row,
  disabled,
  progress,
}: {
  row: AttachmentRow;
  disabled: boolean;
  progress: { loaded: number; total: number } | null;
}) {
  const Icon = ICONS[row.category];
  const pct = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  return (
    <li className="flex min-w-0 items-center gap-3 rounded-lg border border-border bg-muted/30 p-2">
      {row.thumbnail ? (
        <img
          src={thumbnailUrl(row.thumbnail)}
          alt=""
          width={40}
          height={40}
          className="size-10 shrink-0 rounded object-cover"
        />
      ) : (
        <span className="flex size-10 shrink-0 items-center justify-center rounded bg-muted">
          <Icon className="size-5 text-muted-foreground" aria-hidden="true" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="wrap-anywhere text-sm font-medium">{row.name}</p>
        <p className="text-xs text-muted-foreground">
          {row.note ? `${row.note} · ` : ''}
          {humanSize(row.size)}
          {progress && ` · Uploading ${pct}%`}
        </p>
        {progress && (
          <div
            role="progressbar"
            aria-label={`${row.name} upload progress`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={pct}
            className="mt-1 h-1.5 w-full overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary" style={{ width: `${pct}%` }} />
          </div>
        )}
      </div>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={`Remove ${row.name}`}
        title={`Remove ${row.name}`}
        disabled={disabled}
        onClick={row.onRemove}
      >
        <X aria-hidden="true" />
      </Button>
    </li>
  );
}
