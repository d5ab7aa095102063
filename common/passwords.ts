// Common passwords (DECISIONS §3): common-passwords.txt holds every password of 8 or more characters among
// the ~49,000 most common (zxcvbn-ts's ranked list, MIT; the 10,000 most common are all in it or too short).
export const COMMON_PASSWORD_MESSAGE = 'This password is too common';

/** The list file's text as a set of lower-case passwords. */
export const parseCommonPasswords = (text: string): ReadonlySet<string> =>
  new Set(text.split('\n').filter((line) => line !== ''));

/** Listed (case-insensitively), or one character repeated, such as eight spaces. */
export function isCommonPassword(password: string, list: ReadonlySet<string>): boolean {
  if (/^(.)\1*$/su.test(password)) return true;
  return list.has(password.toLowerCase()) || list.has(password.trim().toLowerCase());
}
