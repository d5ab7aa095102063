// Re-encodes a recorded video (spec 001 §5: over 10 MB → webm, at most 1280x720, 1000 kbps). The browser has
// no offline encoder we can use without a muxer, so the take is played once (unheard) into a scaled canvas,
// and the canvas's stream plus the element's audio (MediaElementAudioSource → MediaStreamDestination) are
// recorded again with videoBitsPerSecond. It runs in real time: a 60 s take takes about 60 s.
import { RECORDING } from '../../../common/media.ts';
import { fitWithin } from './scale.ts';

export interface CompressOptions {
  /** The take's length (MediaRecorder webm has no duration header), for progress. */
  seconds?: number;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  maxWidth?: number;
  maxHeight?: number;
  videoBitsPerSecond?: number;
}

/** What the re-encoder records to; vp8 first (cheaper to encode in real time than vp9). */
export const COMPRESS_MIME_TYPES = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm'];

/** How long a re-encode may take before it is abandoned: the take's length plus a margin. */
export const compressTimeoutMs = (seconds: number) => Math.ceil(seconds * 1.5 + 15) * 1000;

export class CompressionAborted extends Error {
  constructor() {
    super('Compression cancelled');
    this.name = 'AbortError';
  }
}

function once(target: EventTarget, type: string, signal?: AbortSignal): Promise<Event> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      target.removeEventListener(type, onEvent);
      target.removeEventListener('error', onError);
      signal?.removeEventListener('abort', onAbort);
    };
    const onEvent = (event: Event) => {
      cleanup();
      resolve(event);
    };
    const onError = () => {
      cleanup();
      reject(new Error(`The recorded video could not be read (${type})`));
    };
    const onAbort = () => {
      cleanup();
      reject(new CompressionAborted());
    };
    if (signal?.aborted) return onAbort();
    target.addEventListener(type, onEvent);
    target.addEventListener('error', onError);
    signal?.addEventListener('abort', onAbort);
  });
}

/** The re-encoded blob; throws when it cannot be done (the caller keeps the original). */
export async function compressRecordedVideo(blob: Blob, options: CompressOptions = {}): Promise<Blob> {
  const {
    seconds = 0,
    onProgress,
    signal,
    maxWidth = RECORDING.compressMaxWidth,
    maxHeight = RECORDING.compressMaxHeight,
    videoBitsPerSecond = RECORDING.compressBitrate,
  } = options;
  if (
    typeof MediaRecorder === 'undefined' ||
    typeof HTMLCanvasElement.prototype.captureStream !== 'function'
  ) {
    throw new Error('Re-encoding is not supported by this browser');
  }
  const url = URL.createObjectURL(blob);
  const video = document.createElement('video');
  video.playsInline = true;
  video.preload = 'auto';
  video.src = url;
  let audio: AudioContext | undefined;
  let recorder: MediaRecorder | undefined;
  let tracks: MediaStreamTrack[] = [];
  let frame = 0;
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // One deadline for the whole re-encode, loading included (a file the element cannot read may never load).
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error('Re-encoding took too long')),
      compressTimeoutMs(seconds || 300),
    );
  });
  timedOut.catch(() => {});
  try {
    await Promise.race([once(video, 'loadedmetadata', signal), timedOut]);
    const size = fitWithin(video.videoWidth, video.videoHeight, maxWidth, maxHeight);
    if (!size.width) throw new Error('The recorded video has no picture');
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('No 2D canvas');
    tracks = canvas.captureStream(30).getVideoTracks();

    // The element's sound goes only to the new recording (not to the speakers).
    audio = new AudioContext();
    const source = audio.createMediaElementSource(video);
    const destination = audio.createMediaStreamDestination();
    source.connect(destination);
    await Promise.race([audio.resume(), timedOut]);
    tracks.push(...destination.stream.getAudioTracks());

    const mimeType = COMPRESS_MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
    recorder = new MediaRecorder(new MediaStream(tracks), {
      ...(mimeType ? { mimeType } : {}),
      videoBitsPerSecond,
      audioBitsPerSecond: 96_000,
    });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    const rec = recorder;
    const stopped = new Promise<void>((resolve, reject) => {
      rec.onstop = () => resolve();
      rec.onerror = (event) => reject((event as { error?: unknown }).error ?? new Error('Recorder error'));
    });

    const draw = () => {
      if (done) return;
      g.drawImage(video, 0, 0, size.width, size.height);
      if (seconds > 0) onProgress?.(Math.min(1, video.currentTime / seconds));
      schedule();
    };
    const schedule = () => {
      if (done) return;
      if ('requestVideoFrameCallback' in video) frame = video.requestVideoFrameCallback(draw);
      else frame = requestAnimationFrame(draw);
    };
    g.drawImage(video, 0, 0, size.width, size.height);
    const ended = once(video, 'ended', signal);
    rec.start(1000);
    await Promise.race([video.play(), timedOut]);
    schedule();
    await Promise.race([ended, timedOut]);
    done = true;
    g.drawImage(video, 0, 0, size.width, size.height);
    rec.stop();
    await Promise.race([stopped, timedOut]);
    onProgress?.(1);
    const type = (rec.mimeType || 'video/webm').split(';')[0]!;
    const out = new Blob(chunks, { type });
    if (out.size === 0) throw new Error('The re-encoded video is empty');
    return out;
  } finally {
    done = true;
    clearTimeout(timer);
    if ('cancelVideoFrameCallback' in video) video.cancelVideoFrameCallback(frame);
    else cancelAnimationFrame(frame);
    if (recorder && recorder.state !== 'inactive') recorder.stop();
    for (const track of tracks) track.stop();
    video.pause();
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
    void audio?.close().catch(() => {});
  }
}
