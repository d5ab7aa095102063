// The profile page's Change password section (local accounts, DECISIONS §10): the current password and a
// new one; this device stays signed in, the others are signed out.
import * as React from 'react';
import { CURRENT_PASSWORD_WRONG } from '../../../../common/account.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { PendingLabel } from '../../../components/pending-label.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useAuth } from '../../../lib/auth.ts';
import { fieldErrors, isUnauthorizedError, serverMessage } from '../../../lib/authUtils.ts';
import { useCommonPassword } from '../../../lib/use-common-password.ts';
import { useChangePassword } from '../api/change-password.ts';
import { PasswordField, TOO_COMMON_HINT } from './password-field.tsx';

/** For local accounts only (the router leaves it out with OpenID Connect, whose provider keeps the password). */
export function ChangePasswordCard() {
  const { user } = useAuth();
  const [currentPassword, setCurrentPassword] = React.useState('');
  const [newPassword, setNewPassword] = React.useState('');
  const change = useChangePassword();
  // The list (a chunk of its own) loads once a new password is typed, not with every visit to the profile.
  const tooCommon = useCommonPassword(newPassword, newPassword !== '');
  const currentRef = React.useRef<HTMLInputElement>(null);
  const newRef = React.useRef<HTMLInputElement>(null);

  const fields = fieldErrors(change.error);
  // The server names the wrong current password in its message and under the field: shown once, there.
  const currentError =
    fields.currentPassword ??
    (serverMessage(change.error) === CURRENT_PASSWORD_WRONG ? CURRENT_PASSWORD_WRONG : undefined);
  const newError = tooCommon ? TOO_COMMON_HINT : fields.newPassword;
  const error =
    change.error && !currentError && !fields.newPassword && !isUnauthorizedError(change.error)
      ? (serverMessage(change.error) ?? 'Could not change the password. Please try again.')
      : null;

  // Editing a field drops the answer that was about the previous attempt.
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    if (change.isError) change.reset();
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    if (tooCommon) {
      newRef.current?.focus();
      return;
    }
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          setCurrentPassword('');
          setNewPassword('');
        },
        onError: (failure) => {
          const problems = fieldErrors(failure);
          if (problems.currentPassword || serverMessage(failure) === CURRENT_PASSWORD_WRONG) {
            currentRef.current?.focus();
          } else if (problems.newPassword) newRef.current?.focus();
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
        <CardDescription>Your other devices will be signed out; this one stays signed in.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-5" onSubmit={onSubmit}>
          {/* For password managers: which account's saved password to update. */}
          <input
            hidden
            readOnly
            type="email"
            name="username"
            autoComplete="username"
            value={user?.email ?? ''}
          />
          <PasswordField
            ref={currentRef}
            id="change-current-password"
            name="currentPassword"
            label="Current password"
            autoComplete="current-password"
            value={currentPassword}
            onValueChange={edit(setCurrentPassword)}
            error={currentError}
          />
          <PasswordField
            ref={newRef}
            id="change-new-password"
            name="newPassword"
            label="New password"
            autoComplete="new-password"
            value={newPassword}
            onValueChange={edit(setNewPassword)}
            error={newError}
          />
          {error && <FormAlert>{error}</FormAlert>}
          <div>
            <Button type="submit" disabled={change.isPending} className="w-full sm:w-auto">
              <PendingLabel pending={change.isPending} label="Change password" pendingLabel="Changing..." />
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
