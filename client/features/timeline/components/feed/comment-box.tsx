// Writing a comment (spec 001 §5): Enter sends, Shift+Enter starts a new line; empty after trimming is
// never sent. "@" offers the threadline's members to mention (issue 27).
import { Loader2, SendHorizontal } from 'lucide-react';
import * as React from 'react';
import { TEXT_LIMITS } from '../../../../../common/limits.ts';
import { useMentionField } from '../../../../components/mention-field.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Textarea } from '../../../../components/ui/textarea.tsx';
import { useCreateComment } from '../../api/create-comment.ts';
import { useMentionCandidates } from '../../hooks/use-mention-candidates.ts';

export function CommentBox({ timelineId, postId }: { timelineId: string; postId: string }) {
  const [text, setText] = React.useState('');
  const create = useCreateComment(timelineId, postId);
  const id = React.useId();
  const field = React.useRef<HTMLTextAreaElement>(null);
  const mention = useMentionField(field, {
    value: text,
    onValue: setText,
    candidates: useMentionCandidates(timelineId),
  });
  const empty = text.trim().length === 0;

  const send = () => {
    if (empty || create.isPending) return;
    create.mutate({ content: text, mentions: mention.ids(text) }, { onSuccess: () => setText('') });
  };

  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <label htmlFor={id} className="sr-only">
        Write a comment
      </label>
      <div className="relative min-w-0 flex-1">
        <Textarea
          ref={field}
          id={id}
          rows={1}
          value={text}
          maxLength={TEXT_LIMITS.comment}
          placeholder="Write a comment..."
          className="field-sizing-content max-h-40 min-h-9 resize-none py-1.5"
          onChange={(e) => setText(e.target.value)}
          onInput={mention.onInput}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
        />
        {mention.list}
      </div>
      <Button
        type="submit"
        size="icon"
        className="size-9"
        disabled={empty || create.isPending}
        aria-label="Send comment"
        title="Send comment"
      >
        {create.isPending ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <SendHorizontal aria-hidden="true" />
        )}
      </Button>
    </form>
  );
}
