import { Archive } from 'lucide-react';

/** Archived threadlines are read-only and only their owner reaches them (DECISIONS §5). */
export function ArchivedNotice() {
  return (
    <div className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
      <Archive className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <h2 className="font-semibold">Archived</h2>
        <p className="text-sm">
          This threadline is read-only and closed to new members. Restore it from your dashboard to post,
          change permissions or manage members again.
        </p>
      </div>
    </div>
  );
}
