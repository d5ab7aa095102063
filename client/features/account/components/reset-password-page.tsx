// /reset-password?token= (local accounts, DECISIONS §10): the mailed link's screen, signed in or out. A
// token that cannot be one is refused here, without asking the server.
import * as React from 'react';
import { Link, useSearch } from 'wouter';
import { RESET_LINK_INVALID, RESET_TOKEN_PATTERN } from '../../../../common/account.ts';
import { AuthCardLayout } from '../../../components/auth-card-layout.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { PendingLabel } from '../../../components/pending-label.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { fieldErrors, serverMessage } from '../../../lib/authUtils.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useCommonPassword } from '../../../lib/use-common-password.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { PasswordField, TOO_COMMON_HINT } from './password-field.tsx';

export function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  return (
    <AuthCardLayout title="Choose a new password">
      {RESET_TOKEN_PATTERN.test(token) ? <ResetForm token={token} /> : <InvalidLink />}
    </AuthCardLayout>
  );
}

function ResetForm({ token }: { token: string }) {
  const [password, setPassword] = React.useState('');
  const reset = useResetPassword();
  // The list (a chunk of its own) loads with the screen: choosing a password is all it is for.
  const tooCommon = useCommonPassword(password, true);
  const passwordRef = React.useRef<HTMLInputElement>(null);

  const message = reset.error ? serverMessage(reset.error) : undefined;
  if (message === RESET_LINK_INVALID) return <InvalidLink focus />;

  const passwordError = fieldErrors(reset.error).password;
  const error =
    reset.error && !passwordError ? (message ?? 'Could not set the password. Please try again.') : null;

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    if (tooCommon) {
      passwordRef.current?.focus();
      return;
    }
    reset.mutate(
      { token, password },
      { onError: (failure) => fieldErrors(failure).password && passwordRef.current?.focus() },
    );
  };

  return (
    <form className="grid gap-4" onSubmit={onSubmit}>
      <PasswordField
        ref={passwordRef}
        id="reset-password"
        name="password"
        label="New password"
        autoComplete="new-password"
        value={password}
        onValueChange={setPassword}
        error={tooCommon ? TOO_COMMON_HINT : passwordError}
      />
      {error && <FormAlert>{error}</FormAlert>}
      <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
        <PendingLabel pending={reset.isPending} label="Set password" pendingLabel="Setting password..." />
      </Button>
    </form>
  );
}

/** A link that is malformed, used or expired; `focus` when it replaces the form the keyboard was in. */
function InvalidLink({ focus = false }: { focus?: boolean }) {
  const ref = React.useRef<HTMLAnchorElement>(null);
  React.useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div className="grid gap-4">
      <FormAlert>{RESET_LINK_INVALID}</FormAlert>
      <Link ref={ref} href="/forgot-password" className={buttonVariants({ size: 'lg', className: 'w-full' })}>
        Ask for a new link
      </Link>
    </div>
  );
}
