// Home (spec 000 §2): the header and, until the dashboard issue lands, a placeholder body.
import { Layers } from 'lucide-react';
import { shownName } from '../../../../common/names.ts';
import { SignedInLayout } from '../../../components/page-layout.tsx';
import { useAuth } from '../../../lib/auth.ts';

export function HomePage() {
  const { user } = useAuth();
  return (
    <SignedInLayout>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Welcome back, {shownName(user)}</h1>
      <p className="mt-2 text-muted-foreground">Your private spaces for posts, comments and media.</p>
      <section
        aria-label="Your threadlines"
        className="mt-8 flex flex-col items-center gap-3 rounded-xl border border-dashed border-input bg-card px-6 py-12 text-center"
      >
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-indigo-100 text-indigo-700">
          <Layers className="size-6" aria-hidden="true" />
        </span>
        <p className="text-muted-foreground">Your threadlines will appear here.</p>
      </section>
    </SignedInLayout>
  );
}
