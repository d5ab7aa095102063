// MediaRecorder's webm carries no duration in its header, so a player shows no length and cannot seek until
// it has read to the end. Seeking far past the end once makes the browser work the duration out; then back to
// the start. Use as onLoadedMetadata of a <video> or <audio> playing a recording (the feed's players too).
import type * as React from 'react';

export function fixInfiniteDuration(
  event: React.SyntheticEvent<HTMLMediaElement> | { currentTarget: HTMLMediaElement },
) {
  const el = event.currentTarget;
  if (Number.isFinite(el.duration)) return;
  const back = () => {
    el.removeEventListener('timeupdate', back);
    el.currentTime = 0;
  };
  el.addEventListener('timeupdate', back);
  el.currentTime = Number.MAX_SAFE_INTEGER;
}
