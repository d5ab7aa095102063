// The path before this one, for the Messages page's back button (lib/back-target.ts). In this single-page app
// document.referrer stays the page the app was loaded from, so the app notes its own path changes here and
// the referrer only counts on a fresh load. In the app's entry (the router mounts the tracker): keep it small.
import * as React from 'react';
import { useLocation } from 'wouter';

let current: string | null = null;
let previous: string | null = null;

/** Records a path change (called by PreviousPathTracker; tests call it directly). */
export function notePath(path: string): void {
  if (path === current) return;
  previous = current;
  current = path;
}

/** For tests: as on a fresh load. */
export function resetPaths(): void {
  current = null;
  previous = null;
}

/**
 * The in-app path the user came to `here` from, or null on a fresh load. Works whether or not the tracker
 * has seen `here` yet (the page may render before the app's effect runs).
 */
export function pathBefore(here: string): string | null {
  return current !== null && current !== here ? current : previous;
}

/** Mounted once at the app level (client/app/router.tsx), for every signed-in and signed-out screen. */
export function PreviousPathTracker(): null {
  const [location] = useLocation();
  React.useEffect(() => notePath(location), [location]);
  return null;
}
