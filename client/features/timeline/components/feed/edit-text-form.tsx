// The inline editor of a post's or comment's text (issue 24): the composer's limit and counter, Save and
// Cancel; Escape cancels and Ctrl/Cmd+Enter saves. The caller puts focus back where the edit started. "@"
// offers the members to mention, as in the composer (issue 27); the text's mentions stay while it holds them.
import { Loader2 } from 'lucide-react';
import * as React from 'react';
import { useMentionField } from '../../../../components/mention-field.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Textarea } from '../../../../components/ui/textarea.tsx';
import { groupDigits } from '../../../../lib/format.ts';
import type { Mention } from '../../../../lib/mentions.ts';
import { cn } from '../../../../lib/utils.ts';
import { useMentionCandidates } from '../../hooks/use-mention-candidates.ts';

export interface EditTextFormProps {
  timelineId: string;
  initial: string;
  /** Whom the text mentions now. */
  initialMentions: readonly Mention[];
  limit: number;
  /** The textarea's accessible name, e.g. "Edit post". */
  label: string;
  /** False for a media post: its text may go. */
  required: boolean;
  pending: boolean;
  /** The new text and whom it mentions (undefined: nobody). */
  onSave: (content: string, mentions: string[] | undefined) => void;
  onCancel: () => void;
}

export function EditTextForm({
  timelineId,
  initial,
  initialMentions,
  limit,
  label,
  required,
  pending,
  onSave,
  onCancel,
}: EditTextFormProps) {
  const [text, setText] = React.useState(initial);
  const id = React.useId();
  const counterId = React.useId();
  const ref = React.useRef<HTMLTextAreaElement>(null);
  const mention = useMentionField(ref, {
    value: text,
    onValue: setText,
    candidates: useMentionCandidates(timelineId),
    initial: initialMentions,
  });
  const empty = text.trim().length === 0;
  const nearLimit = text.length > limit * 0.9;

  React.useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);

  const save = () => {
    if (pending || (required && empty)) return;
    if (text.trim() === initial.trim()) return onCancel();
    onSave(text, mention.ids(text));
  };

  return (
    <form
      className="grid grid-cols-1 gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative min-w-0">
        <Textarea
          ref={ref}
          id={id}
          value={text}
          rows={2}
          maxLength={limit}
          aria-describedby={counterId}
          className="field-sizing-content max-h-[50vh] min-h-16 resize-none"
          onChange={(e) => setText(e.target.value)}
          onInput={mention.onInput}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              // Only the editor closes, not a dialog or menu around it (an open "@" list closes first).
              e.preventDefault();
              e.stopPropagation();
              onCancel();
            } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              save();
            }
          }}
        />
        {mention.list}
      </div>
      <div className="flex min-w-0 flex-wrap items-center justify-end gap-2">
        <p
          id={counterId}
          className={cn('mr-auto text-xs tabular-nums text-muted-foreground', nearLimit && 'text-amber-800')}
        >
          {groupDigits(text.length)} / {groupDigits(limit)}
          <span className="sr-only"> characters</span>
        </p>
        <Button type="button" variant="outline" size="sm" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={pending || (required && empty)}>
          {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
          Save
        </Button>
      </div>
    </form>
  );
}
