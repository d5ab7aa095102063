// The expandable create/join area (spec 000 §2); the collapsed choice is remembered in localStorage. Once the
// person has threadlines, two buttons stand in for the explanatory cards at every width, so the list comes first.
import { ChevronDown, ChevronUp, LogIn, Plus } from 'lucide-react';
import * as React from 'react';
import { flushSync } from 'react-dom';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/utils.ts';
import { useCollapsedPreference } from '../hooks/use-dashboard-prefs.ts';

interface Props {
  name: string;
  /** "Welcome back" for someone who has been here before; a first visit is only welcomed. */
  returning: boolean;
  /** The plan's limits in words, or nothing when billing is off. */
  planNote?: string;
  /** Two buttons instead of the cards, once the list has something to show. */
  compact?: boolean;
  onCreate: () => void;
  onJoin: () => void;
}

export function CreateJoinArea({ name, returning, planNote, compact = false, onCreate, onJoin }: Props) {
  const greeting = `${returning ? 'Welcome back' : 'Welcome'}, ${name}`;
  const [collapsed, setCollapsed] = useCollapsedPreference();
  // The toggle is a different button in each layout: keep keyboard focus on it across the switch.
  const toggleRef = React.useRef<HTMLButtonElement>(null);
  const toggle = (next: boolean) => {
    flushSync(() => setCollapsed(next));
    toggleRef.current?.focus();
  };

  if (collapsed) {
    return (
      <section
        aria-label="Create or join a threadline"
        className="flex flex-wrap items-center gap-2 rounded-xl border border-border bg-card p-3 shadow-sm"
      >
        <h1 className="mr-auto min-w-0 truncate text-lg font-semibold">{greeting}</h1>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={onCreate}>
            <Plus aria-hidden="true" />
            Create
          </Button>
          <Button size="sm" variant="outline" onClick={onJoin}>
            <LogIn aria-hidden="true" />
            Join
          </Button>
          <Button
            ref={toggleRef}
            size="sm"
            variant="ghost"
            aria-expanded={false}
            onClick={() => toggle(false)}
          >
            <ChevronDown aria-hidden="true" />
            Expand
          </Button>
        </div>
      </section>
    );
  }

  return (
    <section aria-labelledby="dashboard-welcome">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 id="dashboard-welcome" className="wrap-anywhere text-2xl font-bold tracking-tight sm:text-3xl">
            {greeting}
          </h1>
          <p className={cn('mt-2 text-muted-foreground', compact && 'hidden sm:block')}>
            Your private spaces for posts, comments and media.
          </p>
          {planNote && <p className="mt-1 text-sm text-muted-foreground">{planNote}</p>}
        </div>
        <Button ref={toggleRef} size="sm" variant="ghost" aria-expanded={true} onClick={() => toggle(true)}>
          <ChevronUp aria-hidden="true" />
          Collapse
        </Button>
      </div>
      {compact ? (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button className="flex-1 sm:flex-none" onClick={onCreate}>
            <Plus aria-hidden="true" />
            Create Threadline
          </Button>
          <Button className="flex-1 sm:flex-none" variant="outline" onClick={onJoin}>
            <LogIn aria-hidden="true" />
            Join Threadline
          </Button>
        </div>
      ) : (
        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          <ActionCard
            icon={<Plus className="size-5" aria-hidden="true" />}
            title="Create Threadline"
            text="Start a private space and get a join code to share with the people you choose."
            onClick={onCreate}
          />
          <ActionCard
            icon={<LogIn className="size-5" aria-hidden="true" />}
            title="Join Threadline"
            text="Have a join code? Enter it to join a threadline or ask its owner to let you in."
            onClick={onJoin}
          />
        </div>
      )}
    </section>
  );
}

function ActionCard({
  icon,
  title,
  text,
  onClick,
}: {
  icon: React.ReactNode;
  title: string;
  text: string;
  onClick: () => void;
}) {
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <span className="mb-1 inline-flex size-10 items-center justify-center rounded-lg bg-indigo-100 text-indigo-700">
          {icon}
        </span>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{text}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto">
        <Button className="w-full sm:w-auto" onClick={onClick}>
          {title}
        </Button>
      </CardContent>
    </Card>
  );
}
