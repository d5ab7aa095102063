// State mirrored in localStorage (spec 000 §3: collapsed flag, search and sort per tab).
import * as React from 'react';

/** The stored JSON value when it passes `isValid`, else the fallback (also when storage is blocked). */
export function readStored<T>(key: string, fallback: T, isValid?: (value: unknown) => value is T): T {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return fallback;
    const value: unknown = JSON.parse(raw);
    if (isValid) return isValid(value) ? value : fallback;
    return value as T;
  } catch {
    return fallback;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the choice simply is not remembered.
  }
}

export function useLocalStorage<T>(
  key: string,
  fallback: T,
  isValid?: (value: unknown) => value is T,
): [T, (value: T) => void] {
  const [state, setState] = React.useState(() => ({ key, value: readStored(key, fallback, isValid) }));
  // A new key (another tab of the dashboard) starts from what that key holds.
  let current = state;
  if (state.key !== key) {
    current = { key, value: readStored(key, fallback, isValid) };
    setState(current);
  }
  const set = React.useCallback(
    (value: T) => {
      writeStored(key, value);
      setState({ key, value });
    },
    [key],
  );
  return [current.value, set];
}
