// The profile page's "Delete my account" section (issue 26; DECISIONS §10): a destructive button opens a
// dialog asking for the password (built-in accounts; with OpenID Connect a sign-in of the last 10 minutes
// stands for it) and the account's e-mail typed out; the confirm button waits for the typed address to match.
// The server's refusals (threadlines still owned, a plan that renews, a stale sign-in) show inside the dialog.
import * as React from 'react';
import { DELETE_ACCOUNT_COPY as COPY } from '../../../../common/account.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { lazyDialog } from '../../../lib/lazy-dialog.tsx';

// Loaded on first opening: the profile's first load (and the app chunk every page shares) carries none of it.
const DeleteAccountDialog = lazyDialog(
  async () => (await import('./delete-account-dialog.tsx')).DeleteAccountDialog,
);

export function DeleteAccountCard({ local }: { local: boolean }) {
  const [open, setOpen] = React.useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{COPY.title}</CardTitle>
        <CardDescription>{COPY.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button
          variant="destructive"
          className="w-full sm:w-auto"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          {COPY.open}
        </Button>
        <DeleteAccountDialog open={open} onOpenChange={setOpen} local={local} />
      </CardContent>
    </Card>
  );
}
