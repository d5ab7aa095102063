// The composer (spec 000 §2, §5, §8): "Type a message...", Enter sends and Shift+Enter starts a new line.
// The draft is trimmed; Send is disabled when it is empty, over 4,000 characters or while sending. A failed
// send keeps the draft and says why. The draft lives here, inside the thread that is remounted for each
// conversation, so closing the modal or switching conversation clears it. "@" offers the other person to
// mention (issue 27).
import { Loader2, SendHorizontal } from 'lucide-react';
import * as React from 'react';
import { TEXT_LIMITS } from '../../../../common/limits.ts';
import { MESSAGING_COPY } from '../../../../common/messaging.ts';
import type { ConversationUser } from '../../../../common/schemas/conversation.ts';
import { useMentionField } from '../../../components/mention-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { serverMessage } from '../../../lib/authUtils.ts';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { groupDigits } from '../../../lib/format.ts';
import { toast } from '../../../lib/use-toast.ts';
import { cn } from '../../../lib/utils.ts';
import { useSendMessage } from '../api/send-message.ts';

const LIMIT = TEXT_LIMITS.directMessage;
/** The counter shows from 90% of the limit. */
export const COUNTER_FROM = Math.floor(LIMIT * 0.9);

/** Whether a draft can be sent: something left after trimming, within the limit. */
export function draftState(draft: string) {
  const length = draft.trim().length;
  return { length, empty: length === 0, tooLong: length > LIMIT, showCounter: length >= COUNTER_FROM };
}

export const MessageComposer = React.forwardRef<
  HTMLTextAreaElement,
  {
    /** Null only if a send could happen with nothing selected (spec 000 §8): it is refused with a toast. */
    conversationId: string | null;
    other: ConversationUser;
    otherName: string;
  }
>(function MessageComposer({ conversationId, other, otherName }, ref) {
  const [draft, setDraft] = React.useState('');
  const send = useSendMessage(conversationId ?? '');
  const fieldRef = React.useRef<HTMLTextAreaElement>(null);
  React.useImperativeHandle(ref, () => fieldRef.current as HTMLTextAreaElement);
  const mention = useMentionField(fieldRef, {
    value: draft,
    onValue: setDraft,
    // Only the other person reads a direct message, so only they can be mentioned in it.
    candidates: () => [{ id: other.id, name: otherName, user: other }],
  });
  const id = React.useId();
  const counterId = React.useId();
  const { length, empty, tooLong, showCounter } = draftState(draft);
  const sending = send.isPending;

  const submit = () => {
    if (!conversationId) {
      toast({ title: 'Error', description: MESSAGING_COPY.noConversationSelected, variant: 'destructive' });
      return;
    }
    if (empty || tooLong || sending) return;
    send.mutate(
      { content: draft, mentions: mention.ids(draft) },
      {
        onSuccess: () => {
          setDraft('');
          fieldRef.current?.focus();
        },
        onError: (error) =>
          notifyFailure(error, {
            title: 'Error',
            description: serverMessage(error) ?? MESSAGING_COPY.sendFailed,
          }),
      },
    );
  };

  return (
    <form
      className="flex min-w-0 items-end gap-2 border-t border-border p-3"
      aria-label="Send a message"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="relative min-w-0 flex-1">
        <label htmlFor={id} className="sr-only">
          Message {otherName}
        </label>
        <Textarea
          ref={fieldRef}
          id={id}
          rows={1}
          value={draft}
          // Read-only, not disabled, while sending: focus stays, and the draft cannot change under the call.
          readOnly={sending}
          aria-invalid={tooLong || undefined}
          aria-describedby={showCounter ? counterId : undefined}
          placeholder={MESSAGING_COPY.placeholder}
          className="field-sizing-content max-h-40 min-h-10 resize-none"
          onChange={(e) => setDraft(e.target.value)}
          onInput={mention.onInput}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
        />
        {mention.list}
        {showCounter && (
          <p
            id={counterId}
            className={cn(
              'mt-1 text-right text-xs tabular-nums',
              tooLong ? 'font-medium text-destructive' : 'text-muted-foreground',
            )}
          >
            {groupDigits(length)} / {groupDigits(LIMIT)}
            <span className="sr-only"> characters</span>
            {tooLong && ' · Message is too long'}
          </p>
        )}
      </div>
      <Button
        type="submit"
        size="icon"
        aria-label="Send message"
        title="Send message"
        disabled={empty || tooLong || sending}
        aria-busy={sending || undefined}
      >
        {sending ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <SendHorizontal aria-hidden="true" />
        )}
      </Button>
    </form>
  );
});
