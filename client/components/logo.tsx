import { cn } from '../lib/utils.ts';

/** The Threadline mark: two crossing threads on an indigo-violet tile. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 64 64"
      className={cn('size-9 shrink-0', className)}
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id="tl-logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#7c3aed" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#tl-logo-gradient)" />
      <path
        d="M14 22c10 0 10 10 18 10s8-10 18-10"
        fill="none"
        stroke="#fff"
        strokeWidth="5"
        strokeLinecap="round"
      />
      <path
        d="M14 42c10 0 10-10 18-10s8 10 18 10"
        fill="none"
        stroke="#c7d2fe"
        strokeWidth="5"
        strokeLinecap="round"
      />
      <circle cx="32" cy="32" r="4.5" fill="#fff" />
    </svg>
  );
}

export function Wordmark({ className }: { className?: string }) {
  return (
    <span className={cn('text-lg font-bold tracking-tight text-foreground', className)}>Threadline</span>
  );
}
