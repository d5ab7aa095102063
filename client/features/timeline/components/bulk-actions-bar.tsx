// Select-all, bulk Approve (n) / Reject (n) / Clear and their shared response message (spec 001 §2, §4).
import { Check, Loader2, X } from 'lucide-react';
import { TEXT_LIMITS } from '../../../../common/limits.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import type { BulkAction } from '../lib/bulk-outcome.ts';
import { type SelectAllState, selectAllLabel } from '../lib/selection.ts';

const BULK_BUTTON = 'order-2 grow basis-2/5 sm:grow-0 sm:basis-auto';

export function BulkActionsBar({
  selectedCount,
  total,
  allState,
  message,
  busy,
  onToggleAll,
  onMessageChange,
  onBulk,
  onClear,
}: {
  selectedCount: number;
  total: number;
  allState: SelectAllState;
  message: string;
  /** The bulk action running, if any. */
  busy: BulkAction | null;
  onToggleAll: () => void;
  onMessageChange: (message: string) => void;
  onBulk: (action: BulkAction) => void;
  onClear: () => void;
}) {
  const none = selectedCount === 0;
  return (
    // Sticky: the bulk buttons stay in reach while the list scrolls under them.
    <div className="sticky top-0 z-10 grid gap-3 rounded-lg border border-border bg-muted p-3 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        {/* Small screens: select-all and Clear on one row, Approve and Reject sharing the next. */}
        <div className="mr-auto flex items-center gap-2">
          <Checkbox id="join-requests-select-all" checked={allState} onCheckedChange={onToggleAll} />
          <Label htmlFor="join-requests-select-all" className="cursor-pointer">
            {selectAllLabel(selectedCount, total)}
          </Label>
        </div>
        <Button
          size="sm"
          className={BULK_BUTTON}
          disabled={none || busy !== null}
          onClick={() => onBulk('approve')}
        >
          {busy === 'approve' ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Check aria-hidden="true" />
          )}
          Approve ({selectedCount})
        </Button>
        <Button
          size="sm"
          variant="destructive"
          className={BULK_BUTTON}
          disabled={none || busy !== null}
          onClick={() => onBulk('reject')}
        >
          {busy === 'reject' ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <X aria-hidden="true" />
          )}
          Reject ({selectedCount})
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="order-1 sm:order-3"
          disabled={none || busy !== null}
          onClick={onClear}
        >
          Clear
        </Button>
      </div>
      {!none && (
        <div className="grid gap-2">
          <Label htmlFor="join-requests-bulk-message">Response Message</Label>
          <Textarea
            id="join-requests-bulk-message"
            rows={2}
            maxLength={TEXT_LIMITS.requestMessage}
            placeholder="Optional, sent to every selected requester"
            value={message}
            onChange={(e) => onMessageChange(e.target.value)}
          />
        </div>
      )}
    </div>
  );
}
