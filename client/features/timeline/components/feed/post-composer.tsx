// The composer (spec 001 §5): text for now; Post is disabled without text. The media issue adds its
// attachments beside the text. Ctrl/Cmd+Enter posts too.
import { Loader2 } from 'lucide-react';
import * as React from 'react';
import { TEXT_LIMITS } from '../../../../../common/limits.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Card } from '../../../../components/ui/card.tsx';
import { Textarea } from '../../../../components/ui/textarea.tsx';
import { UserAvatar } from '../../../../components/user-avatar.tsx';
import { useAuth } from '../../../../lib/auth.ts';
import { cn } from '../../../../lib/utils.ts';
import { useCreatePost } from '../../api/create-post.ts';

const LIMIT = TEXT_LIMITS.post;

export function PostComposer({ timelineId }: { timelineId: string }) {
  const { user } = useAuth();
  const [text, setText] = React.useState('');
  const create = useCreatePost(timelineId);
  const id = React.useId();
  const counterId = React.useId();
  const empty = text.trim().length === 0;
  const nearLimit = text.length >= LIMIT * 0.9;

  const submit = () => {
    if (empty || create.isPending) return;
    create.mutate(text, { onSuccess: () => setText('') });
  };

  return (
    <Card className="p-4 sm:p-5">
      <form
        className="grid grid-cols-1 gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="flex min-w-0 gap-3">
          <UserAvatar user={user} className="hidden size-10 sm:flex" fallbackClassName="text-sm" />
          <div className="min-w-0 flex-1">
            <label htmlFor={id} className="sr-only">
              Write a post
            </label>
            <Textarea
              id={id}
              value={text}
              rows={3}
              maxLength={LIMIT}
              aria-describedby={counterId}
              placeholder="Share something with the timeline..."
              className="field-sizing-content max-h-[50vh] min-h-20 resize-none"
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                  e.preventDefault();
                  submit();
                }
              }}
            />
          </div>
        </div>
        <div className="flex items-center justify-between gap-3">
          <p
            id={counterId}
            className={cn('text-xs tabular-nums text-muted-foreground', nearLimit && 'text-amber-800')}
          >
            {text.length.toLocaleString('en-US')} / {LIMIT.toLocaleString('en-US')}
            <span className="sr-only"> characters</span>
          </p>
          <Button type="submit" disabled={empty || create.isPending}>
            {create.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            Post
          </Button>
        </div>
      </form>
    </Card>
  );
}
