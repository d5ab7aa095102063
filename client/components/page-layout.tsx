import * as React from 'react';
import { useDocumentTitle } from '../lib/document-title.ts';
import { useFocusHeadingIfLost } from '../lib/focus-heading.ts';
import { cn } from '../lib/utils.ts';
import { AppHeader } from './app-header.tsx';

/** Signed-in screens: the header, then the page's main content; `title` names the page in the tab. */
export function SignedInLayout({
  title,
  children,
  className,
}: {
  title: string;
  children: React.ReactNode;
  className?: string;
}) {
  const main = React.useRef<HTMLElement>(null);
  useDocumentTitle(title);
  useFocusHeadingIfLost(main);
  return (
    <div className="flex min-h-screen flex-col">
      <AppHeader />
      <main ref={main} className={cn('mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8', className)}>
        {children}
      </main>
    </div>
  );
}

/** Placeholder for screens that arrive in later issues. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <SignedInLayout title={title}>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <p className="mt-2 text-muted-foreground">{description}</p>
      <div className="mt-8 rounded-xl border border-dashed border-input bg-card p-8 text-center text-sm text-muted-foreground">
        Coming soon.
      </div>
    </SignedInLayout>
  );
}
