// Near the top of the profile while a local account's address is unconfirmed (DECISIONS §10): the link was
// mailed at sign-up or with the address change; until it is opened, no notification goes out by mail.
import { MailWarning } from 'lucide-react';
import * as React from 'react';
import { FormAlert } from '../../../components/form-alert.tsx';
import { PendingLabel } from '../../../components/pending-label.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/auth.ts';
import { isUnauthorizedError, serverMessage } from '../../../lib/authUtils.ts';
import { useResendVerification } from '../api/verify-email.ts';

/** Nothing once the address is confirmed (the router leaves it out with OpenID Connect). */
export function EmailVerificationNotice() {
  const { user } = useAuth();
  const resend = useResendVerification();
  const headingId = React.useId();
  if (!user?.email || user.emailVerified !== false) return null;
  const email = user.email;

  // 409 (confirmed meanwhile) and 429 (past 5 an hour) say so in the server's words.
  const error =
    resend.error && !isUnauthorizedError(resend.error)
      ? (serverMessage(resend.error) ?? 'Could not send the link. Please try again.')
      : null;

  return (
    <section
      // The notification preferences card leads here while the address is unverified (issue 27).
      id="email-verification"
      aria-labelledby={headingId}
      className="mb-6 grid gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-5"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <MailWarning className="hidden size-5 shrink-0 sm:mt-0.5 sm:block" aria-hidden="true" />
        <div className="grid min-w-0 flex-1 gap-1">
          <h2 id={headingId} className="font-semibold">
            Verify your e-mail
          </h2>
          <p className="text-sm wrap-anywhere">
            We sent a confirmation link to <strong className="font-semibold">{email}</strong>. Open it to
            confirm your address: until then, Threadline sends you no notifications by e-mail.
          </p>
        </div>
        <div>
          <Button
            variant="outline"
            size="sm"
            className="w-full sm:w-auto"
            onClick={() => {
              if (!resend.isPending) resend.mutate(email);
            }}
          >
            <PendingLabel pending={resend.isPending} label="Resend" pendingLabel="Sending..." />
          </Button>
        </div>
      </div>
      {/* Always there, so the answer is read out when it comes. */}
      <div role="status" className="empty:hidden">
        {resend.isSuccess && <p className="text-sm font-medium wrap-anywhere">{resend.data}</p>}
      </div>
      {error && <FormAlert>{error}</FormAlert>}
    </section>
  );
}
