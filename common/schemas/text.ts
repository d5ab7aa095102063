// Shared text schemas (DECISIONS §3, §6): trimmed, bounded, and free of NUL and other control characters.
// Multi-line fields (descriptions, messages, bio) keep tab and line breaks; single-line fields refuse them.
import { z } from 'zod';

const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;

export interface TextOptions {
  /** Allows tab and line breaks. */
  multiline?: boolean;
  /** Message when empty after trimming; without it the field may be empty. */
  required?: string;
}

/** A trimmed string of at most `max` characters with no control characters. */
export function text(max: number, label: string, { multiline = false, required }: TextOptions = {}) {
  const pattern = multiline ? CONTROL_BUT_LINES : CONTROL;
  const base = z.string().trim();
  return (required ? base.min(1, required) : base)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !pattern.test(v), `${label} must not contain control characters`);
}

/** Optional text: empty after trimming becomes null; undefined and null are accepted. */
export const optionalText = (max: number, label: string, options: Omit<TextOptions, 'required'> = {}) =>
  text(max, label, options)
    .transform((v) => (v === '' ? null : v))
    .nullish();
