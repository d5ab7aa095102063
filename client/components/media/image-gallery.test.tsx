import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { button, cleanup, render, waitFor } from '../../features/home/test/render.tsx';
import { type GalleryImage, galleryColumns, galleryTiles, ImageGallery } from './image-gallery.tsx';

afterEach(cleanup);

const images = (count: number, over: Partial<GalleryImage> = {}): GalleryImage[] =>
  Array.from({ length: count }, (_, i) => ({
    url: `/objects/uploads/img-${i + 1}`,
    thumbnailUrl: `/objects/uploads/img-${i + 1}?variant=thumb`,
    width: 1200,
    height: 800,
    fileName: `photo-${i + 1}.png`,
    ...over,
  }));

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const tiles = (container: HTMLElement) => [...container.querySelectorAll<HTMLButtonElement>('li > button')];
const counter = () => dialog()?.querySelector('[aria-live="polite"]')?.textContent;
const shownImage = () => dialog()?.querySelector<HTMLImageElement>('div.relative > img');

function press(key: string) {
  const target = (document.activeElement ?? document.body) as HTMLElement;
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
}

/** Opens the lightbox at a tile; its code loads on the first opening. */
async function openTile(tile: HTMLButtonElement) {
  act(() => {
    tile.focus();
    tile.click();
  });
  await waitFor(() => expect(dialog()).not.toBeNull());
}

describe('galleryColumns and galleryTiles', () => {
  it('uses 1 column for 1 image, 2 for 2 to 4, 3 beyond', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(galleryColumns)).toEqual([1, 2, 2, 2, 3, 3, 3]);
  });

  it('shows at most 4 tiles and counts the rest for the overlay', () => {
    expect(galleryTiles([1, 2, 3])).toEqual({ tiles: [1, 2, 3], more: 0 });
    expect(galleryTiles([1, 2, 3, 4])).toEqual({ tiles: [1, 2, 3, 4], more: 0 });
    expect(galleryTiles([1, 2, 3, 4, 5, 6, 7])).toEqual({ tiles: [1, 2, 3, 4], more: 3 });
  });
});

describe('ImageGallery', () => {
  it('shows one image alone, lazy, in a box sized from its dimensions, and opens the lightbox', async () => {
    const { container } = render(<ImageGallery images={images(1)} />);
    expect(container.querySelector('ul')).toBeNull();
    const open = button(container, '')!;
    expect(open.getAttribute('aria-label')).toBe('Open image photo-1.png');
    expect(open.style.aspectRatio).toBe('1200 / 800');
    const img = open.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('width')).toBe('1200');
    expect(img.getAttribute('height')).toBe('800');
    // The thumbnail where it is enough, the full image on larger screens (no large variant here).
    expect(img.getAttribute('src')).toBe('/objects/uploads/img-1?variant=thumb');
    expect(img.getAttribute('srcset')).toBe(
      '/objects/uploads/img-1?variant=thumb 480w, /objects/uploads/img-1 1200w',
    );
    expect(img.getAttribute('sizes')).toBeTruthy();

    await openTile(open);
    expect(counter()).toBe('1 of 1');
    expect(shownImage()!.getAttribute('src')).toBe('/objects/uploads/img-1');
    // One image: no previous, next or strip.
    expect(dialog()!.querySelector('[aria-label="Next image"]')).toBeNull();
    expect(dialog()!.querySelector('ul[aria-label="Images"]')).toBeNull();
  });

  it('gives an image of unknown size the 16:9 box class and shows the full image when there is no thumbnail', () => {
    const { container } = render(
      <ImageGallery images={images(1, { width: null, height: null, thumbnailUrl: null })} />,
    );
    const open = container.querySelector('button')!;
    expect(open.className).toContain('aspect-video');
    expect(open.querySelector('img')!.getAttribute('src')).toBe('/objects/uploads/img-1');
    expect(open.querySelector('img')!.hasAttribute('srcset')).toBe(false);
  });

  it.each([
    [2, 2, 2],
    [3, 2, 3],
    [4, 2, 4],
    [5, 3, 4],
    [10, 3, 4],
  ])('lays %i images out in %i columns (by class) with %i tiles', (count, columns, shown) => {
    const { container } = render(<ImageGallery images={images(count)} />);
    const grid = container.querySelector('ul')!;
    expect(grid.getAttribute('data-columns')).toBe(String(columns));
    expect(grid.className).toContain(`grid-cols-${columns}`);
    expect(grid.getAttribute('aria-label')).toBe(`${count} images`);
    expect(tiles(container)).toHaveLength(shown);
    // Tiles are thumbnails, lazy, with their dimensions.
    for (const [i, tile] of tiles(container).entries()) {
      const img = tile.querySelector('img')!;
      expect(img.getAttribute('src')).toBe(`/objects/uploads/img-${i + 1}?variant=thumb`);
      expect(img.getAttribute('loading')).toBe('lazy');
      expect(img.getAttribute('width')).toBe('1200');
    }
  });

  it('gives the odd tile out the class spanning it across the first row', () => {
    const three = render(<ImageGallery images={images(3)} />).container;
    expect(three.querySelector('li')!.className).toContain('col-span-2');
    const five = render(<ImageGallery images={images(5)} />).container;
    expect(five.querySelector('li')!.className).toContain('col-span-3');
    const four = render(<ImageGallery images={images(4)} />).container;
    expect(four.querySelector('li')!.className).not.toContain('col-span');
  });

  it('puts "+N" on the fourth tile only when there are more than 4 images', () => {
    const four = render(<ImageGallery images={images(4)} />).container;
    expect(four.querySelector('[data-testid="more-overlay"]')).toBeNull();

    const seven = render(<ImageGallery images={images(7)} />).container;
    const overlays = seven.querySelectorAll('[data-testid="more-overlay"]');
    expect(overlays).toHaveLength(1);
    expect(overlays[0]!.textContent).toBe('+3');
    expect(overlays[0]!.closest('button')).toBe(tiles(seven)[3]);
    expect(tiles(seven)[3]!.getAttribute('aria-label')).toBe('Open image 4 of 7, photo-4.png, and 3 more');
  });

  it('falls back to the full image in a tile without a thumbnail', () => {
    const { container } = render(<ImageGallery images={images(2, { thumbnailUrl: null })} />);
    expect(tiles(container)[1]!.querySelector('img')!.getAttribute('src')).toBe('/objects/uploads/img-2');
  });
});

describe('Lightbox', () => {
  it('opens at the tile, moves with the arrow keys and the buttons (wrapping), and counts "n of total"', async () => {
    const { container } = render(<ImageGallery images={images(5)} />);
    expect(dialog()).toBeNull();
    await openTile(tiles(container)[1]!);
    expect(dialog()).not.toBeNull();
    expect(counter()).toBe('2 of 5');
    expect(shownImage()!.getAttribute('src')).toBe('/objects/uploads/img-2');
    expect(shownImage()!.getAttribute('alt')).toBe('photo-2.png');
    expect(dialog()!.querySelector('h2')!.textContent).toBe('photo-2.png');
    // Focus starts on Next, inside the dialog.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Next image');

    press('ArrowRight');
    expect(counter()).toBe('3 of 5');
    press('ArrowRight');
    press('ArrowRight');
    expect(counter()).toBe('5 of 5');
    // The fifth image, beyond the four tiles, is reachable and the strip shows it.
    expect(shownImage()!.getAttribute('src')).toBe('/objects/uploads/img-5');
    press('ArrowRight');
    expect(counter()).toBe('1 of 5');
    press('ArrowLeft');
    expect(counter()).toBe('5 of 5');

    act(() => dialog()!.querySelector<HTMLButtonElement>('[aria-label="Previous image"]')!.click());
    expect(counter()).toBe('4 of 5');
    act(() => dialog()!.querySelector<HTMLButtonElement>('[aria-label="Next image"]')!.click());
    expect(counter()).toBe('5 of 5');
  });

  it('has a thumbnail strip marking the current image, and a download link for the full image', async () => {
    const { container } = render(<ImageGallery images={images(6)} />);
    await openTile(tiles(container)[0]!);
    const strip = dialog()!.querySelector('ul[aria-label="Images"]')!;
    const thumbs = [...strip.querySelectorAll('button')];
    expect(thumbs).toHaveLength(6);
    expect(thumbs[0]!.getAttribute('aria-current')).toBe('true');
    expect(thumbs[5]!.getAttribute('aria-label')).toBe('Show image 6 of 6');
    expect(thumbs[5]!.querySelector('img')!.getAttribute('src')).toBe('/objects/uploads/img-6?variant=thumb');

    act(() => thumbs[5]!.click());
    expect(counter()).toBe('6 of 6');
    expect(thumbs[5]!.getAttribute('aria-current')).toBe('true');
    expect(thumbs[0]!.hasAttribute('aria-current')).toBe(false);

    const download = [...dialog()!.querySelectorAll('a')].find((a) => a.textContent === 'Download')!;
    expect(download.getAttribute('href')).toBe('/objects/uploads/img-6');
    expect(download.getAttribute('download')).toBe('photo-6.png');
  });

  it('closes with Escape and gives focus back to the tile that opened it, even after moving', async () => {
    const { container } = render(<ImageGallery images={images(5)} />);
    const third = tiles(container)[2]!;
    await openTile(third);
    press('ArrowRight');
    expect(counter()).toBe('4 of 5');
    press('Escape');
    expect(dialog()).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(third));

    // Opened again from another tile, it starts there.
    await openTile(tiles(container)[3]!);
    expect(counter()).toBe('4 of 5');
  });

  it('closes with its Close button and keeps the keys to itself for a single image', async () => {
    const { container } = render(<ImageGallery images={images(1)} />);
    const open = container.querySelector('button')!;
    await openTile(open);
    press('ArrowRight');
    expect(counter()).toBe('1 of 1');
    act(() => dialog()!.querySelector<HTMLButtonElement>('[aria-label="Close"]')!.click());
    expect(dialog()).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(open));
  });
});
