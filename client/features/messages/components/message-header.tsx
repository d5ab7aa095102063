// The thread's header (spec 000 §2): the other person's avatar and name and the threadline's name; on small
// screens, where only one pane shows, a back button to the list.
import { ArrowLeft } from 'lucide-react';
import type { ConversationUser } from '../../../../common/schemas/conversation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';

export function MessageHeader({
  other,
  name,
  timelineName,
  headingLevel,
  onBack,
}: {
  other: ConversationUser;
  name: string;
  timelineName: string;
  /** h2 on the Messages page (under its h1), h3 in the modal (under its title). */
  headingLevel: 2 | 3;
  onBack?: () => void;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <header className="flex min-w-0 items-center gap-3 border-b border-border px-3 py-2.5 sm:px-4">
      {onBack && (
        // The list's pane shows beside the thread from md up (the Messages page and the modal).
        <Button
          variant="ghost"
          size="icon"
          className="-ml-1 size-9 md:hidden"
          aria-label="Back to conversations"
          title="Back to conversations"
          onClick={onBack}
        >
          <ArrowLeft aria-hidden="true" />
        </Button>
      )}
      <UserAvatar user={other} className="size-9" fallbackClassName="text-xs" />
      <div className="min-w-0 flex-1">
        <Heading className="truncate text-base font-semibold" title={name}>
          {name}
        </Heading>
        <p className="truncate text-xs text-muted-foreground" title={timelineName}>
          {timelineName}
        </p>
      </div>
    </header>
  );
}
