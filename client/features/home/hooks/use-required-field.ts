// A dialog's required text field (spec 000 §8): its value, and when it is submitted empty an inline error
// and focus back on the field. The error shows once, there (issue 25: not again in a toast). Typing clears it.
import * as React from 'react';

export function useRequiredField(requiredMessage: string) {
  const [value, setValue] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const ref = React.useRef<HTMLInputElement>(null);
  return {
    value,
    error,
    ref,
    change: (next: string) => {
      setValue(next);
      if (error) setError(null);
    },
    clear: () => setValue(''),
    reset: () => {
      setValue('');
      setError(null);
    },
    /** True when the value is not blank; otherwise shows the error and returns false. */
    check: () => {
      if (value.trim()) return true;
      setError(requiredMessage);
      ref.current?.focus();
      return false;
    },
  };
}
