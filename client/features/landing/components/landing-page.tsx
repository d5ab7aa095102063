import { ArrowRight, Check, Image as ImageIcon, LogIn, ShieldCheck, Users } from 'lucide-react';
import { PLAN_LIMITS } from '../../../../common/plans.ts';
import { LogoMark, Wordmark } from '../../../components/logo.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useMeta, useStartSignIn } from '../../../lib/auth.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import type { AuthTab } from '../../../lib/sign-in.ts';
import { whyChooseItems } from '../lib/why-choose.ts';

const FEATURES = [
  {
    title: 'Team Collaboration',
    text: 'Create a shared threadline for your team, club or family and keep every conversation in one place.',
    icon: Users,
  },
  {
    title: 'Private & Secure',
    text: 'Threadlines are invisible to outsiders. Only people with your join code can ask to come in.',
    icon: ShieldCheck,
  },
  {
    title: 'Rich Media Support',
    text: 'Share images, videos, voice recordings and files right alongside your posts and comments.',
    icon: ImageIcon,
  },
] as const;

export function LandingPage({ onStart }: { onStart?: (tab: AuthTab) => void }) {
  const startSignIn = useStartSignIn();
  const start = onStart ?? startSignIn;
  const { data: meta } = useMeta();
  // Limits are quoted only once the installation is known to bill (DECISIONS §9: billing off quotes none).
  const free = meta && meta.billingProvider !== 'off' ? PLAN_LIMITS.free : null;
  useDocumentTitle(null);
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-indigo-50 via-background to-background">
      <header className="mx-auto flex w-full max-w-6xl items-center gap-2 px-4 py-4 sm:px-6">
        <LogoMark className="size-8" />
        <Wordmark />
      </header>

      <main className="flex-1">
        <section
          aria-labelledby="hero-title"
          className="mx-auto grid w-full max-w-6xl items-center gap-8 px-4 pt-4 pb-12 sm:px-6 md:grid-cols-2 md:gap-12 md:pt-10 md:pb-20"
        >
          <div className="order-2 md:order-1">
            <div className="mb-4 flex items-center gap-3">
              <LogoMark className="size-12" />
              <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight sm:text-5xl">
                Threadline
              </h1>
            </div>
            <p className="max-w-xl text-lg text-muted-foreground sm:text-xl">
              Private collaborative spaces for your team or community. Post, comment, react and share media
              together, in threadlines only the people you invite can join.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Button size="lg" onClick={() => start('register')}>
                Get Started Free
                <ArrowRight aria-hidden="true" />
              </Button>
              <Button size="lg" variant="outline" onClick={() => start('signin')}>
                <LogIn aria-hidden="true" />
                Sign In to Continue
              </Button>
            </div>
          </div>
          <div className="order-1 md:order-2">
            <picture>
              <source media="(min-width: 768px)" srcSet="/hero-desktop.svg" width={640} height={480} />
              <img
                src="/hero-mobile.svg"
                width={480}
                height={300}
                alt="Illustration of a shared threadline: posts, comments and photos from several members"
                className="h-auto w-full rounded-2xl shadow-xl shadow-indigo-200/60"
              />
            </picture>
          </div>
        </section>

        <section
          aria-labelledby="features-title"
          className="mx-auto w-full max-w-6xl px-4 pb-12 sm:px-6 md:pb-20"
        >
          <h2 id="features-title" className="sr-only">
            Features
          </h2>
          <ul className="grid gap-4 sm:gap-6 md:grid-cols-3">
            {FEATURES.map(({ title, text, icon: Icon }) => (
              <li key={title} className="rounded-xl border border-border bg-card p-6 shadow-sm">
                <span className="mb-4 inline-flex size-11 items-center justify-center rounded-lg bg-indigo-100 text-indigo-700">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <h3 className="text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="why-title" className="border-t border-border bg-card">
          <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 md:py-16">
            <h2 id="why-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Why Choose Threadline
            </h2>
            <ul className="mt-8 grid gap-6 md:grid-cols-3">
              {whyChooseItems(free).map((item) => (
                <li key={item.title} className="flex gap-3">
                  <span className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-violet-100 text-violet-700">
                    <Check className="size-4" aria-hidden="true" />
                  </span>
                  <div>
                    <h3 className="font-semibold">{item.title}</h3>
                    <p className="mt-1 text-sm text-muted-foreground">{item.text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </main>

      <footer className="border-t border-border bg-card">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-muted-foreground sm:px-6">
          Threadline — a self-hosted home for your community.
        </p>
      </footer>
    </div>
  );
}
