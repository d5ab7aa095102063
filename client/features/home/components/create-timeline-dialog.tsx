// Create Threadline dialog (spec 000 §2, §5, §8): name required after trimming, description optional. A
// created threadline opens at once: its empty feed invites the first post and shows the join code to share.
import * as React from 'react';
import { useLocation } from 'wouter';
import type { Plan } from '../../../../common/plans.ts';
import { REQUIRED_COPY } from '../../../../common/schemas/timeline.ts';
import { useCreateTimeline } from '../api/create-timeline.ts';
import { useRequiredField } from '../hooks/use-required-field.ts';
import { FormDialog, FormFooter, InputField, OptionalTextareaField } from './dialog-form.tsx';

export const NAME_REQUIRED = REQUIRED_COPY.name;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  plan?: Plan;
}

export function CreateTimelineDialog({ open, onOpenChange, plan }: Props) {
  const create = useCreateTimeline({ plan });
  const [, navigate] = useLocation();
  const name = useRequiredField(NAME_REQUIRED);
  const [description, setDescription] = React.useState('');

  const changeOpen = (next: boolean) => {
    if (!next) {
      name.reset();
      setDescription('');
    }
    onOpenChange(next);
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending || !name.check()) return;
    create.mutate(
      { name: name.value, description },
      {
        onSuccess: (created) => {
          changeOpen(false);
          navigate(`/timeline/${created.id}`);
        },
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={changeOpen}
      title="Create Threadline"
      description="Start a private space. You will get a join code to share with the people you invite."
    >
      <form className="grid gap-4" noValidate onSubmit={onSubmit}>
        <InputField
          ref={name.ref}
          id="create-timeline-name"
          label="Name"
          error={name.error}
          placeholder="e.g. Family Trip 2025"
          value={name.value}
          onChange={(e) => name.change(e.target.value)}
        />
        <OptionalTextareaField
          id="create-timeline-description"
          label="Description"
          placeholder="What is this threadline about?"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <FormFooter
          onCancel={() => changeOpen(false)}
          pending={create.isPending}
          submitLabel="Create Threadline"
          pendingLabel="Creating..."
        />
      </form>
    </FormDialog>
  );
}
