import { afterEach, describe, expect, it } from 'vitest';
import type { Post } from '../../../../../common/schemas/post.ts';
import { cleanup, render } from '../../../home/test/render.tsx';
import { makePost } from '../../lib/test-posts.ts';
import { PostAttachments, postMediaItems } from './post-attachments.tsx';

afterEach(cleanup);

const info = (id: string, over: Partial<NonNullable<Post['media']>[number]> = {}) => ({
  url: `/objects/uploads/${id}`,
  thumbnailUrl: `/objects/uploads/${id}?variant=thumb`,
  contentType: 'image/png',
  width: 640,
  height: 480,
  ...over,
});

const show = (post: Post) => render(<PostAttachments post={post} />).container;

describe('postMediaItems', () => {
  it('pairs mediaUrls with names, sizes and what the server found, in order', () => {
    const post = makePost({
      type: 'gallery',
      mediaUrls: ['/objects/uploads/a', 'uploads/b'],
      fileNames: ['a.png', 'b.jpg'],
      fileSizes: [100, 200],
      media: [
        info('a', { largeUrl: '/objects/uploads/a?variant=large' }),
        info('b', { thumbnailUrl: null, width: null, height: null }),
      ],
    });
    expect(postMediaItems(post)).toEqual([
      {
        url: '/objects/uploads/a',
        thumbnailUrl: '/objects/uploads/a?variant=thumb',
        largeUrl: '/objects/uploads/a?variant=large',
        contentType: 'image/png',
        width: 640,
        height: 480,
        fileName: 'a.png',
        fileSize: 100,
      },
      {
        url: '/objects/uploads/b',
        thumbnailUrl: null,
        largeUrl: null,
        contentType: 'image/png',
        width: null,
        height: null,
        fileName: 'b.jpg',
        fileSize: 200,
      },
    ]);
  });

  it('takes a single mediaUrl, and paths without /objects/ get it (objectSrc)', () => {
    const post = makePost({
      type: 'file',
      mediaUrl: 'uploads/x',
      fileName: 'x.pdf',
      fileSize: 9,
      media: null,
    });
    expect(postMediaItems(post)).toEqual([
      {
        url: '/objects/uploads/x',
        thumbnailUrl: null,
        largeUrl: null,
        contentType: null,
        width: null,
        height: null,
        fileName: 'x.pdf',
        fileSize: 9,
      },
    ]);
    expect(postMediaItems(makePost())).toEqual([]);
  });
});

describe('PostAttachments', () => {
  it('shows nothing for text posts and tombstones', () => {
    expect(show(makePost()).innerHTML).toBe('');
    const tombstone = makePost({ type: 'image', deletedAt: '2026-01-02T00:00:00Z' });
    expect(show(tombstone).innerHTML).toBe('');
  });

  it('shows a single image and a gallery as thumbnails', () => {
    const single = show(
      makePost({ type: 'image', mediaUrl: '/objects/uploads/a', fileName: 'a.png', media: [info('a')] }),
    );
    expect(single.querySelector('button img')!.getAttribute('src')).toBe('/objects/uploads/a?variant=thumb');

    const ids = ['a', 'b', 'c', 'd', 'e'];
    const gallery = show(
      makePost({
        type: 'gallery',
        mediaUrls: ids.map((id) => `/objects/uploads/${id}`),
        fileNames: ids.map((id) => `${id}.png`),
        fileSizes: ids.map(() => 10),
        media: ids.map((id) => info(id)),
      }),
    );
    expect(gallery.querySelector('ul')!.getAttribute('data-columns')).toBe('3');
    expect(gallery.querySelector('[data-testid="more-overlay"]')!.textContent).toBe('+1');
  });

  it('plays video with its size reserved, and audio, loading only metadata', () => {
    const video = show(
      makePost({
        type: 'video',
        mediaUrl: '/objects/uploads/v',
        fileName: 'clip.mp4',
        media: [info('v', { contentType: 'video/mp4', thumbnailUrl: null, width: 1280, height: 720 })],
      }),
    ).querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/objects/uploads/v');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(video.getAttribute('width')).toBe('1280');
    expect(video.style.aspectRatio).toBe('1280 / 720');
    expect(video.getAttribute('aria-label')).toBe('Video: clip.mp4');

    const unsized = show(
      makePost({ type: 'video', mediaUrl: '/objects/uploads/w', fileName: 'rec.webm', media: null }),
    ).querySelector('video')!;
    expect(unsized.className).toContain('aspect-video');

    const audio = show(
      makePost({ type: 'audio', mediaUrl: '/objects/uploads/s', fileName: 'voice.webm', media: null }),
    );
    const player = audio.querySelector('audio')!;
    expect(player.getAttribute('src')).toBe('/objects/uploads/s');
    expect(player.hasAttribute('controls')).toBe(true);
    expect(player.getAttribute('preload')).toBe('metadata');
    expect(audio.textContent).toContain('voice.webm');
  });

  it('shows a file post as a file row', () => {
    const row = show(
      makePost({
        type: 'file',
        mediaUrl: '/objects/uploads/f',
        fileName: 'minutes.pdf',
        fileSize: 2048,
        media: [info('f', { contentType: 'application/pdf', thumbnailUrl: null, width: null, height: null })],
      }),
    );
    expect(row.querySelector('[data-testid="file-badge"]')!.textContent).toBe('PDF');
    expect(row.textContent).toContain('minutes.pdf');
    expect(row.textContent).toContain('2.0 KB');
    expect(row.querySelector('a')!.getAttribute('href')).toBe('/objects/uploads/f');
  });
});
