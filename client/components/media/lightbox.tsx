// The lightbox of a post's images (spec 001 §2): the full image (only here; the feed shows thumbnails),
// previous and next (buttons, the arrow keys and swipes, wrapping around), a thumbnail strip, download,
// close (also Escape, or a swipe down) and the counter "n of total". Full screen below 640 px. A Radix
// dialog: focus stays inside while it is open.
import { ChevronLeft, ChevronRight, Download } from 'lucide-react';
import * as React from 'react';
import { cn } from '../../lib/utils.ts';
import { buttonVariants } from '../ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../ui/dialog.tsx';
import { type GalleryImage, reservedBox } from './reserved-box.ts';
import { type Swipe, useSwipe } from './use-swipe.ts';

export interface LightboxProps {
  images: readonly GalleryImage[];
  /** The image shown; the dialog is open while it is not null. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
  /** Where focus goes when it closes (the tile that opened it); else the control focused before. */
  returnFocus?: () => HTMLElement | null | undefined;
}

/** "2 of 5" */
export const counterText = (index: number, total: number) => `${index + 1} of ${total}`;

/** An image's name in the lightbox: its file name, else its place. */
export const imageName = (image: GalleryImage, index: number) => image.fileName || `Image ${index + 1}`;

export function Lightbox({ images, index, onIndexChange, returnFocus }: LightboxProps) {
  const total = images.length;
  const open = index !== null && total > 0;
  const current = open ? Math.min(index, total - 1) : 0;
  const image = images[current];
  const next = React.useRef<HTMLButtonElement>(null);
  const go = (step: number) => onIndexChange((current + step + total) % total);
  const swipe = useSwipe((direction: Swipe) => {
    if (direction === 'down') onIndexChange(null);
    else if (total > 1) go(direction === 'left' ? 1 : -1);
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onIndexChange(null)}>
      <DialogContent
        className={cn(
          'max-w-5xl gap-3 p-3 sm:p-4',
          // Phones: the whole screen, the image taking what the title and the tools leave.
          'max-sm:h-dvh max-sm:max-h-dvh max-sm:w-full max-sm:max-w-none max-sm:grid-rows-[auto_minmax(0,1fr)_auto] max-sm:rounded-none max-sm:border-0',
        )}
        onOpenAutoFocus={(event) => {
          // Straight to Next (the arrow keys work anywhere inside); a single image has only the tools.
          if (!next.current) return;
          event.preventDefault();
          next.current.focus();
        }}
        onCloseAutoFocus={(event) => {
          const target = returnFocus?.();
          if (!target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
        onKeyDown={(event) => {
          if (total < 2 || event.altKey || event.ctrlKey || event.metaKey) return;
          if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
            event.preventDefault();
            go(event.key === 'ArrowLeft' ? -1 : 1);
          }
        }}
      >
        {image && (
          <>
            <div className="flex min-w-0 items-baseline gap-3 pr-10">
              <DialogTitle
                className="min-w-0 truncate text-base leading-normal"
                title={image.fileName ?? undefined}
              >
                {imageName(image, current)}
              </DialogTitle>
              <p className="shrink-0 text-sm text-muted-foreground tabular-nums" aria-live="polite">
                {counterText(current, total)}
              </p>
            </div>
            <DialogDescription className="sr-only">
              {total > 1
                ? 'Use the Previous and Next buttons, the left and right arrow keys, or swipe left and right to move between images. Swipe down to close.'
                : 'The full-size image. Swipe down to close.'}
            </DialogDescription>
            <div
              {...swipe.handlers}
              data-testid="lightbox-stage"
              className="relative flex min-h-0 touch-pinch-zoom items-center justify-center overflow-hidden rounded-lg bg-slate-950 select-none max-sm:h-full"
            >
              <img
                key={image.url}
                src={image.url}
                alt={imageName(image, current)}
                width={image.width ?? undefined}
                height={image.height ?? undefined}
                decoding="async"
                draggable={false}
                className="block h-auto max-h-[calc(100dvh-14rem)] w-auto max-w-full object-contain transition-transform max-sm:absolute max-sm:inset-0 max-sm:m-auto max-sm:size-full! max-sm:max-h-none"
                style={{ ...reservedBox(image, 'calc(100dvh - 14rem)'), ...swipe.style }}
              />
              {total > 1 && (
                <>
                  <NavButton side="left" label="Previous image" onClick={() => go(-1)}>
                    <ChevronLeft aria-hidden="true" />
                  </NavButton>
                  <NavButton ref={next} side="right" label="Next image" onClick={() => go(1)}>
                    <ChevronRight aria-hidden="true" />
                  </NavButton>
                </>
              )}
            </div>
            <div className="flex min-w-0 flex-wrap items-center justify-between gap-2">
              {total > 1 ? (
                <ul aria-label="Images" className="flex min-w-0 flex-1 flex-wrap gap-1.5">
                  {images.map((item, i) => (
                    <li key={item.url}>
                      <button
                        type="button"
                        aria-label={`Show image ${counterText(i, total)}`}
                        aria-current={i === current ? 'true' : undefined}
                        onClick={() => onIndexChange(i)}
                        className={cn(
                          'block size-11 overflow-hidden rounded-md border-2 bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1',
                          i === current
                            ? 'border-primary'
                            : 'border-transparent opacity-70 hover:opacity-100',
                        )}
                      >
                        <img
                          src={item.thumbnailUrl ?? item.url}
                          alt=""
                          width={44}
                          height={44}
                          loading="lazy"
                          decoding="async"
                          className="size-full object-cover"
                        />
                      </button>
                    </li>
                  ))}
                </ul>
              ) : (
                <span />
              )}
              <a
                href={image.url}
                download={image.fileName ?? ''}
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
              >
                <Download aria-hidden="true" />
                Download
              </a>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

const NavButton = React.forwardRef<
  HTMLButtonElement,
  { side: 'left' | 'right'; label: string; onClick: () => void; children: React.ReactNode }
>(({ side, label, onClick, children }, ref) => (
  <button
    ref={ref}
    type="button"
    aria-label={label}
    onClick={onClick}
    className={cn(
      'absolute top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-slate-950/70 text-white shadow transition-colors hover:bg-slate-950/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white [&_svg]:size-6',
      side === 'left' ? 'left-2' : 'right-2',
    )}
  >
    {children}
  </button>
));
NavButton.displayName = 'NavButton';
