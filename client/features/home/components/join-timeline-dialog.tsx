// Join Threadline dialog (spec 000 §2, §5, §8): the code is upper-cased as typed; a join that needs
// approval keeps the dialog open, clears the code and shows the Request Pending panel.
import * as React from 'react';
import { useLocation } from 'wouter';
import { REQUIRED_COPY } from '../../../../common/schemas/timeline.ts';
import { PENDING_FALLBACK, useJoinTimeline } from '../api/join-timeline.ts';
import { useRequiredField } from '../hooks/use-required-field.ts';
import { FormDialog, FormFooter, InputField, OptionalTextareaField } from './dialog-form.tsx';
import { RequestPendingPanel } from './request-pending-panel.tsx';

export const CODE_REQUIRED = REQUIRED_COPY.code;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function JoinTimelineDialog({ open, onOpenChange }: Props) {
  const join = useJoinTimeline();
  const [, navigate] = useLocation();
  const code = useRequiredField(CODE_REQUIRED);
  const [message, setMessage] = React.useState('');
  const [pending, setPending] = React.useState<string | null>(null);

  const changeOpen = (next: boolean) => {
    if (!next) {
      code.reset();
      setMessage('');
      setPending(null);
    }
    onOpenChange(next);
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (join.isPending || !code.check()) return;
    join.mutate(
      { joinCode: code.value, message },
      {
        onSuccess: (res) => {
          if (res.status === 'pending') {
            code.clear();
            setPending(res.message || PENDING_FALLBACK);
          } else {
            changeOpen(false);
          }
        },
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={changeOpen}
      title="Join Threadline"
      description="Enter the join code someone shared with you. Some threadlines ask their owner to approve new members first."
    >
      {pending && (
        <RequestPendingPanel
          message={pending}
          onViewRequests={() => {
            changeOpen(false);
            navigate('/my-requests');
          }}
        />
      )}
      <form className="grid gap-4" noValidate onSubmit={onSubmit}>
        <InputField
          ref={code.ref}
          id="join-timeline-code"
          label="Join Code"
          error={code.error}
          className="font-mono tracking-wider uppercase placeholder:font-sans placeholder:tracking-normal placeholder:normal-case"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="e.g. ABCD2345"
          value={code.value}
          onChange={(e) => code.change(e.target.value.toUpperCase())}
        />
        <OptionalTextareaField
          id="join-timeline-message"
          label="Message"
          placeholder="Introduce yourself, in case the owner approves new members"
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
        <FormFooter
          onCancel={() => changeOpen(false)}
          pending={join.isPending}
          submitLabel="Join Threadline"
          pendingLabel="Joining..."
        />
      </form>
    </FormDialog>
  );
}
