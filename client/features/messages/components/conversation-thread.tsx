// One conversation's messages and the composer: the right pane of the Messages page and the modal
// (spec 000 §2, §4, §5, §8, §9). The body is remounted for each conversation, so the draft, the loaded
// history window and the scroll state never carry over to another one (or survive closing the modal).
import { Loader2 } from 'lucide-react';
import * as React from 'react';
import { MESSAGING_COPY } from '../../../../common/messaging.ts';
import { personName } from '../../../../common/names.ts';
import type { Conversation, Message } from '../../../../common/schemas/conversation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/auth.ts';
import { isMobileDevice } from '../../../lib/mobile.ts';
import { useOpenConversation } from '../../../lib/open-conversation.ts';
import { useLoadOlderMessages, useMessages } from '../api/get-messages.ts';
import { useLiveMessages } from '../hooks/use-live-messages.ts';
import { useMarkReadWhileShown } from '../hooks/use-mark-read.ts';
import { otherPerson } from '../lib/conversation-view.ts';
import { MessageComposer } from './message-composer.tsx';
import { MessageHeader } from './message-header.tsx';
import { MessageList } from './message-list.tsx';

export interface ConversationThreadProps {
  conversation: Conversation;
  /** The modal and the full page differ only in copy and size (and the mark-read path, spec 000 §7). */
  variant: 'modal' | 'page';
  /** Small screens show one pane: this returns to the list (the thread shows a back button). */
  onBack?: () => void;
}

export function ConversationThread(props: ConversationThreadProps) {
  return <ThreadBody key={props.conversation.id} {...props} />;
}

const NO_MESSAGES: Message[] = [];

function ThreadBody({ conversation, variant, onBack }: ConversationThreadProps) {
  const { user } = useAuth();
  const meId = user?.id;
  const other = otherPerson(conversation, meId);
  const name = personName(other);
  const query = useMessages(conversation.id);
  const older = useLoadOlderMessages(conversation.id);
  const messages = query.data?.messages ?? NO_MESSAGES;
  const composerRef = React.useRef<HTMLTextAreaElement>(null);

  useOpenConversation(conversation.id);
  useLiveMessages(conversation.id);
  useMarkReadWhileShown({ conversation, variant, meId, messages });

  // Focus goes to the composer once, when the conversation opens (after a dialog's own initial focus);
  // not on phones, where it would raise the keyboard over the messages the reader came to see.
  React.useEffect(() => {
    if (isMobileDevice()) return;
    const frame = requestAnimationFrame(() => composerRef.current?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, []);

  const onLoadOlder = React.useCallback(
    (done: (page: readonly Message[]) => void) =>
      older.mutate(undefined, {
        onSuccess: done,
        onError: (error) => console.warn('Loading older messages failed', error),
      }),
    [older.mutate],
  );

  return (
    <section
      aria-label={`Conversation with ${name}`}
      data-conversation-id={conversation.id}
      data-variant={variant}
      className="flex h-full min-h-0 min-w-0 flex-col"
    >
      <MessageHeader
        other={other}
        name={name}
        timelineName={conversation.timeline.name}
        headingLevel={variant === 'page' ? 2 : 3}
        onBack={onBack}
      />
      {query.data ? (
        <MessageList
          messages={messages}
          meId={meId}
          otherName={name}
          hasOlder={query.data.hasOlder}
          loadingOlder={older.isPending}
          onLoadOlder={onLoadOlder}
          onJumped={() => composerRef.current?.focus({ preventScroll: true })}
        />
      ) : query.isError ? (
        <div className="flex min-h-0 flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
          <p role="alert" className="text-sm text-muted-foreground">
            Could not load the messages.
          </p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="flex min-h-0 flex-1 items-center justify-center" role="status">
          <Loader2 className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
          <span className="sr-only">Loading messages</span>
        </div>
      )}
      {conversation.canSend ? (
        <MessageComposer ref={composerRef} conversationId={conversation.id} other={other} otherName={name} />
      ) : (
        <p className="border-t border-border p-3 text-center text-sm text-muted-foreground">
          {MESSAGING_COPY.readOnly}
        </p>
      )}
    </section>
  );
}
