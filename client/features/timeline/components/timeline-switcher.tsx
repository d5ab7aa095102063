// 'Switch Threadline' (spec 001 §2 Header): shown only when the user has other threadlines to open.
import { ChevronDown, LayoutGrid } from 'lucide-react';
import { useLocation } from 'wouter';
import { RoleBadge } from '../../../components/role-badge.tsx';
import { TimelineStateBadge } from '../../../components/status-badges.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { useUserTimelines } from '../api/get-user-timelines.ts';
import { otherTimelines } from '../lib/switcher.ts';

export function TimelineSwitcher({ currentId }: { currentId: string }) {
  const [, navigate] = useLocation();
  const { data } = useUserTimelines();
  const others = otherTimelines(data, currentId);
  if (others.length === 0) return null;

  return (
    // Not modal, like the settings menu: a modal menu hides the page (aria-hidden) around its focusable
    // elements, which axe reports as a serious violation.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          Switch Threadline
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-[min(20rem,calc(100vw-1.5rem))]">
        <DropdownMenuLabel>Your Other Threadlines</DropdownMenuLabel>
        {others.map((item) => (
          <DropdownMenuItem
            key={item.id}
            className="flex-col items-start gap-1"
            onSelect={() => navigate(`/timeline/${item.id}`)}
          >
            <span className="flex w-full items-center gap-2">
              <span className="min-w-0 flex-1 truncate font-medium">{item.name}</span>
              {item.state === 'archived' && <TimelineStateBadge state="archived" />}
              <RoleBadge role={item.role} />
            </span>
            {item.description && (
              <span className="line-clamp-2 w-full text-xs text-muted-foreground">{item.description}</span>
            )}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/')}>
          <LayoutGrid aria-hidden="true" />
          View All Threadlines
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
