import { describe, expect, it } from 'vitest';
import {
  clockState,
  formatClock,
  maxRecordingBytes,
  needsCompression,
  pickMimeType,
  recordingFileName,
  recordingMimeType,
  recordingTooLarge,
  tooLargeToast,
} from './limits.ts';

const MB = 1024 * 1024;

describe('clock', () => {
  it('formats mm:ss', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(3.9)).toBe('00:03');
    expect(formatClock(59)).toBe('00:59');
    expect(formatClock(60)).toBe('01:00');
    expect(formatClock(299)).toBe('04:59');
    expect(formatClock(300)).toBe('05:00');
    expect(formatClock(-5)).toBe('00:00');
  });

  it('warns from 240 s with the seconds remaining', () => {
    expect(clockState(239_999)).toMatchObject({
      seconds: 239,
      warning: false,
      remaining: 61,
      limitReached: false,
    });
    expect(clockState(240_000)).toMatchObject({
      seconds: 240,
      warning: true,
      remaining: 60,
      limitReached: false,
    });
    expect(clockState(299_500)).toMatchObject({
      display: '04:59',
      warning: true,
      remaining: 1,
      limitReached: false,
    });
  });

  it('reaches the limit at 300 s and never shows more', () => {
    expect(clockState(300_000)).toMatchObject({
      seconds: 300,
      display: '05:00',
      remaining: 0,
      limitReached: true,
    });
    expect(clockState(312_000)).toMatchObject({ seconds: 300, display: '05:00', limitReached: true });
  });

  it('takes other limits', () => {
    expect(clockState(5_000, { maxSeconds: 5, warnFromSeconds: 3 })).toMatchObject({ limitReached: true });
    expect(clockState(3_000, { maxSeconds: 5, warnFromSeconds: 3 })).toMatchObject({
      warning: true,
      remaining: 2,
    });
  });
});

describe('size limits', () => {
  it('allows 100 MB of video and 50 MB of audio', () => {
    expect(maxRecordingBytes('video')).toBe(100 * MB);
    expect(maxRecordingBytes('audio')).toBe(50 * MB);
    expect(recordingTooLarge('video', 100 * MB)).toBe(false);
    expect(recordingTooLarge('video', 100 * MB + 1)).toBe(true);
    expect(recordingTooLarge('audio', 50 * MB)).toBe(false);
    expect(recordingTooLarge('audio', 50 * MB + 1)).toBe(true);
  });

  it('states the maximum in "Recording Too Large"', () => {
    expect(tooLargeToast('video')).toEqual({
      title: 'Recording Too Large',
      description: 'Maximum video recording size is 100MB. Please record a shorter video.',
    });
    expect(tooLargeToast('audio').description).toContain('50MB');
  });

  it('re-encodes only video over 10 MB', () => {
    expect(needsCompression('video', 10 * MB)).toBe(false);
    expect(needsCompression('video', 10 * MB + 1)).toBe(true);
    expect(needsCompression('audio', 40 * MB)).toBe(false);
  });
});

describe('formats and names', () => {
  it('picks the first supported recorder type, and survives a throwing check', () => {
    expect(pickMimeType('video', (t) => t === 'video/webm;codecs=vp8,opus')).toBe(
      'video/webm;codecs=vp8,opus',
    );
    expect(pickMimeType('audio', (t) => t.startsWith('audio/mp4'))).toBe('audio/mp4');
    expect(pickMimeType('audio', () => false)).toBeUndefined();
    expect(
      pickMimeType('video', () => {
        throw new Error('no');
      }),
    ).toBeUndefined();
  });

  it('types the file by kind, without codecs', () => {
    expect(recordingMimeType('video', 'video/webm;codecs=vp8,opus')).toBe('video/webm');
    expect(recordingMimeType('audio', 'video/webm;codecs=opus')).toBe('audio/webm');
    expect(recordingMimeType('audio', 'audio/mp4')).toBe('audio/mp4');
    expect(recordingMimeType('video', '')).toBe('video/webm');
    expect(recordingMimeType('audio', undefined)).toBe('audio/webm');
  });

  it('names the file recording-<timestamp>.<ext>', () => {
    const at = new Date(2025, 0, 2, 3, 4, 5);
    expect(recordingFileName('video', 'video/webm', at)).toBe('recording-20250102-030405.webm');
    expect(recordingFileName('audio', 'audio/webm', at)).toBe('recording-20250102-030405.webm');
    expect(recordingFileName('video', 'video/mp4', at)).toBe('recording-20250102-030405.mp4');
    expect(recordingFileName('audio', 'audio/mp4', at)).toBe('recording-20250102-030405.m4a');
    expect(recordingFileName('audio', 'audio/ogg;codecs=opus', at)).toBe('recording-20250102-030405.ogg');
  });
});
