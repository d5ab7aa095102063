// The profile page's Change e-mail section (local accounts, DECISIONS §10): a new address and the current
// password; a link goes to the new address, and the account's address changes only once it is opened.
import * as React from 'react';
import { CURRENT_PASSWORD_WRONG, EMAIL_UNCHANGED } from '../../../../common/account.ts';
import { EMAIL_MAX } from '../../../../common/limits.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { PendingLabel } from '../../../components/pending-label.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { useAuth } from '../../../lib/auth.ts';
import { fieldErrors, isUnauthorizedError, serverMessage } from '../../../lib/authUtils.ts';
import { useChangeEmail } from '../api/change-email.ts';
import { PasswordField } from './password-field.tsx';

/** For local accounts only (the router leaves it out with OpenID Connect, whose provider keeps the address). */
export function ChangeEmailCard() {
  const { user } = useAuth();
  const [email, setEmail] = React.useState('');
  const [currentPassword, setCurrentPassword] = React.useState('');
  const change = useChangeEmail();
  const emailRef = React.useRef<HTMLInputElement>(null);
  const currentRef = React.useRef<HTMLInputElement>(null);

  // Each refusal the server names shows once, under its field.
  const problems = (failure: unknown) => {
    const fields = fieldErrors(failure);
    const message = serverMessage(failure);
    return {
      email: fields.email ?? (message === EMAIL_UNCHANGED ? message : undefined),
      currentPassword: fields.currentPassword ?? (message === CURRENT_PASSWORD_WRONG ? message : undefined),
    };
  };
  const errors = problems(change.error);
  const error =
    change.error && !errors.email && !errors.currentPassword && !isUnauthorizedError(change.error)
      ? (serverMessage(change.error) ?? 'Could not send the link. Please try again.')
      : null;

  // Editing a field drops the answer that was about the previous attempt.
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    if (change.isError) change.reset();
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    change.mutate(
      { email, currentPassword },
      {
        onSuccess: () => {
          setEmail('');
          setCurrentPassword('');
        },
        onError: (failure) => {
          const found = problems(failure);
          if (found.email) emailRef.current?.focus();
          else if (found.currentPassword) currentRef.current?.focus();
        },
      },
    );
  };

  const emailNoteId = 'change-email-new-note';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Change e-mail</CardTitle>
        <CardDescription>
          We send a link to the new address. Your address changes once you open it; until then Threadline
          keeps using the current one.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">Current address</p>
          <p className="font-medium wrap-anywhere">{user?.email ?? '—'}</p>
        </div>
        <form className="grid gap-5" onSubmit={onSubmit}>
          {/* For password managers: whose saved password the current-password field is. */}
          <input
            hidden
            readOnly
            type="email"
            name="username"
            autoComplete="username"
            value={user?.email ?? ''}
          />
          <div className="grid min-w-0 gap-2">
            <Label htmlFor="change-email-new">New e-mail</Label>
            <Input
              ref={emailRef}
              id="change-email-new"
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={EMAIL_MAX}
              aria-describedby={errors.email ? emailNoteId : undefined}
              aria-invalid={errors.email ? true : undefined}
              value={email}
              onChange={(e) => edit(setEmail)(e.target.value)}
            />
            {errors.email && (
              <p id={emailNoteId} className="text-xs font-medium text-red-700 wrap-anywhere">
                {errors.email}
              </p>
            )}
          </div>
          <PasswordField
            ref={currentRef}
            id="change-email-password"
            name="currentPassword"
            label="Current password"
            autoComplete="current-password"
            value={currentPassword}
            onValueChange={edit(setCurrentPassword)}
            error={errors.currentPassword}
          />
          {/* Always there, so the answer is read out when it comes. */}
          <div role="status" className="empty:hidden">
            {change.isSuccess && (
              <p className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900 wrap-anywhere">
                {change.data}
              </p>
            )}
          </div>
          {error && <FormAlert>{error}</FormAlert>}
          <div>
            <Button type="submit" disabled={change.isPending} className="w-full sm:w-auto">
              <PendingLabel
                pending={change.isPending}
                label="Send confirmation link"
                pendingLabel="Sending..."
              />
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
