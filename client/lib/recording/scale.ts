// The re-encoded video's frame size: inside 1280x720 (width at most 1280, height at most 720, read literally
// from spec 001 §5, so a portrait 720x1280 take becomes 404x720), aspect kept, never upscaled, even sides
// (VP8/VP9 encoders want even dimensions).
import { RECORDING } from '../../../common/media.ts';

export function fitWithin(
  width: number,
  height: number,
  maxWidth: number = RECORDING.compressMaxWidth,
  maxHeight: number = RECORDING.compressMaxHeight,
): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) return { width: 0, height: 0 };
  const ratio = Math.min(1, maxWidth / width, maxHeight / height);
  const even = (n: number) => Math.max(2, Math.floor((n * ratio) / 2) * 2);
  return { width: even(width), height: even(height) };
}
