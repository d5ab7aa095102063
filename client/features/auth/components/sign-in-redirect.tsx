// A signed-out visitor on an app route goes to sign-in and comes back here afterwards (DECISIONS §2).
import * as React from 'react';
import { goToLogin } from '../../../lib/auth.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { currentPath } from '../../../lib/sign-in.ts';

export function SignInRedirect() {
  useDocumentTitle('Sign in');
  React.useEffect(() => goToLogin(currentPath()), []);
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <p role="status" className="text-muted-foreground">
        Taking you to sign in...
      </p>
    </main>
  );
}
