// Video and audio players: the browser's own controls, metadata loaded up front (duration, first frame)
// and the rest only when played; a video's box is sized from its width and height when the server knows them.
// An audio recording made here is titled "Voice note" with its length, not its file name.
import { Mic, Music } from 'lucide-react';
import * as React from 'react';
import { fixInfiniteDuration } from '../../lib/recording/duration.ts';
import { formatClock, isRecordingName } from '../../lib/recording/limits.ts';
import { cn } from '../../lib/utils.ts';
import { reservedBox } from './reserved-box.ts';

/** A video is at most this tall in the feed. */
const VIDEO_MAX_HEIGHT = '28rem';

export function VideoPlayer({
  src,
  width = null,
  height = null,
  fileName,
  className,
}: {
  src: string;
  width?: number | null;
  height?: number | null;
  fileName?: string | null;
  className?: string;
}) {
  const box = reservedBox({ width, height }, VIDEO_MAX_HEIGHT);
  return (
    // biome-ignore lint/a11y/useMediaCaption: people's own recordings and uploads come without captions
    <video
      src={src}
      controls
      preload="metadata"
      // Recordings (MediaRecorder webm) carry no duration: without this the player cannot seek.
      onLoadedMetadata={fixInfiniteDuration}
      playsInline
      aria-label={fileName ? `Video: ${fileName}` : 'Video'}
      width={width ?? undefined}
      height={height ?? undefined}
      style={box}
      className={cn(
        'block rounded-lg bg-slate-950',
        box ? 'h-auto max-w-full' : 'aspect-video max-h-[28rem] w-full',
        className,
      )}
    />
  );
}

export const VOICE_NOTE = 'Voice note';

export function AudioPlayer({
  src,
  fileName,
  className,
}: {
  src: string;
  fileName?: string | null;
  className?: string;
}) {
  const voiceNote = !!fileName && isRecordingName(fileName);
  const [seconds, setSeconds] = React.useState<number | null>(null);
  const length = voiceNote && seconds != null ? formatClock(Math.round(seconds)) : null;
  const title = voiceNote ? VOICE_NOTE : fileName;
  const label = voiceNote
    ? `${VOICE_NOTE}${length ? `, ${length}` : ''}`
    : fileName
      ? `Audio: ${fileName}`
      : 'Audio';
  // A recording's duration is known only once fixInfiniteDuration has had the browser read to its end.
  const readDuration = (event: React.SyntheticEvent<HTMLAudioElement>) => {
    const { duration } = event.currentTarget;
    if (Number.isFinite(duration) && duration > 0) setSeconds(duration);
  };
  const Icon = voiceNote ? Mic : Music;
  return (
    <div className={cn('grid min-w-0 gap-2 rounded-lg border border-border bg-muted/40 p-3', className)}>
      {title && (
        <p className="flex min-w-0 items-center gap-2 text-sm font-medium">
          <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="min-w-0 wrap-anywhere">{title}</span>
          {length && (
            <span data-testid="voice-note-length" className="text-muted-foreground tabular-nums">
              {length}
            </span>
          )}
        </p>
      )}
      {/* biome-ignore lint/a11y/useMediaCaption: voice notes and uploads come without captions */}
      <audio
        src={src}
        controls
        preload="metadata"
        onLoadedMetadata={(event) => {
          fixInfiniteDuration(event);
          readDuration(event);
        }}
        onDurationChange={readDuration}
        aria-label={label}
        className="block h-10 w-full"
      />
    </div>
  );
}
