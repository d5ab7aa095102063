// The recorder's state machine (spec 001 §4): access loading → granted | denied | error (Retry access asks
// again); recording idle → recording → stopped with a preview; Record Again discards the take. Every track
// stops when the dialog closes (active false) or unmounts.
import * as React from 'react';
import { toast } from '../use-toast.ts';
import { compressRecordedVideo } from './compress.ts';
import { MEDIA_ACCESS_MESSAGES, mapMediaAccessError, recordingSupported } from './errors.ts';
import {
  type ClockState,
  clockState,
  needsCompression,
  pickMimeType,
  type RecordingKind,
  recordingFileName,
  recordingMimeType,
  recordingTooLarge,
  tooLargeToast,
} from './limits.ts';

export type AccessState = 'loading' | 'granted' | 'denied' | 'error';
export type RecordingPhase = 'idle' | 'recording' | 'stopped';

export interface Take {
  blob: Blob;
  url: string;
  mimeType: string;
  seconds: number;
}

export const RECORDING_TOASTS = {
  limitReached: {
    title: 'Recording Limit Reached',
    description: 'Maximum recording time of 5 minutes reached. Recording has been stopped automatically.',
  },
  processingError: {
    title: 'Processing Error',
    description: 'Failed to process recording. Please try again.',
  },
  compressionSkipped: {
    title: 'Compression Skipped',
    description: 'The video could not be compressed, so the original recording will be used.',
  },
  recorded: (kind: RecordingKind) => ({
    title: 'Media Recorded',
    description: `Your ${kind} recording has been added to the post.`,
  }),
} as const;

export const constraintsFor = (kind: RecordingKind): MediaStreamConstraints =>
  kind === 'video'
    ? { video: { width: { ideal: 1280 }, height: { ideal: 720 } }, audio: true }
    : { audio: true, video: false };

const CLOCK_TICK_MS = 250;

export function useMediaRecorder(kind: RecordingKind, active: boolean) {
  const [access, setAccess] = React.useState<AccessState>('loading');
  const [accessMessage, setAccessMessage] = React.useState<string | null>(null);
  const [stream, setStream] = React.useState<MediaStream | null>(null);
  const [phase, setPhase] = React.useState<RecordingPhase>('idle');
  const [stopping, setStopping] = React.useState(false);
  const [clock, setClock] = React.useState<ClockState>(() => clockState(0));
  const [take, setTake] = React.useState<Take | null>(null);
  /** Set while Save re-encodes: the fraction done (0..1). */
  const [processing, setProcessing] = React.useState<number | null>(null);

  const streamRef = React.useRef<MediaStream | null>(null);
  const recorderRef = React.useRef<MediaRecorder | null>(null);
  const tickRef = React.useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const takeRef = React.useRef<Take | null>(null);
  const requestRef = React.useRef(0);
  const abortRef = React.useRef<AbortController | null>(null);

  const setTakeBoth = React.useCallback((next: Take | null) => {
    if (takeRef.current && takeRef.current !== next) URL.revokeObjectURL(takeRef.current.url);
    takeRef.current = next;
    setTake(next);
  }, []);

  const stopTick = React.useCallback(() => {
    clearInterval(tickRef.current);
    tickRef.current = undefined;
  }, []);

  /** Stops the recorder without keeping what it made. */
  const dropRecorder = React.useCallback(() => {
    const recorder = recorderRef.current;
    recorderRef.current = null;
    stopTick();
    if (recorder) {
      recorder.ondataavailable = null;
      recorder.onstop = null;
      recorder.onerror = null;
      if (recorder.state !== 'inactive') recorder.stop();
    }
  }, [stopTick]);

  const releaseStream = React.useCallback(() => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    setStream(null);
  }, []);

  const requestAccess = React.useCallback(async () => {
    const request = ++requestRef.current;
    dropRecorder();
    releaseStream();
    setAccess('loading');
    setAccessMessage(null);
    if (!recordingSupported()) {
      setAccess('error');
      setAccessMessage(MEDIA_ACCESS_MESSAGES.unsupported);
      return;
    }
    try {
      const next = await navigator.mediaDevices.getUserMedia(constraintsFor(kind));
      if (request !== requestRef.current) {
        for (const track of next.getTracks()) track.stop();
        return;
      }
      streamRef.current = next;
      setStream(next);
      setAccess('granted');
    } catch (error) {
      if (request !== requestRef.current) return;
      const failure = mapMediaAccessError(error);
      setAccess(failure.state);
      setAccessMessage(failure.message);
    }
  }, [kind, dropRecorder, releaseStream]);

  const reset = React.useCallback(() => {
    requestRef.current++;
    abortRef.current?.abort();
    abortRef.current = null;
    dropRecorder();
    releaseStream();
    setTakeBoth(null);
    setPhase('idle');
    setStopping(false);
    setProcessing(null);
    setClock(clockState(0));
    setAccess('loading');
    setAccessMessage(null);
  }, [dropRecorder, releaseStream, setTakeBoth]);

  React.useEffect(() => {
    if (!active) return;
    void requestAccess();
    return reset;
  }, [active, requestAccess, reset]);

  const stop = React.useCallback(() => {
    const recorder = recorderRef.current;
    stopTick();
    if (!recorder || recorder.state === 'inactive') return;
    setStopping(true);
    recorder.stop();
  }, [stopTick]);

  const start = React.useCallback(() => {
    const current = streamRef.current;
    if (!current || recorderRef.current) return;
    setTakeBoth(null);
    let recorder: MediaRecorder;
    try {
      const mimeType = pickMimeType(kind, (type) => MediaRecorder.isTypeSupported(type));
      recorder = new MediaRecorder(current, mimeType ? { mimeType } : undefined);
    } catch {
      toast({ variant: 'destructive', ...RECORDING_TOASTS.processingError });
      return;
    }
    const chunks: Blob[] = [];
    const startedAt = Date.now();
    let last = clockState(0);
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onerror = () => {
      dropRecorder();
      setStopping(false);
      setPhase('idle');
      setClock(clockState(0));
      toast({ variant: 'destructive', ...RECORDING_TOASTS.processingError });
    };
    recorder.onstop = () => {
      recorderRef.current = null;
      setStopping(false);
      const mimeType = recordingMimeType(kind, recorder.mimeType || chunks[0]?.type);
      const blob = new Blob(chunks, { type: mimeType });
      if (blob.size === 0) {
        setPhase('idle');
        setClock(clockState(0));
        toast({ variant: 'destructive', ...RECORDING_TOASTS.processingError });
        return;
      }
      setTakeBoth({ blob, url: URL.createObjectURL(blob), mimeType, seconds: last.seconds });
      setPhase('stopped');
    };
    recorderRef.current = recorder;
    try {
      recorder.start(1000);
    } catch {
      recorderRef.current = null;
      toast({ variant: 'destructive', ...RECORDING_TOASTS.processingError });
      return;
    }
    setPhase('recording');
    setClock(last);
    tickRef.current = setInterval(() => {
      last = clockState(Date.now() - startedAt);
      setClock(last);
      if (last.limitReached) {
        stop();
        toast(RECORDING_TOASTS.limitReached);
      }
    }, CLOCK_TICK_MS);
  }, [kind, dropRecorder, setTakeBoth, stop]);

  const recordAgain = React.useCallback(() => {
    dropRecorder();
    setTakeBoth(null);
    setStopping(false);
    setPhase('idle');
    setClock(clockState(0));
  }, [dropRecorder, setTakeBoth]);

  /** The file to hand over (re-encoded when needed), or null when it cannot be (a toast says why). */
  const finish = React.useCallback(async (): Promise<File | null> => {
    const current = takeRef.current;
    if (!current || abortRef.current) return null;
    let blob = current.blob;
    if (needsCompression(kind, blob.size)) {
      const controller = new AbortController();
      abortRef.current = controller;
      setProcessing(0);
      try {
        const smaller = await compressRecordedVideo(blob, {
          seconds: current.seconds,
          signal: controller.signal,
          onProgress: (fraction) => setProcessing(fraction),
        });
        if (controller.signal.aborted) return null;
        if (smaller.size < blob.size) blob = smaller;
      } catch {
        if (controller.signal.aborted) return null;
        toast(RECORDING_TOASTS.compressionSkipped);
      } finally {
        if (abortRef.current === controller) abortRef.current = null;
        setProcessing(null);
      }
    }
    if (recordingTooLarge(kind, blob.size)) {
      toast({ variant: 'destructive', ...tooLargeToast(kind) });
      return null;
    }
    const mimeType = blob.type || current.mimeType;
    return new File([blob], recordingFileName(kind, mimeType), { type: mimeType });
  }, [kind]);

  return {
    access,
    accessMessage,
    stream,
    phase,
    stopping,
    clock,
    take,
    processing,
    retryAccess: requestAccess,
    start,
    stop,
    recordAgain,
    finish,
  };
}
