import * as React from 'react';

/** React.lazy for a module's named export (the features export their components by name). */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return React.lazy(async () => ({ default: (await load())[name] as React.ComponentType<Props<M[K]>> }));
}

type Props<C> = C extends React.ComponentType<infer P> ? P : never;
