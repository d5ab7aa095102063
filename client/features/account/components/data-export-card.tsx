// The profile page's "Your data" section (issue 26; DECISIONS §10). The ZIP downloads through a plain link to
// GET /api/me/export, so the browser saves it as the server streams it (a fetch would hold the whole archive
// in memory first). A click first asks the same address for JSON: a large account's export is then prepared
// in the background and the card says a mail will bring the link (202); a small account's click goes on to
// the browser's own download.
import { Download, Loader2 } from 'lucide-react';
import * as React from 'react';
import { useSearch } from 'wouter';
import { DATA_EXPORT_COPY as COPY } from '../../../../common/account.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { serverMessage } from '../../../lib/authUtils.ts';
import { useStartDataExport } from '../api/data-export.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function DataExportCard() {
  const link = React.useRef<HTMLAnchorElement>(null);
  /** Set just before the card clicks the link itself: that click is the download. */
  const download = React.useRef(false);
  const start = useStartDataExport();
  // Opened from the "ready" mail: the prepared export's own download (the server says if it has expired).
  const prepared = new URLSearchParams(useSearch()).get('export');
  const preparedId = prepared && UUID.test(prepared) ? prepared : null;

  const onClick = (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (download.current) {
      download.current = false;
      return;
    }
    event.preventDefault();
    if (start.isPending) return;
    start.mutate(undefined, {
      onSuccess: (answer) => {
        if (!('download' in answer)) return;
        const anchor = link.current;
        if (!anchor) return;
        anchor.href = answer.download;
        download.current = true;
        anchor.click();
      },
    });
  };

  const preparing = start.data && 'preparing' in start.data ? start.data.preparing : '';
  return (
    <Card>
      <CardHeader>
        <CardTitle>{COPY.title}</CardTitle>
        <CardDescription>{COPY.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {preparedId && (
          <p className="text-sm wrap-anywhere">
            {COPY.ready}{' '}
            <a
              className="font-medium text-primary underline underline-offset-4"
              href={`/api/me/exports/${preparedId}`}
              download
            >
              {COPY.readyLink}
            </a>
          </p>
        )}
        <Button asChild variant="outline" className="w-full sm:w-auto">
          <a
            ref={link}
            href="/api/me/export"
            download
            onClick={onClick}
            aria-disabled={start.isPending || undefined}
            aria-describedby="data-export-status"
          >
            {start.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <Download aria-hidden="true" />
            )}
            {COPY.download}
          </a>
        </Button>
        <p id="data-export-status" role="status" className="text-sm text-muted-foreground empty:hidden">
          {start.isPending ? COPY.checking : preparing}
        </p>
        {start.isError && (
          <p role="alert" className="text-sm text-destructive">
            {serverMessage(start.error) ?? COPY.failed}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
