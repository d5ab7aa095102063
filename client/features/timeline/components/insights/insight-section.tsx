// One Insights chart with its text summary and its table alternative. The chart is a picture for sighted
// users (hidden from assistive technology); the table is always in the page for screen readers, and shown
// in place of the chart with "Show as table".

import type * as React from 'react';
import { useId, useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { cn } from '../../../../lib/utils.ts';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => React.ReactNode;
  /** Numbers line up on the right. */
  numeric?: boolean;
}

export function InsightSection<Row>({
  title,
  summary,
  chart,
  columns,
  rows,
  rowKey,
  empty,
}: {
  title: string;
  summary: string;
  chart: React.ReactNode;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** Nothing to draw: the summary says so, and neither chart nor table is shown. */
  empty?: boolean;
}) {
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold">
          {title}
        </h3>
        {!empty && (
          <Button variant="ghost" size="sm" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
            {asTable ? 'Show as chart' : 'Show as table'}
          </Button>
        )}
      </div>
      <p className="text-sm text-muted-foreground">{summary}</p>
      {!empty && !asTable && (
        <div aria-hidden="true" className="h-48 w-full min-w-0">
          {chart}
        </div>
      )}
      {!empty && (
        <div className={asTable ? 'max-h-72 overflow-auto rounded-md border border-border' : 'sr-only'}>
          <table className="w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="bg-muted text-left">
              <tr>
                {columns.map((c) => (
                  <th
                    key={c.header}
                    scope="col"
                    className={cn('px-3 py-1.5 font-medium', c.numeric && 'text-right')}
                  >
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)} className="border-t border-border">
                  {columns.map((c, i) =>
                    i === 0 ? (
                      <th key={c.header} scope="row" className="px-3 py-1.5 text-left font-normal">
                        {c.cell(row)}
                      </th>
                    ) : (
                      <td
                        key={c.header}
                        className={cn('px-3 py-1.5', c.numeric && 'text-right tabular-nums')}
                      >
                        {c.cell(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
