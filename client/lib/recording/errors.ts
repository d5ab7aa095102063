// getUserMedia failures → the media access messages of spec 001 §8, and whether the person said no (denied)
// or something else went wrong (error).

export const MEDIA_ACCESS_MESSAGES = {
  unsupported: 'Media recording not supported by this browser.',
  denied: 'Media access denied. Please allow camera/microphone access.',
  notFound: 'No camera or microphone found.',
  inUse: 'Media device is already in use by another application.',
  unknown: 'Unknown media access error.',
} as const;

export const mediaAccessErrorMessage = (message: string) => `Media access error: ${message}`;

export interface MediaAccessFailure {
  /** 'denied' when permission was refused; 'error' for every other failure. */
  state: 'denied' | 'error';
  message: string;
}

/** True when this browser can both capture (getUserMedia) and record (MediaRecorder). */
export function recordingSupported(
  nav: { mediaDevices?: { getUserMedia?: unknown } } | undefined = globalThis.navigator,
  recorder: unknown = (globalThis as { MediaRecorder?: unknown }).MediaRecorder,
): boolean {
  return typeof nav?.mediaDevices?.getUserMedia === 'function' && typeof recorder === 'function';
}

/**
 * Maps what getUserMedia rejected with. DOMException names per the Media Capture spec, plus the legacy
 * Chrome names (PermissionDeniedError, DevicesNotFoundError, TrackStartError) older browsers still throw.
 */
export function mapMediaAccessError(error: unknown): MediaAccessFailure {
  const name =
    typeof error === 'object' && error !== null ? String((error as { name?: unknown }).name ?? '') : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return { state: 'denied', message: MEDIA_ACCESS_MESSAGES.denied };
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return { state: 'error', message: MEDIA_ACCESS_MESSAGES.notFound };
    case 'NotReadableError':
    case 'TrackStartError':
      return { state: 'error', message: MEDIA_ACCESS_MESSAGES.inUse };
    case 'NotSupportedError':
      return { state: 'error', message: MEDIA_ACCESS_MESSAGES.unsupported };
  }
  const message =
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
      ? (error as { message: string }).message.trim()
      : typeof error === 'string'
        ? error.trim()
        : '';
  return message
    ? { state: 'error', message: mediaAccessErrorMessage(message) }
    : { state: 'error', message: MEDIA_ACCESS_MESSAGES.unknown };
}
