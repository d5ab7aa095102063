import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '../../features/home/test/render.tsx';
import { coverWidth, firstSharp, imageCandidates, imageSources } from './image-sources.ts';
import { AudioPlayer, VOICE_NOTE } from './media-player.tsx';
import { swipeOf } from './use-swipe.ts';

afterEach(cleanup);

const photo = {
  url: '/objects/uploads/p',
  thumbnailUrl: '/objects/uploads/p?variant=thumb',
  largeUrl: '/objects/uploads/p?variant=large',
  width: 4000,
  height: 3000,
};

describe('imageSources', () => {
  it('offers the thumbnail, the large variant and the original with their widths', () => {
    expect(imageSources(photo, photo.url)).toEqual({
      src: photo.thumbnailUrl,
      srcSet: `${photo.thumbnailUrl} 480w, ${photo.largeUrl} 1600w, ${photo.url} 4000w`,
    });
    // Portrait: the widths of the fitted boxes.
    expect(imageSources({ ...photo, width: 3000, height: 4000 }, photo.url).srcSet).toBe(
      `${photo.thumbnailUrl} 360w, ${photo.largeUrl} 1200w, ${photo.url} 3000w`,
    );
  });

  it('leaves out the original where the large variant is as wide, and works without one (older uploads)', () => {
    expect(imageSources({ ...photo, width: 1200, height: 900 }, photo.url).srcSet).toBe(
      `${photo.thumbnailUrl} 480w, ${photo.largeUrl} 1200w`,
    );
    expect(imageSources({ ...photo, largeUrl: null }, photo.url).srcSet).toBe(
      `${photo.thumbnailUrl} 480w, ${photo.url} 4000w`,
    );
    expect(imageSources({ ...photo, largeUrl: null, width: 300, height: 200 }, photo.url).srcSet).toBe(
      `${photo.thumbnailUrl} 300w`,
    );
  });

  it('without a thumbnail or a size: just the fallback', () => {
    expect(imageSources({ ...photo, thumbnailUrl: null }, photo.url)).toEqual({ src: photo.url });
    expect(imageSources({ ...photo, width: null }, 'x')).toEqual({ src: 'x' });
  });

  it('coverWidth: a box relatively taller than the image needs a wider image (its sides are cut)', () => {
    expect(coverWidth({ width: 400, height: 400 }, { width: 4000, height: 3000 })).toBe(534);
    expect(coverWidth({ width: 810, height: 405 }, { width: 4000, height: 3000 })).toBe(810);
    expect(coverWidth({ width: 300.2, height: 100 }, { width: 1, height: 1 })).toBe(301);
  });
});

describe('firstSharp', () => {
  it('the narrowest candidate at least as wide as the pixels needed, else the widest', () => {
    const candidates = imageCandidates(photo);
    expect(firstSharp(candidates, 400)).toBe(0);
    expect(firstSharp(candidates, 480)).toBe(0);
    expect(firstSharp(candidates, 481)).toBe(1);
    // An 810 px tile on a 2x screen: the large one (1600) is not enough, the original is.
    expect(firstSharp(candidates, 1620)).toBe(2);
    expect(firstSharp(candidates, 9000)).toBe(2);
  });
});

describe('swipeOf', () => {
  it('the longer axis decides; 50 px or more; up is nothing', () => {
    expect(swipeOf(-60, 10)).toBe('left');
    expect(swipeOf(60, -20)).toBe('right');
    expect(swipeOf(10, 80)).toBe('down');
    expect(swipeOf(10, -80)).toBeNull();
    expect(swipeOf(-49, 0)).toBeNull();
    expect(swipeOf(0, 49)).toBeNull();
  });
});

describe('AudioPlayer', () => {
  it('titles a recording "Voice note" with its length once known, not its file name', () => {
    const { container } = render(
      <AudioPlayer src="/objects/uploads/v" fileName="recording-20261126-073431.webm" />,
    );
    expect(container.textContent).toBe(VOICE_NOTE);
    const audio = container.querySelector('audio')!;
    expect(audio.getAttribute('aria-label')).toBe(VOICE_NOTE);
    Object.defineProperty(audio, 'duration', { configurable: true, value: 42.4 });
    act(() => {
      audio.dispatchEvent(new Event('durationchange'));
    });
    expect(container.textContent).toBe(`${VOICE_NOTE}00:42`);
    expect(audio.getAttribute('aria-label')).toBe(`${VOICE_NOTE}, 00:42`);
  });

  it('other audio keeps its file name', () => {
    const { container } = render(<AudioPlayer src="/objects/uploads/s" fileName="song.mp3" />);
    expect(container.textContent).toBe('song.mp3');
    expect(container.querySelector('audio')!.getAttribute('aria-label')).toBe('Audio: song.mp3');
  });
});
