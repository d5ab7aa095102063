// The bundled common-password list, read once on first use.
import { readFileSync } from 'node:fs';
import { isCommonPassword, parseCommonPasswords } from '../../common/passwords.ts';

let list: ReadonlySet<string> | undefined;

export function isTooCommon(password: string): boolean {
  list ??= parseCommonPasswords(
    readFileSync(new URL('../../common/common-passwords.txt', import.meta.url), 'utf8'),
  );
  return isCommonPassword(password, list);
}
