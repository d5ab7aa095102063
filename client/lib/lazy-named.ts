import * as React from 'react';
import { retryImport } from './retry-import.ts';

/**
 * React.lazy for a module's named export (the features export their components by name), its chunk fetched
 * again until it comes (retry-import.ts): the Suspense fallback stays meanwhile instead of the page going.
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return React.lazy(async () => ({
    default: (await retryImport(load))[name] as React.ComponentType<Props<M[K]>>,
  }));
}

type Props<C> = C extends React.ComponentType<infer P> ? P : never;
