// A dialog whose code loads when it first opens, so a page's first load carries none of it (issue 14's
// initial-JavaScript budget). Once loaded it stays mounted, so closing animates and gives focus back as usual.
import * as React from 'react';

export function lazyDialog<P extends { open: boolean }>(load: () => Promise<React.ComponentType<P>>) {
  const Dialog = React.lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    const [opened, setOpened] = React.useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <React.Suspense fallback={null}>
        <Dialog {...props} />
      </React.Suspense>
    );
  };
}
