import { Compass } from 'lucide-react';
import { Link } from 'wouter';
import { AppHeader } from '../../../components/app-header.tsx';
import { LogoMark, Wordmark } from '../../../components/logo.tsx';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/auth.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';

export function NotFoundPage() {
  const { isAuthenticated } = useAuth();
  useDocumentTitle('Page Not Found');
  return (
    <div className="flex min-h-screen flex-col">
      {isAuthenticated ? (
        <AppHeader />
      ) : (
        <header className="mx-auto flex w-full max-w-6xl items-center gap-2 px-4 py-4 sm:px-6">
          <LogoMark className="size-8" />
          <Wordmark />
        </header>
      )}
      <main className="flex flex-1 items-center justify-center px-4 py-12">
        <div className="flex max-w-md flex-col items-center text-center">
          <span className="mb-4 inline-flex size-14 items-center justify-center rounded-full bg-indigo-100 text-indigo-700">
            <Compass className="size-7" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Page Not Found</h1>
          <p className="mt-2 text-muted-foreground">
            The page you are looking for does not exist or has moved.
          </p>
          <Link href="/" className={buttonVariants({ className: 'mt-6' })}>
            Go to home
          </Link>
        </div>
      </main>
    </div>
  );
}
