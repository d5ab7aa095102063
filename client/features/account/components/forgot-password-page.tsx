// /forgot-password (local accounts, DECISIONS §10): asks for a reset link. The answer is the same for every
// address, so the screen never says whether an account exists. `?email=` prefills the field.
import * as React from 'react';
import { Link, useSearch } from 'wouter';
import { EMAIL_MAX } from '../../../../common/limits.ts';
import { AuthCardLayout } from '../../../components/auth-card-layout.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { PendingLabel } from '../../../components/pending-label.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { serverMessage } from '../../../lib/authUtils.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { readForgotPasswordQuery } from '../../../lib/forgot-password-link.ts';
import { useForgotPassword } from '../api/forgot-password.ts';

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [email, setEmail] = React.useState(readForgotPasswordQuery(useSearch()));
  const forgot = useForgotPassword();

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (forgot.isPending) return;
    forgot.mutate({ email });
  };

  if (forgot.isSuccess) {
    return (
      <AuthCardLayout title="Forgot your password?">
        <Sent message={forgot.data} />
      </AuthCardLayout>
    );
  }

  const error = forgot.error
    ? (serverMessage(forgot.error) ?? 'Could not send the link. Please try again.')
    : null;
  return (
    <AuthCardLayout
      title="Forgot your password?"
      description="Enter the email address of your Threadline account and we will send you a link to choose a new password."
    >
      <form className="grid gap-4" onSubmit={onSubmit}>
        <div className="grid min-w-0 gap-2">
          <Label htmlFor="forgot-email">Email</Label>
          <Input
            id="forgot-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={EMAIL_MAX}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        {error && <FormAlert>{error}</FormAlert>}
        <Button type="submit" size="lg" className="w-full" disabled={forgot.isPending}>
          <PendingLabel pending={forgot.isPending} label="Send reset link" pendingLabel="Sending..." />
        </Button>
      </form>
      <p className="mt-4 text-center text-sm">
        <Link href="/login" className={buttonVariants({ variant: 'link', size: 'sm' })}>
          Back to sign in
        </Link>
      </p>
    </AuthCardLayout>
  );
}

/** The form's place once the server answered; focus moves to the message, as the button it was on is gone. */
function Sent({ message }: { message: string }) {
  const ref = React.useRef<HTMLParagraphElement>(null);
  React.useEffect(() => ref.current?.focus(), []);
  return (
    <div className="grid gap-5 text-center">
      <p
        ref={ref}
        tabIndex={-1}
        className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900 wrap-anywhere focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {message}
      </p>
      <Link href="/login" className={buttonVariants({ size: 'lg', className: 'w-full' })}>
        Back to sign in
      </Link>
    </div>
  );
}
