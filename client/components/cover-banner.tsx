// A threadline's cover image (DECISIONS §9): decorative (alt=""), the name beside it says what it is.
import { cn } from '../lib/utils.ts';

export function CoverBanner({ src, className }: { src: string; className?: string }) {
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      data-testid="cover-banner"
      className={cn('block w-full max-w-full bg-muted object-cover', className)}
    />
  );
}
