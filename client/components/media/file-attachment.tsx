// The file attachment row (spec 001 §2): a type badge (PDF, IMG, DOC, ZIP, FILE), the file name, its size,
// Preview for previewable types only (spec 001 §5) and Download. Long names wrap; nothing scrolls sideways.
import { Download, Eye } from 'lucide-react';
import * as React from 'react';
import { fileBadge, humanSize, isPreviewable } from '../../../common/media.ts';
import { lazyDialog } from '../../lib/lazy-dialog.tsx';
import { cn } from '../../lib/utils.ts';
import { Button, buttonVariants } from '../ui/button.tsx';

const PreviewDialog = lazyDialog(async () => (await import('./preview-dialog.tsx')).PreviewDialog);

const BADGE_COLOURS: Record<ReturnType<typeof fileBadge>, string> = {
  PDF: 'bg-red-100 text-red-800',
  IMG: 'bg-emerald-100 text-emerald-800',
  DOC: 'bg-blue-100 text-blue-800',
  ZIP: 'bg-amber-100 text-amber-900',
  FILE: 'bg-slate-200 text-slate-800',
};

export interface FileAttachmentProps {
  /** The file's path, ready to use (objectSrc applied). */
  url: string;
  fileName: string;
  fileSize?: number | null;
  className?: string;
}

export function FileAttachment({ url, fileName, fileSize, className }: FileAttachmentProps) {
  const [previewing, setPreviewing] = React.useState(false);
  const previewButton = React.useRef<HTMLButtonElement>(null);
  const badge = fileBadge(fileName);
  const previewable = isPreviewable(fileName);

  return (
    <div
      className={cn(
        'flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-border bg-muted/40 p-3',
        className,
      )}
    >
      <span
        data-testid="file-badge"
        className={cn(
          'flex h-10 w-11 shrink-0 items-center justify-center rounded-md text-xs font-bold tracking-wide',
          BADGE_COLOURS[badge],
        )}
      >
        {badge}
      </span>
      <div className="min-w-0 flex-1 basis-32">
        <p className="line-clamp-3 text-sm font-medium wrap-anywhere" title={fileName}>
          {fileName}
        </p>
        {fileSize != null && <p className="text-xs text-muted-foreground">{humanSize(fileSize)}</p>}
      </div>
      <div className="ml-auto flex shrink-0 gap-2">
        {previewable && (
          <Button
            ref={previewButton}
            variant="outline"
            size="sm"
            aria-label={`Preview ${fileName}`}
            aria-haspopup="dialog"
            onClick={() => setPreviewing(true)}
          >
            <Eye aria-hidden="true" />
            Preview
          </Button>
        )}
        <a
          href={url}
          download={fileName}
          aria-label={`Download ${fileName}`}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
        >
          <Download aria-hidden="true" />
          Download
        </a>
      </div>
      {previewable && (
        <PreviewDialog
          open={previewing}
          onOpenChange={setPreviewing}
          url={url}
          fileName={fileName}
          returnFocus={() => previewButton.current}
        />
      )}
    </div>
  );
}
