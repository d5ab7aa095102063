// Resume subscription (issue 25): offered while a cancelled plan runs to its period's end. No confirmation:
// it only undoes the cancel, and nothing is charged before the period's end as it was before cancelling.
import { Button } from '../../../components/ui/button.tsx';
import { useResumeSubscription } from '../api/resume.ts';

export function ResumeSubscriptionButton() {
  const resume = useResumeSubscription();
  return (
    <Button
      onClick={() => {
        if (!resume.isPending) resume.mutate();
      }}
      aria-disabled={resume.isPending}
    >
      {resume.isPending ? 'Resuming...' : 'Resume subscription'}
    </Button>
  );
}
