// A dialog whose code loads when it first opens, so a page's first load carries none of it (issue 14's
// initial-JavaScript budget), fetched again until it comes (retry-import.ts). Once loaded it stays mounted,
// so closing animates and gives focus back as usual.
import * as React from 'react';
import { retryImport } from './retry-import.ts';

export function lazyDialog<P extends object>(
  load: () => Promise<React.ComponentType<P>>,
  isOpen: (props: P) => boolean = (props) => (props as { open?: boolean }).open === true,
) {
  const Dialog = React.lazy(async () => ({ default: await retryImport(load) }));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per dialog, at module level.
  return function LazyDialog(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = React.useState(open);
    if (open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <React.Suspense fallback={null}>
        <Dialog {...props} />
      </React.Suspense>
    );
  };
}
