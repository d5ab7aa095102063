// The file preview dialog (spec 001 §2): a PDF in a frame (a loading state over it until it has loaded) or
// the image; video and audio (previewable too, spec 001 §5) in their players; any other type says "Preview
// not available for this file type" and offers the download.
import { Download, Loader2 } from 'lucide-react';
import * as React from 'react';
import { extensionOf } from '../../../common/media.ts';
import { buttonVariants } from '../ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog.tsx';
import { AudioPlayer, VideoPlayer } from './media-player.tsx';

export const PREVIEW_NOT_AVAILABLE = 'Preview not available for this file type';
export const PREVIEW_LOADING = 'Loading preview…';
export const PDF_NO_VIEWER = 'This browser cannot show PDFs here: use Download to open it.';

export type PreviewKind = 'pdf' | 'image' | 'video' | 'audio' | 'none';

/** What the dialog shows, by extension (spec 001 §5: "File type is detected by extension"). */
export function previewKind(fileName: string): PreviewKind {
  const ext = extensionOf(fileName);
  if (ext === 'pdf') return 'pdf';
  if (['jpg', 'jpeg', 'png', 'gif', 'webp', 'svg'].includes(ext)) return 'image';
  if (['mp4', 'webm', 'avi', 'mov'].includes(ext)) return 'video';
  if (['mp3', 'wav', 'ogg', 'm4a', 'flac'].includes(ext)) return 'audio';
  return 'none';
}

export interface PreviewDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The file's path, ready to use (objectSrc applied). */
  url: string;
  fileName: string;
  /** Where focus goes when it closes (the Preview button); else the control focused before. */
  returnFocus?: () => HTMLElement | null | undefined;
}

export function PreviewDialog({ open, onOpenChange, url, fileName, returnFocus }: PreviewDialogProps) {
  const kind = previewKind(fileName);
  const download = React.useRef<HTMLAnchorElement>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className={kind === 'none' ? undefined : 'max-w-4xl'}
        onOpenAutoFocus={(event) => {
          // Not into the frame: keys pressed in a PDF viewer never reach the dialog, Escape included.
          event.preventDefault();
          download.current?.focus();
        }}
        onCloseAutoFocus={(event) => {
          const target = returnFocus?.();
          if (!target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <DialogHeader className="pr-8">
          <DialogTitle className="leading-snug">{fileName}</DialogTitle>
          <DialogDescription className={kind === 'none' ? undefined : 'sr-only'}>
            {kind === 'none' ? PREVIEW_NOT_AVAILABLE : `Preview of ${fileName}`}
          </DialogDescription>
        </DialogHeader>
        {kind === 'pdf' && <PdfFrame url={url} fileName={fileName} />}
        {kind === 'image' && (
          <div className="flex min-w-0 justify-center rounded-md bg-slate-950">
            <img
              src={url}
              alt={fileName}
              decoding="async"
              className="block h-auto max-h-[70dvh] w-auto max-w-full object-contain"
            />
          </div>
        )}
        {kind === 'video' && <VideoPlayer src={url} fileName={fileName} className="mx-auto max-h-[70dvh]" />}
        {kind === 'audio' && <AudioPlayer src={url} fileName={fileName} />}
        <div className="flex justify-end">
          <a
            ref={download}
            href={url}
            download={fileName}
            className={buttonVariants({ variant: kind === 'none' ? 'default' : 'outline' })}
          >
            <Download aria-hidden="true" />
            Download
          </a>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The PDF in a frame; until the frame has loaded (a large file takes seconds) a loading state covers it. A
 * browser without a PDF viewer (navigator.pdfViewerEnabled false, e.g. Chrome on Android) never loads one
 * there: it says so instead of loading for ever.
 */
function PdfFrame({ url, fileName }: { url: string; fileName: string }) {
  const [loaded, setLoaded] = React.useState(false);
  const viewer = typeof navigator === 'undefined' || navigator.pdfViewerEnabled !== false;
  return (
    <div className="relative h-[70dvh] w-full" aria-busy={viewer && !loaded}>
      <iframe
        src={url}
        title={`Preview of ${fileName}`}
        onLoad={() => setLoaded(true)}
        className="size-full rounded-md border border-border bg-muted"
      />
      {!loaded && (
        <div
          role="status"
          data-testid="pdf-loading"
          className="absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-md border border-border bg-muted p-4 text-center text-sm text-muted-foreground"
        >
          {viewer && <Loader2 className="size-6 animate-spin" aria-hidden="true" />}
          {viewer ? PREVIEW_LOADING : PDF_NO_VIEWER}
        </div>
      )}
    </div>
  );
}
