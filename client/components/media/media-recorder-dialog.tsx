// The media recorder for video or audio (spec 001 §2, §4, §5, §8): access states with Retry Access, a live
// preview while recording, the take's preview after Stop, a mm:ss timer with the 5-minute limit (warning from
// 4 minutes), Start / Stop / Record Again, Cancel and Save. Save hands the composer a File (re-encoded first
// when a video is over 10 MB) and toasts "Media Recorded".
import { AlertCircle, Circle, Loader2, Mic, RotateCcw, Square } from 'lucide-react';
import * as React from 'react';
import { RECORDING } from '../../../common/media.ts';
import { fixInfiniteDuration } from '../../lib/recording/duration.ts';
import type { RecordingKind } from '../../lib/recording/limits.ts';
import { RECORDING_TOASTS, useMediaRecorder } from '../../lib/recording/use-media-recorder.ts';
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

export interface MediaRecorderDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kind: RecordingKind;
  onSave: (file: File) => void;
}

const COPY = {
  video: { title: 'Record Video', device: 'camera and microphone', noun: 'video' },
  audio: { title: 'Record Audio', device: 'microphone', noun: 'audio' },
} as const;

export function MediaRecorderDialog({ open, onOpenChange, kind, onSave }: MediaRecorderDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && <RecorderContent kind={kind} onOpenChange={onOpenChange} onSave={onSave} />}
    </Dialog>
  );
}

function RecorderContent({
  kind,
  onOpenChange,
  onSave,
}: Pick<MediaRecorderDialogProps, 'kind' | 'onOpenChange' | 'onSave'>) {
  const recorder = useMediaRecorder(kind, true);
  const { access, phase, take, clock, processing, stopping } = recorder;
  const copy = COPY[kind];
  const primaryRef = React.useRef<HTMLButtonElement>(null);
  const contentRef = React.useRef<HTMLDivElement>(null);
  const busy = phase === 'recording' || take !== null || processing !== null;
  const waiting = stopping || processing !== null;

  // Retry Access disappears once access is granted: keep keyboard focus in the dialog, on Start.
  React.useEffect(() => {
    if (access !== 'granted') return;
    const active = document.activeElement;
    const content = contentRef.current;
    if (!active || active === document.body || active === content || !content?.contains(active)) {
      primaryRef.current?.focus();
    }
  }, [access]);

  const primary =
    phase === 'recording'
      ? {
          label: stopping ? 'Stopping...' : 'Stop Recording',
          icon: Square,
          onClick: recorder.stop,
          variant: 'destructive' as const,
        }
      : phase === 'stopped'
        ? {
            label: 'Record Again',
            icon: RotateCcw,
            onClick: recorder.recordAgain,
            variant: 'outline' as const,
          }
        : { label: 'Start Recording', icon: Circle, onClick: recorder.start, variant: 'default' as const };

  const save = async () => {
    if (processing !== null || !take) return;
    const file = await recorder.finish();
    if (!file) return;
    onSave(file);
    toast(RECORDING_TOASTS.recorded(kind));
    onOpenChange(false);
  };

  return (
    <DialogContent
      ref={contentRef}
      className="max-w-xl"
      // A stray click outside must not throw a take away; Escape and Cancel still close.
      onInteractOutside={(event) => busy && event.preventDefault()}
    >
      <DialogHeader>
        <DialogTitle>{copy.title}</DialogTitle>
        <DialogDescription>
          Record up to {RECORDING.maxSeconds / 60} minutes of {copy.noun} with your {copy.device}.
        </DialogDescription>
      </DialogHeader>

      {access === 'loading' && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Requesting access to your {copy.device}...
        </p>
      )}

      {(access === 'denied' || access === 'error') && (
        <div
          role="alert"
          className="grid gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm"
        >
          <p className="flex items-start gap-2 font-medium text-destructive">
            <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span data-testid="media-access-error">{recorder.accessMessage}</span>
          </p>
          <div>
            <Button variant="outline" size="sm" onClick={() => void recorder.retryAccess()}>
              <RotateCcw aria-hidden="true" />
              Retry Access
            </Button>
          </div>
        </div>
      )}

      {access === 'granted' && (
        <div className="grid gap-3">
          <Preview kind={kind} stream={recorder.stream} take={take} recording={phase === 'recording'} />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex items-center gap-2 text-sm">
              {phase === 'recording' && (
                <span className="flex items-center gap-1.5 font-medium text-destructive">
                  <span className="size-2.5 animate-pulse rounded-full bg-destructive" aria-hidden="true" />
                  Recording
                </span>
              )}
              {phase === 'stopped' && <span className="font-medium text-muted-foreground">Preview</span>}
              <span
                role="timer"
                aria-label={`Recording time ${clock.display}`}
                className="font-mono tabular-nums"
                data-testid="recording-timer"
              >
                {clock.display}
              </span>
              <span className="text-muted-foreground">/ {formatLimit()}</span>
            </div>
            <Button
              ref={primaryRef}
              variant={primary.variant}
              // aria-disabled, not disabled: a disabled button drops keyboard focus while it waits.
              onClick={() => !waiting && primary.onClick()}
              aria-disabled={waiting || undefined}
              className={cn(waiting && 'opacity-60')}
            >
              <primary.icon aria-hidden="true" />
              {primary.label}
            </Button>
          </div>
          {phase === 'recording' && clock.warning && (
            <p className="text-sm font-medium text-amber-700" data-testid="recording-warning">
              {clock.remaining} seconds remaining
            </p>
          )}
          <WarningAnnouncer show={phase === 'recording' && clock.warning} remaining={clock.remaining} />
          {processing !== null && (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
              Compressing video... {Math.round(processing * 100)}%
            </p>
          )}
        </div>
      )}

      <DialogFooter>
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button
          onClick={() => void save()}
          disabled={!take && processing === null}
          aria-disabled={processing !== null || undefined}
          className={cn(processing !== null && 'opacity-60')}
        >
          {processing !== null ? 'Processing...' : 'Save'}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}

const formatLimit = () => `${String(RECORDING.maxSeconds / 60).padStart(2, '0')}:00`;

/** Says once, politely, that the limit is near (the visible countdown itself is not announced every second). */
function WarningAnnouncer({ show, remaining }: { show: boolean; remaining: number }) {
  const [text, setText] = React.useState('');
  const announced = React.useRef(false);
  React.useEffect(() => {
    if (show && !announced.current) {
      announced.current = true;
      setText(`Recording stops automatically in ${remaining} seconds.`);
    }
    if (!show) {
      announced.current = false;
      setText('');
    }
  }, [show, remaining]);
  return (
    <p role="status" className="sr-only">
      {text}
    </p>
  );
}

function Preview({
  kind,
  stream,
  take,
  recording,
}: {
  kind: RecordingKind;
  stream: MediaStream | null;
  take: { url: string } | null;
  recording: boolean;
}) {
  const live = React.useCallback(
    (el: HTMLVideoElement | null) => {
      if (el && el.srcObject !== stream) el.srcObject = stream;
    },
    [stream],
  );
  if (take) {
    return kind === 'video' ? (
      // biome-ignore lint/a11y/useMediaCaption: a take the person just recorded has no captions yet
      <video
        key={take.url}
        src={take.url}
        controls
        playsInline
        onLoadedMetadata={fixInfiniteDuration}
        aria-label="Recorded video preview"
        className="aspect-video w-full rounded-lg bg-black object-contain"
        data-testid="recorded-preview"
      />
    ) : (
      // biome-ignore lint/a11y/useMediaCaption: a take the person just recorded has no captions yet
      <audio
        key={take.url}
        src={take.url}
        controls
        onLoadedMetadata={fixInfiniteDuration}
        aria-label="Recorded audio preview"
        className="w-full"
        data-testid="recorded-preview"
      />
    );
  }
  if (kind === 'video') {
    return (
      <video
        ref={live}
        autoPlay
        muted
        playsInline
        aria-label="Live camera preview"
        className="aspect-video w-full rounded-lg bg-black object-cover"
        data-testid="live-preview"
      />
    );
  }
  return (
    <div
      className="flex aspect-[3/1] w-full flex-col items-center justify-center gap-2 rounded-lg bg-muted text-muted-foreground"
      data-testid="live-preview"
    >
      <Mic className={cn('size-10', recording && 'animate-pulse text-destructive')} aria-hidden="true" />
      <span className="text-sm">{recording ? 'Recording from your microphone' : 'Microphone ready'}</span>
    </div>
  );
}
