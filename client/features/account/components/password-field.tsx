// A labelled password input with, under it, its error (the common-password check or the server's) or hint.
import * as React from 'react';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../../common/limits.ts';
import { COMMON_PASSWORD_MESSAGE } from '../../../../common/passwords.ts';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';

export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN} characters.`;
export const TOO_COMMON_HINT = `${COMMON_PASSWORD_MESSAGE}: choose another.`;

interface PasswordFieldProps {
  id: string;
  name: string;
  label: string;
  /** new-password gets the length rules and the hint of sign-up. */
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null;
}

export const PasswordField = React.forwardRef<HTMLInputElement, PasswordFieldProps>(
  ({ id, name, label, autoComplete, value, onValueChange, error }, ref) => {
    const creating = autoComplete === 'new-password';
    const note = error ?? (creating ? NEW_PASSWORD_HINT : null);
    const noteId = `${id}-note`;
    return (
      <div className="grid min-w-0 gap-2">
        <Label htmlFor={id}>{label}</Label>
        <Input
          ref={ref}
          id={id}
          name={name}
          type="password"
          autoComplete={autoComplete}
          required
          minLength={creating ? PASSWORD_MIN : undefined}
          maxLength={PASSWORD_MAX}
          aria-describedby={note ? noteId : undefined}
          aria-invalid={error ? true : undefined}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
        />
        {/* A new password's note is always there, so a "too common" arriving while typing is read out. */}
        {note && (
          <p
            id={noteId}
            aria-live="polite"
            className={
              error ? 'text-xs font-medium text-red-700 wrap-anywhere' : 'text-xs text-muted-foreground'
            }
          >
            {note}
          </p>
        )}
      </div>
    );
  },
);
PasswordField.displayName = 'PasswordField';
