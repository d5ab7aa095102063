// The Media Upload Features help dialog (spec 001 §2): what a post can carry, how to add it, and the
// limits (spec 001 §5 "Upload limits shown as text", from common/media.ts).
import { FileText, Image, Mic, Video } from 'lucide-react';
import type * as React from 'react';
import { ALLOWED_EXTENSIONS, RECORDING, UPLOAD, UPLOAD_LIMITS_TEXT } from '../../../common/media.ts';
import { Button } from '../ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/dialog.tsx';

const list = (exts: readonly string[]) => exts.map((e) => e.toUpperCase()).join(', ');
const MAX_WIDTH = UPLOAD.compressMaxWidth;
const MAX_HEIGHT = UPLOAD.compressMaxHeight;

const FEATURES: { icon: React.ComponentType<{ className?: string }>; title: string; text: string }[] = [
  {
    icon: Image,
    title: 'Images and galleries',
    text: `Share one image, or up to ${UPLOAD.galleryMax} as a gallery with a full-screen viewer. Photos over ${
      UPLOAD.compressOverBytes / 1024
    } KB are compressed before upload (at most ${MAX_WIDTH}×${MAX_HEIGHT}). ${list(ALLOWED_EXTENSIONS.image)}.`,
  },
  {
    icon: Video,
    title: 'Video',
    text: `Upload a video or record one with your camera (up to ${RECORDING.maxSeconds / 60} minutes). ${list(
      ALLOWED_EXTENSIONS.video,
    )}.`,
  },
  {
    icon: Mic,
    title: 'Audio',
    text: `Upload audio or record a voice message with your microphone. ${list(ALLOWED_EXTENSIONS.audio)}.`,
  },
  {
    icon: FileText,
    title: 'Documents',
    text: `Attach a document; PDFs can be previewed in the threadline. ${list(ALLOWED_EXTENSIONS.document)}.`,
  },
];

export function MediaHelpDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Media Upload Features</DialogTitle>
          <DialogDescription>
            Drag and drop files, paste them, or browse for them in the upload dialog.
          </DialogDescription>
        </DialogHeader>
        <ul className="grid gap-4">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex min-w-0 gap-3">
              <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <div className="min-w-0">
                <h3 className="text-sm font-semibold">{title}</h3>
                <p className="wrap-anywhere text-sm text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
        <div className="rounded-lg bg-muted p-3 text-sm">
          <h3 className="font-semibold">Upload limits</h3>
          <p className="text-muted-foreground">
            Maximum file sizes: {UPLOAD_LIMITS_TEXT}. A post holds a recording, up to {UPLOAD.maxFilesPerPost}{' '}
            images, or one video, audio or document file.
          </p>
        </div>
        <DialogFooter>
          <Button onClick={() => onOpenChange(false)}>Got it</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
