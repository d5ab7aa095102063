// The "Delete my account" dialog (issue 26), loaded when the card first opens it (delete-account-card.tsx).
import * as React from 'react';
import {
  CONFIRM_EMAIL_MISMATCH,
  DELETE_ACCOUNT_COPY as COPY,
  DELETE_PASSWORD_REQUIRED,
  DELETE_PASSWORD_WRONG,
  deleteConfirmationMatches,
} from '../../../../common/account.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { PendingLabel } from '../../../components/pending-label.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { useAuth } from '../../../lib/auth.ts';
import { fieldErrors, isUnauthorizedError, serverMessage } from '../../../lib/authUtils.ts';
import { reauthUrl } from '../../../lib/sign-in.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { PasswordField } from './password-field.tsx';

export function DeleteAccountDialog({
  open,
  onOpenChange,
  local,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  local: boolean;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* Mounted only while open, so every opening starts with empty fields. */}
      {open && <DeleteAccountForm local={local} onCancel={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function DeleteAccountForm({ local, onCancel }: { local: boolean; onCancel: () => void }) {
  const { user } = useAuth();
  const email = user?.email ?? null;
  const [password, setPassword] = React.useState('');
  const [typed, setTyped] = React.useState('');
  const remove = useDeleteAccount();
  const passwordRef = React.useRef<HTMLInputElement>(null);
  const confirmRef = React.useRef<HTMLInputElement>(null);

  const matches = deleteConfirmationMatches(typed, email);
  const fields = fieldErrors(remove.error);
  const message = serverMessage(remove.error);
  const passwordError =
    fields.password ??
    (message === DELETE_PASSWORD_WRONG || message === DELETE_PASSWORD_REQUIRED ? message : undefined);
  const confirmError = fields.confirmEmail ?? (message === CONFIRM_EMAIL_MISMATCH ? message : undefined);
  const error =
    remove.error && !passwordError && !confirmError && !isUnauthorizedError(remove.error)
      ? (message ?? COPY.failed)
      : null;

  // Editing a field drops the answer that was about the previous attempt.
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    if (remove.isError) remove.reset();
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (remove.isPending || !matches) return;
    remove.mutate(
      { confirmEmail: typed.trim(), ...(local && { password }) },
      {
        onError: (failure) => {
          const problems = fieldErrors(failure);
          const said = serverMessage(failure);
          if (problems.password || said === DELETE_PASSWORD_WRONG) passwordRef.current?.focus();
          else if (problems.confirmEmail) confirmRef.current?.focus();
        },
      },
    );
  };

  const confirmId = 'delete-account-confirm';
  const described = [email && `${confirmId}-hint`, confirmError && `${confirmId}-error`].filter(Boolean);
  return (
    <DialogContent
      // While the call runs the dialog stays: closing it would hide the answer.
      onEscapeKeyDown={(event) => remove.isPending && event.preventDefault()}
      onInteractOutside={(event) => remove.isPending && event.preventDefault()}
      hideClose={remove.isPending}
    >
      <DialogHeader>
        <DialogTitle>{COPY.dialogTitle}</DialogTitle>
        <DialogDescription>{COPY.dialogDescription}</DialogDescription>
      </DialogHeader>
      <form className="grid min-w-0 gap-4" onSubmit={onSubmit} noValidate>
        {local ? (
          <>
            {/* For password managers: which account's password this is. */}
            <input hidden readOnly type="email" name="username" autoComplete="username" value={email ?? ''} />
            <PasswordField
              ref={passwordRef}
              id="delete-account-password"
              name="password"
              label={COPY.password}
              autoComplete="current-password"
              value={password}
              onValueChange={edit(setPassword)}
              error={passwordError}
            />
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            {COPY.reauth}{' '}
            <a className="font-medium text-primary underline underline-offset-4" href={reauthUrl('/profile')}>
              {COPY.reauthLink}
            </a>
          </p>
        )}
        <div className="grid min-w-0 gap-2">
          <Label htmlFor={confirmId}>{email ? COPY.confirmEmail : COPY.confirmWord}</Label>
          <Input
            ref={confirmRef}
            id={confirmId}
            name="confirmEmail"
            type="text"
            inputMode={email ? 'email' : 'text'}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            aria-describedby={described.length > 0 ? described.join(' ') : undefined}
            aria-invalid={confirmError ? true : undefined}
            value={typed}
            onChange={(e) => edit(setTyped)(e.target.value)}
          />
          {email && (
            <p id={`${confirmId}-hint`} className="text-xs text-muted-foreground wrap-anywhere">
              {COPY.yourEmail} {email}
            </p>
          )}
          {confirmError && (
            <p id={`${confirmId}-error`} className="text-xs font-medium text-red-700">
              {confirmError}
            </p>
          )}
        </div>
        {error && <FormAlert>{error}</FormAlert>}
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={remove.isPending}>
            {COPY.cancel}
          </Button>
          <Button type="submit" variant="destructive" disabled={!matches || remove.isPending}>
            <PendingLabel pending={remove.isPending} label={COPY.confirm} pendingLabel={COPY.pending} />
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
