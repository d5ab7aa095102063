import * as React from 'react';

/** React.lazy for a module's named export (the features export their components by name). */
export function lazyNamed<K extends string, P extends object>(
  load: () => Promise<Record<K, React.ComponentType<P>>>,
  name: K,
) {
  return React.lazy(async () => ({ default: (await load())[name] }));
}
