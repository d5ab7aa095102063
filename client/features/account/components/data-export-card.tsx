// The profile page's "Your data" section (issue 26; DECISIONS §10): a plain link to GET /api/me/export, so
// the browser saves the ZIP as the server streams it (a fetch would hold the whole archive in memory first).
import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';

export function DataExportCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>
          A ZIP of your profile, memberships, posts, comments, reactions, messages, join requests and files.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline" className="w-full sm:w-auto">
          <a href="/api/me/export" download>
            <Download aria-hidden="true" />
            Download my data
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}
