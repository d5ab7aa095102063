// Says "too common" while the user types, before the server would (DECISIONS §3). The list (~170 KB) is
// a separate chunk fetched only once someone starts choosing a password (sign-up, reset, change).
import * as React from 'react';
import { isCommonPassword, parseCommonPasswords } from '../../common/passwords.ts';

let list: Promise<ReadonlySet<string>> | undefined;
/** The list once loaded: a screen opened after that has it from its first render. */
let loaded: ReadonlySet<string> | null = null;
const loadList = () => {
  list ??= import('../../common/common-passwords.txt?raw').then((m) => {
    loaded = parseCommonPasswords(m.default);
    return loaded;
  });
  return list;
};

/** True when `password` is on the common list; false until the list has loaded or when not `enabled`. */
export function useCommonPassword(password: string, enabled: boolean): boolean {
  const [common, setCommon] = React.useState<ReadonlySet<string> | null>(loaded);
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
