import { describe, expect, it } from 'vitest';
import { MEDIA_ACCESS_MESSAGES, mapMediaAccessError, recordingSupported } from './errors.ts';

const domError = (name: string, message = 'x') => new DOMException(message, name);

describe('mapMediaAccessError', () => {
  it('maps refusals to denied', () => {
    for (const name of ['NotAllowedError', 'PermissionDeniedError', 'SecurityError']) {
      expect(mapMediaAccessError(domError(name))).toEqual({
        state: 'denied',
        message: 'Media access denied. Please allow camera/microphone access.',
      });
    }
  });

  it('maps a missing device to "No camera or microphone found."', () => {
    for (const name of ['NotFoundError', 'DevicesNotFoundError', 'OverconstrainedError']) {
      expect(mapMediaAccessError(domError(name))).toEqual({
        state: 'error',
        message: 'No camera or microphone found.',
      });
    }
  });

  it('maps a busy device to the in-use message', () => {
    for (const name of ['NotReadableError', 'TrackStartError']) {
      expect(mapMediaAccessError(domError(name)).message).toBe(
        'Media device is already in use by another application.',
      );
    }
  });

  it('maps NotSupportedError to the unsupported message', () => {
    expect(mapMediaAccessError(domError('NotSupportedError')).message).toBe(
      'Media recording not supported by this browser.',
    );
  });

  it('passes other messages through as "Media access error: {message}"', () => {
    expect(mapMediaAccessError(domError('AbortError', 'Timeout starting video source'))).toEqual({
      state: 'error',
      message: 'Media access error: Timeout starting video source',
    });
    expect(mapMediaAccessError(new TypeError('constraints empty')).message).toBe(
      'Media access error: constraints empty',
    );
    expect(mapMediaAccessError('gone').message).toBe('Media access error: gone');
  });

  it('says "Unknown media access error." when there is nothing to show', () => {
    for (const value of [undefined, null, 42, {}, new Error(''), domError('AbortError', '  ')]) {
      expect(mapMediaAccessError(value)).toEqual({ state: 'error', message: MEDIA_ACCESS_MESSAGES.unknown });
    }
    expect(MEDIA_ACCESS_MESSAGES.unknown).toBe('Unknown media access error.');
  });
});

describe('recordingSupported', () => {
  const gum = () => Promise.resolve();
  class Recorder {}
  it('needs both getUserMedia and MediaRecorder', () => {
    expect(recordingSupported({ mediaDevices: { getUserMedia: gum } }, Recorder)).toBe(true);
    expect(recordingSupported({ mediaDevices: { getUserMedia: gum } }, undefined)).toBe(false);
    expect(recordingSupported({ mediaDevices: {} }, Recorder)).toBe(false);
    expect(recordingSupported({}, Recorder)).toBe(false);
    expect(recordingSupported(undefined, Recorder)).toBe(false);
  });
});
