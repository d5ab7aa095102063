import * as React from 'react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { button, cleanup, render, waitFor } from '../../features/home/test/render.tsx';
import { toast } from '../../lib/use-toast.ts';
import { Toaster } from '../ui/toaster.tsx';
import { MediaRecorderDialog } from './media-recorder-dialog.tsx';

vi.mock('../../lib/use-toast.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/use-toast.ts')>();
  return { ...actual, toast: vi.fn(actual.toast) };
});

type Compress = typeof import('../../lib/recording/compress.ts').compressRecordedVideo;
/** Set by a test to stand in for the re-encoder (happy-dom cannot play video). */
const compressStub = vi.hoisted(() => ({ current: null as null | Compress }));
vi.mock('../../lib/recording/compress.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/recording/compress.ts')>();
  const compressRecordedVideo: Compress = (blob, options) =>
    (compressStub.current ?? actual.compressRecordedVideo)(blob, options);
  return { ...actual, compressRecordedVideo };
});

const MB = 1024 * 1024;

class FakeTrack {
  stopped = false;
  constructor(readonly kind: 'audio' | 'video') {}
  stop() {
    this.stopped = true;
  }
}

// happy-dom's video element takes only its own MediaStream as srcObject.
class FakeStream extends MediaStream {
  tracks: FakeTrack[];
  constructor(video: boolean) {
    super();
    this.tracks = [new FakeTrack('audio'), ...(video ? [new FakeTrack('video')] : [])];
  }
  override getTracks() {
    return this.tracks as unknown as MediaStreamTrack[];
  }
}

/** Bytes the next recording will produce. */
let nextTake: BlobPart[] = [new Uint8Array(2048)];
const recorders: FakeRecorder[] = [];

class FakeRecorder {
  static isTypeSupported = (type: string) => type.startsWith('video/webm') || type.startsWith('audio/webm');
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(
    readonly stream: FakeStream,
    options?: { mimeType?: string },
  ) {
    this.mimeType = options?.mimeType ?? 'video/webm';
    recorders.push(this);
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    // Like the browser: the last data, then stop, in later tasks.
    setTimeout(() => {
      this.ondataavailable?.({ data: new Blob(nextTake) });
      this.onstop?.();
    }, 0);
  }
}

let streams: FakeStream[] = [];
let getUserMedia: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.mocked(toast).mockClear();
  streams = [];
  recorders.length = 0;
  nextTake = [new Uint8Array(2048)];
  getUserMedia = vi.fn(async (constraints: MediaStreamConstraints) => {
    const stream = new FakeStream(Boolean(constraints.video));
    streams.push(stream);
    return stream;
  });
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
});

afterEach(() => {
  compressStub.current = null;
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
});

function Harness({ kind, onSave }: { kind: 'video' | 'audio'; onSave: (file: File) => void }) {
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open recorder
      </button>
      <MediaRecorderDialog open={open} onOpenChange={setOpen} kind={kind} onSave={onSave} />
      <Toaster />
    </>
  );
}

async function openRecorder(kind: 'video' | 'audio', onSave: (file: File) => void = () => {}) {
  const { container } = render(<Harness kind={kind} onSave={onSave} />);
  const opener = button(container, 'Open recorder')!;
  // Async act: getUserMedia's answer arrives in a later microtask.
  await act(async () => {
    opener.focus();
    opener.click();
  });
  const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
  return { opener, dialog };
}

const dialogEl = () => document.querySelector<HTMLElement>('[role="dialog"]');

/** Start and stop one take, up to its recorded preview (Record Again shown). */
async function recordTake(dialog: HTMLElement) {
  await waitFor(() => expect(button(dialog, 'Start Recording')).toBeTruthy());
  act(() => button(dialog, 'Start Recording')!.click());
  act(() => button(dialog, 'Stop Recording')!.click());
  await waitFor(() => expect(button(dialog, 'Record Again')).toBeTruthy());
}

describe('MediaRecorderDialog', () => {
  it('records a video, previews it and saves a webm File, then stops every track and returns focus', async () => {
    const onSave = vi.fn();
    const { opener, dialog } = await openRecorder('video', onSave);
    expect(dialog.textContent).toContain('Record Video');
    await waitFor(() => expect(button(dialog, 'Start Recording')).toBeTruthy());
    expect(getUserMedia).toHaveBeenCalledWith(
      expect.objectContaining({ audio: true, video: expect.anything() }),
    );
    expect(dialog.querySelector('[data-testid="live-preview"]')).toBeTruthy();
    expect(button(dialog, 'Save')!.disabled).toBe(true);

    act(() => button(dialog, 'Start Recording')!.click());
    expect(recorders).toHaveLength(1);
    expect(recorders[0]!.mimeType).toBe('video/webm;codecs=vp9,opus');
    expect(dialog.textContent).toContain('Recording');
    expect(dialog.querySelector('[role="timer"]')!.textContent).toBe('00:00');

    const primary = button(dialog, 'Stop Recording')!;
    act(() => {
      primary.focus();
      primary.click();
    });
    await waitFor(() => expect(button(dialog, 'Record Again')).toBeTruthy());
    // The same button changed its label, so keyboard focus stayed on it.
    expect(document.activeElement).toBe(button(dialog, 'Record Again'));
    const preview = dialog.querySelector<HTMLVideoElement>('[data-testid="recorded-preview"]')!;
    expect(preview.tagName).toBe('VIDEO');
    expect(preview.getAttribute('src')).toMatch(/^blob:/);

    await act(async () => button(dialog, 'Save')!.click());
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const file = onSave.mock.calls[0]![0] as File;
    expect(file).toBeInstanceOf(File);
    expect(file.name).toMatch(/^recording-\d{8}-\d{6}\.webm$/);
    expect(file.type).toBe('video/webm');
    expect(file.size).toBe(2048);
    await waitFor(() => expect(dialogEl()).toBeNull());
    expect(document.body.textContent).toContain('Media Recorded');
    expect(streams[0]!.tracks.every((t) => t.stopped)).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('records audio as an audio/webm file with a microphone panel instead of a camera', async () => {
    const onSave = vi.fn();
    const { dialog } = await openRecorder('audio', onSave);
    expect(dialog.textContent).toContain('Record Audio');
    await waitFor(() => expect(button(dialog, 'Start Recording')).toBeTruthy());
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true, video: false });
    expect(dialog.querySelector('video')).toBeNull();
    act(() => button(dialog, 'Start Recording')!.click());
    expect(recorders[0]!.mimeType).toBe('audio/webm;codecs=opus');
    act(() => button(dialog, 'Stop Recording')!.click());
    await waitFor(() => expect(dialog.querySelector('audio[data-testid="recorded-preview"]')).toBeTruthy());
    await act(async () => button(dialog, 'Save')!.click());
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect((onSave.mock.calls[0]![0] as File).type).toBe('audio/webm');
  });

  it('Record Again discards the take; Cancel closes without saving and stops the tracks', async () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const onSave = vi.fn();
    const { dialog } = await openRecorder('video', onSave);
    await recordTake(dialog);
    const url = dialog.querySelector('[data-testid="recorded-preview"]')!.getAttribute('src');
    act(() => button(dialog, 'Record Again')!.click());
    expect(revoke).toHaveBeenCalledWith(url);
    expect(dialog.querySelector('[data-testid="recorded-preview"]')).toBeNull();
    expect(dialog.querySelector('[data-testid="live-preview"]')).toBeTruthy();
    expect(button(dialog, 'Start Recording')).toBeTruthy();
    expect(button(dialog, 'Save')!.disabled).toBe(true);

    act(() => button(dialog, 'Cancel')!.click());
    await waitFor(() => expect(dialogEl()).toBeNull());
    expect(onSave).not.toHaveBeenCalled();
    expect(streams[0]!.tracks.every((t) => t.stopped)).toBe(true);
    revoke.mockRestore();
  });

  it('shows each access error and asks again with Retry Access', async () => {
    const cases: [unknown, string][] = [
      [
        new DOMException('denied', 'NotAllowedError'),
        'Media access denied. Please allow camera/microphone access.',
      ],
      [new DOMException('none', 'NotFoundError'), 'No camera or microphone found.'],
      [
        new DOMException('busy', 'NotReadableError'),
        'Media device is already in use by another application.',
      ],
      [
        new DOMException('Timeout starting video source', 'AbortError'),
        'Media access error: Timeout starting video source',
      ],
      [{}, 'Unknown media access error.'],
    ];
    for (const [error, message] of cases) {
      getUserMedia.mockRejectedValueOnce(error);
      const { dialog } = await openRecorder('video');
      await waitFor(() => expect(dialog.querySelector('[role="alert"]')?.textContent).toContain(message));
      expect(button(dialog, 'Start Recording')).toBeUndefined();
      await act(async () => button(dialog, 'Retry Access')!.click());
      await waitFor(() => expect(button(dialog, 'Start Recording')).toBeTruthy());
      expect(dialog.querySelector('[role="alert"]')).toBeNull();
      // Focus was on Retry Access, which is gone: it moves to Start Recording, inside the dialog.
      expect(document.activeElement).toBe(button(dialog, 'Start Recording'));
      cleanup();
    }
  });

  it('says so when the browser cannot record', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    const { dialog } = await openRecorder('audio');
    await waitFor(() =>
      expect(dialog.querySelector('[role="alert"]')?.textContent).toContain(
        'Media recording not supported by this browser.',
      ),
    );
  });

  it('warns from 4 minutes with the seconds left and stops itself at 5 minutes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { dialog } = await openRecorder('video');
    await waitFor(() => expect(button(dialog, 'Start Recording')).toBeTruthy());
    act(() => button(dialog, 'Start Recording')!.click());
    act(() => vi.advanceTimersByTime(239_000));
    expect(dialog.querySelector('[role="timer"]')!.textContent).toBe('03:59');
    expect(dialog.querySelector('[data-testid="recording-warning"]')).toBeNull();
    act(() => vi.advanceTimersByTime(1_000));
    expect(dialog.querySelector('[data-testid="recording-warning"]')!.textContent).toBe(
      '60 seconds remaining',
    );
    expect(dialog.textContent).toContain('Recording stops automatically in 60 seconds.');
    act(() => vi.advanceTimersByTime(50_000));
    expect(dialog.querySelector('[data-testid="recording-warning"]')!.textContent).toBe(
      '10 seconds remaining',
    );
    act(() => vi.advanceTimersByTime(10_000));
    expect(recorders[0]!.state).toBe('inactive');
    await waitFor(() => expect(button(dialog, 'Record Again')).toBeTruthy());
    expect(dialog.querySelector('[role="timer"]')!.textContent).toBe('05:00');
    expect(document.body.textContent).toContain(
      'Maximum recording time of 5 minutes reached. Recording has been stopped automatically.',
    );
  });

  it('toasts Processing Error when the recording comes out empty', async () => {
    nextTake = [];
    const { dialog } = await openRecorder('audio');
    await waitFor(() => expect(button(dialog, 'Start Recording')).toBeTruthy());
    act(() => button(dialog, 'Start Recording')!.click());
    act(() => button(dialog, 'Stop Recording')!.click());
    await waitFor(() =>
      expect(document.body.textContent).toContain('Failed to process recording. Please try again.'),
    );
    expect(button(dialog, 'Start Recording')).toBeTruthy();
    expect(button(dialog, 'Save')!.disabled).toBe(true);
  });

  it('refuses audio over 50 MB with "Recording Too Large"', async () => {
    nextTake = [new Uint8Array(50 * MB + 1)];
    const onSave = vi.fn();
    const { dialog } = await openRecorder('audio', onSave);
    await recordTake(dialog);
    await act(async () => button(dialog, 'Save')!.click());
    await waitFor(() => expect(document.body.textContent).toContain('Recording Too Large'));
    expect(document.body.textContent).toContain('Maximum audio recording size is 50MB.');
    expect(onSave).not.toHaveBeenCalled();
    expect(dialogEl()).toBeTruthy();
  });

  it('keeps the original video with "Compression Skipped" when re-encoding is impossible', async () => {
    nextTake = [new Uint8Array(10 * MB + 1)];
    // Without canvas.captureStream the video cannot be re-encoded.
    const captureStream = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, 'captureStream')!;
    Object.defineProperty(HTMLCanvasElement.prototype, 'captureStream', {
      value: undefined,
      configurable: true,
    });
    onTestFinished(() => {
      Object.defineProperty(HTMLCanvasElement.prototype, 'captureStream', captureStream);
    });
    const onSave = vi.fn();
    const { dialog } = await openRecorder('video', onSave);
    await recordTake(dialog);
    await act(async () => button(dialog, 'Save')!.click());
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect((onSave.mock.calls[0]![0] as File).size).toBe(10 * MB + 1);
    // One toast shows at a time and React renders both in one go, so ask the toast function.
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Compression Skipped' }));
  });

  it('re-encodes a video over 10 MB on Save, showing progress, and hands over the smaller file', async () => {
    nextTake = [new Uint8Array(12 * MB)];
    let finish: (blob: Blob) => void = () => {};
    const calls: Parameters<Compress>[] = [];
    compressStub.current = (blob, options) => {
      calls.push([blob, options]);
      options?.onProgress?.(0.5);
      return new Promise((resolve) => {
        finish = resolve;
      });
    };
    const onSave = vi.fn();
    const { dialog } = await openRecorder('video', onSave);
    await recordTake(dialog);
    await act(async () => button(dialog, 'Save')!.click());
    expect(calls).toHaveLength(1);
    expect(calls[0]![0].size).toBe(12 * MB);
    expect(dialog.textContent).toContain('Compressing video... 50%');
    const processingButton = button(dialog, 'Processing...')!;
    expect(processingButton.getAttribute('aria-disabled')).toBe('true');
    // Neither a second Save nor Record Again does anything meanwhile.
    await act(async () => processingButton.click());
    act(() => button(dialog, 'Record Again')!.click());
    expect(calls).toHaveLength(1);
    expect(dialog.querySelector('[data-testid="recorded-preview"]')).toBeTruthy();
    await act(async () => finish(new Blob([new Uint8Array(3 * MB)], { type: 'video/webm' })));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const file = onSave.mock.calls[0]![0] as File;
    expect(file.size).toBe(3 * MB);
    expect(file.type).toBe('video/webm');
    expect(toast).not.toHaveBeenCalledWith(expect.objectContaining({ title: 'Compression Skipped' }));
  });

  it('Cancel while re-encoding stops it and saves nothing', async () => {
    nextTake = [new Uint8Array(11 * MB)];
    let aborted = false;
    compressStub.current = (_blob, options) =>
      new Promise((_, reject) => {
        options?.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(new DOMException('cancelled', 'AbortError'));
        });
      });
    const onSave = vi.fn();
    const { dialog } = await openRecorder('video', onSave);
    await recordTake(dialog);
    await act(async () => button(dialog, 'Save')!.click());
    expect(dialog.textContent).toContain('Compressing video...');
    await act(async () => button(dialog, 'Cancel')!.click());
    await waitFor(() => expect(dialogEl()).toBeNull());
    expect(aborted).toBe(true);
    expect(onSave).not.toHaveBeenCalled();
    expect(streams[0]!.tracks.every((t) => t.stopped)).toBe(true);
    expect(toast).not.toHaveBeenCalledWith(expect.objectContaining({ title: 'Compression Skipped' }));
  });
});
