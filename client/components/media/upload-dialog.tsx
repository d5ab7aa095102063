// The upload dialog (spec 001 §2, §4, §5): a drop area that also takes a click (Enter or Space by keyboard)
// and a paste; the allowed-type check; per-file progress with the states waiting, preprocessing, uploading,
// postprocessing, paused, complete and error, and the overall state; cancel, retry, and pause/resume for
// multipart uploads. Defaults: 1 file of at most 10485760 bytes, image compression on. Once every file is
// complete it toasts "Files Uploaded" (saying what compression saved, and what happens next when the caller
// says), hands the files over and closes.
import {
  AlertCircle,
  CheckCircle2,
  FileIcon,
  Loader2,
  Pause,
  Play,
  RotateCcw,
  Upload,
  X,
} from 'lucide-react';
import * as React from 'react';
import { humanSize, UPLOAD, UPLOAD_LIMITS, type UploadCategory } from '../../../common/media.ts';
import {
  ALL_CATEGORIES,
  acceptAttribute,
  categoryList,
  type FileCategory,
  fileCategory,
  namedFile,
  notAllowedMessage,
} from '../../lib/upload/file-check.ts';
import { PROCESS_ERROR_TITLE } from '../../lib/upload/messages.ts';
import { STATE_LABELS, type UploadState } from '../../lib/upload/states.ts';
import type { Finalize } from '../../lib/upload/upload-file.ts';
import {
  type QueueItem,
  queueItem,
  type UploadedFile,
  useUploadQueue,
} from '../../lib/upload/use-upload-queue.ts';
import { toast } from '../../lib/use-toast.ts';
import { cn } from '../../lib/utils.ts';
import { Button } from '../ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/dialog.tsx';

export type { UploadedFile } from '../../lib/upload/use-upload-queue.ts';

export interface UploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Every file is complete: the object paths, in the order the files were added, and what compression did
   * (a sentence or null) for a caller that announces the upload itself.
   */
  onComplete: (files: UploadedFile[], summary: { compression: string | null }) => void;
  title?: string;
  /** Shown under the title; the limits line follows it. */
  description?: React.ReactNode;
  /** The kinds of file the dialog takes (all four by default). */
  categories?: readonly FileCategory[];
  /** The category sent to the server instead of the file's own (avatar). */
  uploadCategory?: UploadCategory;
  maxFiles?: number;
  /** Per file; each category's own limit (common/media.ts) applies too. */
  maxFileSize?: number;
  compressImages?: boolean;
  /** PUT /api/media by default. */
  finalize?: Finalize;
  /** The toast titles when the upload fails and when finalising fails. */
  uploadErrorTitle?: string;
  processErrorTitle?: string;
  /** A refusal for the whole selection (already chosen files included), or null. */
  validateSelection?: (files: { name: string; category: FileCategory }[]) => string | null;
  /** "Files Uploaded" toast when done (off where the caller says something more specific). */
  announceComplete?: boolean;
  /**
   * What happens next, when the upload alone shares nothing (the composer: "Attached: press Post to share"):
   * the complete step and the toast say it instead of "n files uploaded successfully".
   */
  nextStep?: string;
  /** Passed to the dialog: where focus goes when it closes (default: the control that opened it). */
  onCloseAutoFocus?: (event: Event) => void;
}

export function UploadDialog({ open, onOpenChange, onCloseAutoFocus, ...props }: UploadDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <UploadDialogContent {...props} onOpenChange={onOpenChange} onCloseAutoFocus={onCloseAutoFocus} />
      )}
    </Dialog>
  );
}

const filesWord = (n: number) => (n === 1 ? 'file' : 'files');

const PER_FILE: Record<FileCategory, string> = {
  image: 'image',
  video: 'video',
  audio: 'audio file',
  document: 'document',
};

/** "at most 10 MB each", or each kind's own limit when they differ: "at most 10 MB per image, 200 MB per video". */
function sizeRule(limits: { category: FileCategory; limit: number }[]): string {
  const sizes = new Set(limits.map((l) => l.limit));
  if (sizes.size <= 1) return `at most ${humanSize(limits[0]?.limit ?? 0)} each`;
  return `at most ${limits.map((l) => `${humanSize(l.limit)} per ${PER_FILE[l.category]}`).join(', ')}`;
}

function UploadDialogContent({
  onOpenChange,
  onComplete,
  onCloseAutoFocus,
  title = 'Upload Files',
  description,
  categories = ALL_CATEGORIES,
  uploadCategory,
  maxFiles = UPLOAD.dialogDefaultMaxFiles,
  maxFileSize = UPLOAD.dialogDefaultMaxBytes,
  compressImages = true,
  finalize,
  uploadErrorTitle,
  processErrorTitle = PROCESS_ERROR_TITLE,
  validateSelection,
  announceComplete = true,
  nextStep,
}: Omit<UploadDialogProps, 'open'>) {
  const queue = useUploadQueue({
    compressImages,
    uploadCategory,
    finalize,
    uploadErrorTitle,
    processErrorTitle,
  });
  const { items, overall } = queue;
  const inputRef = React.useRef<HTMLInputElement>(null);
  const dropRef = React.useRef<HTMLButtonElement>(null);
  const [dragging, setDragging] = React.useState(false);
  const finished = React.useRef(false);
  const descriptionId = React.useId();
  const rulesId = React.useId();

  const limitFor = (category: FileCategory) =>
    Math.min(maxFileSize, UPLOAD_LIMITS[uploadCategory ?? category]);
  const busy = items.some((i) => ['preprocessing', 'uploading', 'postprocessing'].includes(i.state));
  const waiting = items.filter((i) => i.state === 'waiting');

  // Closing (Cancel, Escape, the X) stops what still runs and deletes unfinished multipart uploads.
  const { cancelAll, compressionNote } = queue;
  React.useEffect(() => cancelAll, [cancelAll]);

  // All complete: announce, hand over, close.
  React.useEffect(() => {
    if (finished.current || items.length === 0 || overall !== 'complete') return;
    finished.current = true;
    const files = items.map((i) => i.result!).filter(Boolean);
    // One toast at a time (spec 000 §4): the compression result rides in this one, or it would be replaced.
    const compression = compressionNote();
    if (announceComplete) {
      const uploaded = nextStep ?? `${files.length} ${filesWord(files.length)} uploaded successfully`;
      toast({
        title: 'Files Uploaded',
        description: compression ? `${uploaded}. ${compression}` : uploaded,
      });
    }
    onComplete(files, { compression });
    onOpenChange(false);
  }, [items, overall, announceComplete, nextStep, onComplete, onOpenChange, compressionNote]);

  const addFiles = (list: FileList | File[] | null | undefined) => {
    const picked = [...(list ?? [])].map((file, i) => namedFile(file, i));
    if (picked.length === 0) return;
    const accepted: QueueItem[] = [];
    for (const file of picked) {
      const category = fileCategory(file);
      if (!category || !categories.includes(category)) {
        toast({
          title: 'File Type Not Allowed',
          description: notAllowedMessage(categories, file.name),
          variant: 'destructive',
        });
        return;
      }
      const limit = limitFor(category);
      if (file.size > limit) {
        toast({
          title: 'File Too Large',
          description: `"${file.name}" is ${humanSize(file.size)}; the limit is ${humanSize(limit)}.`,
          variant: 'destructive',
        });
        return;
      }
      accepted.push(queueItem(file, category));
    }
    // With one file allowed, a new pick replaces one that has not started.
    const replace = maxFiles === 1 && accepted.length === 1 && items.every((i) => i.state === 'waiting');
    const kept = replace ? [] : items;
    if (kept.length + accepted.length > maxFiles) {
      toast({
        title: 'Too Many Files',
        description: `You can upload at most ${maxFiles} ${filesWord(maxFiles)} here.`,
        variant: 'destructive',
      });
      return;
    }
    const refusal = validateSelection?.(
      [...kept, ...accepted].map((i) => ({ name: i.file.name, category: i.category })),
    );
    if (refusal) {
      toast({ title: 'Cannot Add Files', description: refusal, variant: 'destructive' });
      return;
    }
    queue.add(accepted, replace);
  };

  const onPaste = (event: React.ClipboardEvent) => {
    const files = event.clipboardData?.files;
    if (!files || files.length === 0) return;
    event.preventDefault();
    addFiles(files);
  };

  const rules = [
    maxFiles === 1 ? 'One file' : `Up to ${maxFiles} files`,
    sizeRule(categories.map((category) => ({ category, limit: limitFor(category) }))),
    compressImages && categories.includes('image') ? 'large photos are compressed' : null,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <DialogContent
      className="max-w-xl"
      aria-describedby={descriptionId}
      onPaste={onPaste}
      onCloseAutoFocus={onCloseAutoFocus}
      // A stray click outside must not throw away uploads in progress; Escape and Cancel still close.
      onInteractOutside={(event) => (busy || items.length > 0) && event.preventDefault()}
    >
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription id={descriptionId}>
          {description ?? `Choose ${categoryList(categories).toLowerCase()} to upload.`}
        </DialogDescription>
      </DialogHeader>

      <input
        ref={inputRef}
        type="file"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        accept={acceptAttribute(categories)}
        multiple={maxFiles > 1}
        data-testid="upload-input"
        onChange={(event) => {
          addFiles(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
      />
      <button
        ref={dropRef}
        type="button"
        aria-describedby={rulesId}
        className={cn(
          'flex min-h-36 w-full flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-border bg-muted/40 p-4 text-center transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          dragging && 'border-primary bg-primary/5',
        )}
        onClick={() => inputRef.current?.click()}
        onDragEnter={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragOver={(e) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          addFiles(e.dataTransfer.files);
        }}
      >
        <Upload className="size-7 text-muted-foreground" aria-hidden="true" />
        <span className="font-medium">Drop files here, paste, or browse</span>
        <span id={rulesId} className="text-xs text-muted-foreground">
          {categoryList(categories)}: {rules}.
        </span>
      </button>

      {items.length > 0 && (
        <div className="grid gap-3">
          <OverallProgress
            state={overall}
            loaded={queue.loaded}
            total={queue.total}
            count={items.length}
            done={nextStep}
          />
          <ul className="grid gap-2" aria-label="Files to upload">
            {items.map((item) => (
              <FileRow
                key={item.id}
                item={item}
                onCancel={() => {
                  queue.cancel(item.id);
                  // The row is gone: focus goes back to the drop area.
                  dropRef.current?.focus();
                }}
                onRetry={() => queue.retry(item.id)}
                onPause={() => queue.pause(item.id)}
              />
            ))}
          </ul>
        </div>
      )}

      <DialogFooter>
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button onClick={() => void queue.start()} disabled={waiting.length === 0}>
          <Upload aria-hidden="true" />
          {waiting.length > 1 ? `Upload ${waiting.length} files` : 'Upload'}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}

const percent = (loaded: number, total: number) => (total > 0 ? Math.round((loaded / total) * 100) : 0);

function OverallProgress({
  state,
  loaded,
  total,
  count,
  done = 'Upload complete',
}: {
  state: UploadState;
  loaded: number;
  total: number;
  count: number;
  done?: string;
}) {
  const pct = state === 'complete' ? 100 : percent(loaded, total);
  const label: Record<UploadState, string> = {
    waiting: `${count} ${filesWord(count)} ready to upload`,
    preprocessing: 'Compressing',
    uploading: 'Uploading',
    postprocessing: 'Processing',
    paused: 'Paused',
    complete: done,
    error: 'Some files failed to upload',
  };
  return (
    <div className="grid gap-1.5" data-testid="upload-overall" data-state={state}>
      <div className="flex items-center justify-between gap-2 text-sm">
        <p role="status" className="font-medium">
          {label[state]}
        </p>
        {state !== 'waiting' && <span className="tabular-nums text-muted-foreground">{pct}%</span>}
      </div>
      {state !== 'waiting' && <ProgressBar value={pct} label="Total upload progress" state={state} />}
    </div>
  );
}

function ProgressBar({ value, label, state }: { value: number; label: string; state: UploadState }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className="h-2 w-full overflow-hidden rounded-full bg-muted"
    >
      <div
        className={cn(
          'h-full rounded-full bg-primary transition-[width]',
          state === 'error' && 'bg-destructive',
          state === 'complete' && 'bg-emerald-600',
          state === 'paused' && 'bg-amber-600',
        )}
        style={{ width: `${value}%` }}
      />
    </div>
  );
}

function FileRow({
  item,
  onCancel,
  onRetry,
  onPause,
}: {
  item: QueueItem;
  onCancel: () => void;
  onRetry: () => void;
  onPause: () => void;
}) {
  const { file, state } = item;
  const active = state === 'preprocessing' || state === 'uploading' || state === 'postprocessing';
  const pct = state === 'complete' ? 100 : percent(item.loaded, item.total);
  const actionRef = React.useRef<HTMLButtonElement>(null);
  const cancelRef = React.useRef<HTMLButtonElement>(null);
  // One button for Pause, Resume and Retry, so focus stays on it when the label changes.
  const action =
    state === 'uploading' && item.multipart
      ? { label: 'Pause', icon: Pause, run: onPause }
      : state === 'paused'
        ? { label: 'Resume', icon: Play, run: onRetry }
        : state === 'error'
          ? { label: 'Retry', icon: RotateCcw, run: onRetry }
          : null;
  return (
    <li
      className="grid min-w-0 gap-2 rounded-lg border border-border p-3"
      data-testid="upload-file"
      data-state={state}
    >
      <div className="flex min-w-0 items-start gap-2">
        <StateIcon state={state} />
        <div className="min-w-0 flex-1">
          <p className="wrap-anywhere text-sm font-medium">{file.name}</p>
          <p className="text-xs text-muted-foreground">
            {humanSize(file.size)} · <span data-testid="upload-file-state">{STATE_LABELS[state]}</span>
            {active && state === 'uploading' && ` ${pct}%`}
          </p>
          {state === 'error' && item.error && (
            <p className="wrap-anywhere mt-1 text-xs text-destructive">{item.error}</p>
          )}
        </div>
        <div className="flex shrink-0 gap-1">
          {action && (
            <IconButton
              ref={actionRef}
              label={`${action.label} ${file.name}`}
              onClick={() => {
                action.run();
                // The button may go (a retried single upload has none): keep focus in the row.
                requestAnimationFrame(() => {
                  if (!actionRef.current?.isConnected) cancelRef.current?.focus();
                });
              }}
              icon={action.icon}
            />
          )}
          {state !== 'complete' && (
            <IconButton
              ref={cancelRef}
              label={`${active || state === 'paused' ? 'Cancel' : 'Remove'} ${file.name}`}
              onClick={onCancel}
              icon={X}
            />
          )}
        </div>
      </div>
      {state !== 'waiting' && <ProgressBar value={pct} label={`${file.name} progress`} state={state} />}
    </li>
  );
}

function StateIcon({ state }: { state: UploadState }) {
  const className = 'mt-0.5 size-4 shrink-0';
  if (state === 'complete')
    return <CheckCircle2 className={cn(className, 'text-emerald-700')} aria-hidden="true" />;
  if (state === 'error')
    return <AlertCircle className={cn(className, 'text-destructive')} aria-hidden="true" />;
  if (state === 'preprocessing' || state === 'uploading' || state === 'postprocessing')
    return <Loader2 className={cn(className, 'animate-spin text-muted-foreground')} aria-hidden="true" />;
  return <FileIcon className={cn(className, 'text-muted-foreground')} aria-hidden="true" />;
}

const IconButton = React.forwardRef<
  HTMLButtonElement,
  {
    label: string;
    onClick: () => void;
    icon: React.ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  }
>(({ label, onClick, icon: Icon }, ref) => (
  <Button
    ref={ref}
    variant="ghost"
    size="icon"
    className="size-8"
    aria-label={label}
    title={label}
    onClick={onClick}
  >
    <Icon className="size-4" aria-hidden="true" />
  </Button>
));
IconButton.displayName = 'IconButton';
