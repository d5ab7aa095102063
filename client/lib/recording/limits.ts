// The recorder's clock, limits and file naming (spec 001 §5, §9; RECORDING in common/media.ts).
import { RECORDING } from '../../../common/media.ts';

export type RecordingKind = 'video' | 'audio';

/** Seconds as mm:ss (minutes keep counting past 59; the limit stops at 05:00). */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

export interface ClockState {
  /** Whole seconds recorded, capped at the limit. */
  seconds: number;
  display: string;
  /** From 240 s on: the warning with the seconds remaining. */
  warning: boolean;
  remaining: number;
  /** 300 s reached: stop automatically. */
  limitReached: boolean;
}

export function clockState(
  elapsedMs: number,
  limits: { maxSeconds: number; warnFromSeconds: number } = RECORDING,
): ClockState {
  const seconds = Math.min(limits.maxSeconds, Math.max(0, Math.floor(elapsedMs / 1000)));
  return {
    seconds,
    display: formatClock(seconds),
    warning: seconds >= limits.warnFromSeconds,
    remaining: limits.maxSeconds - seconds,
    limitReached: elapsedMs >= limits.maxSeconds * 1000,
  };
}

export const maxRecordingBytes = (kind: RecordingKind) =>
  kind === 'video' ? RECORDING.maxVideoBytes : RECORDING.maxAudioBytes;

/** Whole megabytes for the "Recording Too Large" toast. */
export const maxRecordingText = (kind: RecordingKind) =>
  `${Math.round(maxRecordingBytes(kind) / (1024 * 1024))}MB`;

export const recordingTooLarge = (kind: RecordingKind, bytes: number) => bytes > maxRecordingBytes(kind);

export function tooLargeToast(kind: RecordingKind) {
  return {
    title: 'Recording Too Large',
    description: `Maximum ${kind} recording size is ${maxRecordingText(kind)}. Please record a shorter ${kind}.`,
  };
}

/** Recorded video over 10 MB is re-encoded (spec 001 §5); audio never is. */
export const needsCompression = (kind: RecordingKind, bytes: number) =>
  kind === 'video' && bytes > RECORDING.compressVideoOverBytes;

/** The MediaRecorder formats to try, best first; the browser picks its own when none is supported. */
export const PREFERRED_MIME_TYPES: Record<RecordingKind, readonly string[]> = {
  video: ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'],
  audio: ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'],
};

export function pickMimeType(
  kind: RecordingKind,
  isSupported: (type: string) => boolean,
): string | undefined {
  return PREFERRED_MIME_TYPES[kind].find((type) => {
    try {
      return isSupported(type);
    } catch {
      return false;
    }
  });
}

/**
 * The recorded file's type: the recorder's own (codecs dropped), else the kind's webm. The recorder can say
 * "video/webm" for an audio-only stream, so the kind decides the top-level type.
 */
export function recordingMimeType(kind: RecordingKind, recorderType: string | undefined): string {
  const base = (recorderType ?? '').split(';')[0]!.trim().toLowerCase();
  const sub = base.split('/')[1] || 'webm';
  return `${kind}/${sub}`;
}

const EXTENSION_BY_SUBTYPE: Record<string, string> = {
  webm: 'webm',
  mp4: 'mp4',
  ogg: 'ogg',
  'x-matroska': 'webm',
};

/** A name recordingFileName made (an audio one is a voice note, shown by that word, not by the name). */
export const isRecordingName = (name: string) => /^recording-\d{8}-\d{6}\.[a-z0-9]{2,4}$/i.test(name);

/** e.g. recording-20250101-093015.webm (an audio mp4 is .m4a, so the name says audio). */
export function recordingFileName(kind: RecordingKind, mimeType: string, at: Date = new Date()): string {
  const sub = mimeType.split(';')[0]!.split('/')[1] ?? 'webm';
  let ext = EXTENSION_BY_SUBTYPE[sub] ?? 'webm';
  if (kind === 'audio' && ext === 'mp4') ext = 'm4a';
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  return `recording-${stamp}.${ext}`;
}
