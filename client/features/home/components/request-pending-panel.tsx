// Shown in the join dialog when the threadline needs the owner's approval (spec 000 §2, §4); purple like
// every other pending request (lib/status-styles.ts).
import { Clock } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

export function RequestPendingPanel({
  message,
  onViewRequests,
}: {
  message: string;
  onViewRequests: () => void;
}) {
  return (
    <div
      role="status"
      className="flex gap-3 rounded-lg border border-purple-300 bg-purple-50 p-3 text-purple-950"
    >
      <Clock className="mt-0.5 size-5 shrink-0 text-purple-700" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-semibold">Request Pending</p>
        <p className="text-sm">{message}</p>
        <Button variant="link" className="h-auto justify-start p-0 text-purple-900" onClick={onViewRequests}>
          View My Join Requests
        </Button>
      </div>
    </div>
  );
}
