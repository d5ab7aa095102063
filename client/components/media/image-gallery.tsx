// A post's images (spec 001 §2): one image on its own, else a grid of at most 4 thumbnails, 2 columns for 2
// to 4 images and 3 beyond, with a "+N" overlay on the fourth when there are more. Every tile opens the
// lightbox at its image; focus comes back to that tile when it closes. Images load lazily into boxes sized
// before they arrive (the server sends width and height), so the feed never jumps; each loads the smallest
// file that is sharp in its box (image-sources.ts).
import * as React from 'react';
import { lazyDialog } from '../../lib/lazy-dialog.tsx';
import { cn } from '../../lib/utils.ts';
import { useSharpImage } from './image-sources.ts';
import { type GalleryImage, reservedBox } from './reserved-box.ts';

export type { GalleryImage } from './reserved-box.ts';

const Lightbox = lazyDialog(
  async () => (await import('./lightbox.tsx')).Lightbox,
  (props) => props.index !== null,
);

export const MAX_TILES = 4;

/** Spec 001 §2: 1 column for 1 image, 2 columns for 2 to 4, 3 beyond. */
export function galleryColumns(count: number): 1 | 2 | 3 {
  if (count <= 1) return 1;
  return count <= MAX_TILES ? 2 : 3;
}

/** The tiles shown and the number the fourth one's "+N" overlay counts. */
export function galleryTiles<T>(images: readonly T[]): { tiles: readonly T[]; more: number } {
  return { tiles: images.slice(0, MAX_TILES), more: Math.max(0, images.length - MAX_TILES) };
}

const GRID_COLUMNS = { 1: 'grid-cols-1', 2: 'grid-cols-2', 3: 'grid-cols-3' } as const;
/** A single image is at most this tall in the feed. */
const SINGLE_MAX_HEIGHT = '28rem';

const TILE_CLASS =
  'group relative block overflow-hidden rounded-lg bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2';

export function ImageGallery({ images, className }: { images: readonly GalleryImage[]; className?: string }) {
  const [index, setIndex] = React.useState<number | null>(null);
  const tiles = React.useRef<(HTMLButtonElement | null)[]>([]);
  const opener = React.useRef(0);
  const open = (i: number) => {
    opener.current = i;
    setIndex(i);
  };
  if (images.length === 0) return null;

  return (
    <div className={cn('min-w-0', className)}>
      {images.length === 1 ? (
        <SingleImage
          ref={(node) => {
            tiles.current[0] = node;
          }}
          image={images[0]!}
          onOpen={() => open(0)}
        />
      ) : (
        <GalleryGrid images={images} tiles={tiles} onOpen={open} />
      )}
      <Lightbox
        images={images}
        index={index}
        onIndexChange={setIndex}
        returnFocus={() => tiles.current[opener.current]}
      />
    </div>
  );
}

function GalleryGrid({
  images,
  tiles,
  onOpen,
}: {
  images: readonly GalleryImage[];
  tiles: React.RefObject<(HTMLButtonElement | null)[]>;
  onOpen: (index: number) => void;
}) {
  const total = images.length;
  const columns = galleryColumns(total);
  const { tiles: shown, more } = galleryTiles(images);
  // An odd tile out spans the first row: 3 images in 2 columns, 4 tiles in 3 columns.
  const wide = shown.length % columns !== 0;

  return (
    <ul
      aria-label={`${total} images`}
      data-columns={columns}
      className={cn('grid gap-1.5', GRID_COLUMNS[columns])}
    >
      {shown.map((image, i) => {
        const overlay = more > 0 && i === MAX_TILES - 1;
        const spans = wide && i === 0;
        return (
          <li
            key={image.url}
            className={cn(
              spans
                ? columns === 3
                  ? 'col-span-3 aspect-[3/2]'
                  : 'col-span-2 aspect-[2/1]'
                : 'aspect-square',
            )}
          >
            <button
              ref={(node) => {
                tiles.current[i] = node;
              }}
              type="button"
              aria-label={`Open image ${i + 1} of ${total}${image.fileName ? `, ${image.fileName}` : ''}${
                overlay ? `, and ${more} more` : ''
              }`}
              onClick={() => onOpen(i)}
              className={cn(TILE_CLASS, 'size-full')}
            >
              <TileImage image={image} />
              {overlay && (
                <span
                  aria-hidden="true"
                  data-testid="more-overlay"
                  className="absolute inset-0 flex items-center justify-center bg-slate-950/60 text-2xl font-semibold text-white"
                >
                  +{more}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The lazy, sharp-sourced <img> inside a tile or the single-image button. */
function GalleryImg({
  image,
  src,
  sizes,
  className,
}: {
  image: GalleryImage;
  src: string;
  sizes: string;
  className: string;
}) {
  const sources = useSharpImage(image, src, sizes);
  return (
    <img
      {...sources}
      alt=""
      width={image.width ?? undefined}
      height={image.height ?? undefined}
      loading="lazy"
      decoding="async"
      className={className}
    />
  );
}

function TileImage({ image }: { image: GalleryImage }) {
  return (
    <GalleryImg
      image={image}
      src={image.thumbnailUrl ?? image.url}
      sizes="(max-width: 640px) 50vw, 400px"
      className="size-full object-cover transition-transform group-hover:scale-[1.02]"
    />
  );
}

const SingleImage = React.forwardRef<HTMLButtonElement, { image: GalleryImage; onOpen: () => void }>(
  ({ image, onOpen }, ref) => {
    const box = reservedBox(image, SINGLE_MAX_HEIGHT);
    return (
      <button
        ref={ref}
        type="button"
        aria-label={`Open image${image.fileName ? ` ${image.fileName}` : ''}`}
        onClick={onOpen}
        style={box}
        className={cn(TILE_CLASS, box ? 'max-w-full' : 'aspect-video w-full')}
      >
        <GalleryImg
          image={image}
          src={image.url}
          sizes="(max-width: 640px) 100vw, 600px"
          className={cn('size-full', box ? 'object-cover' : 'object-contain')}
        />
      </button>
    );
  },
);
SingleImage.displayName = 'SingleImage';
