// Says "too common" while the user types, before the server would (DECISIONS §3). The list (~170 KB) is
// a separate chunk fetched only once someone starts creating an account.
import * as React from 'react';
import { isCommonPassword, parseCommonPasswords } from '../../../../common/passwords.ts';

let list: Promise<ReadonlySet<string>> | undefined;
const loadList = () => {
  list ??= import('../../../../common/common-passwords.txt?raw').then((m) => parseCommonPasswords(m.default));
  return list;
};

/** True when `password` is on the common list; false until the list has loaded or when not `enabled`. */
export function useCommonPassword(password: string, enabled: boolean): boolean {
  const [common, setCommon] = React.useState<ReadonlySet<string> | null>(null);
  React.useEffect(() => {
    if (!enabled || common) return;
    let live = true;
    loadList().then((set) => live && setCommon(set));
    return () => {
      live = false;
    };
  }, [enabled, common]);
  return enabled && common !== null && password.length > 0 && isCommonPassword(password, common);
}
