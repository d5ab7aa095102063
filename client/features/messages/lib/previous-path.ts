// Where the Messages page's back button leads (spec 000 §2: "Back to Timeline" if the referrer contains
// /timeline/, else "Back to Home"). In this single-page app document.referrer stays the page the app was
// loaded from, so the app notes its own path changes here and the referrer only counts on a fresh load.
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

export interface BackTarget {
  label: 'Back to Threadline' | 'Back to Home';
  href: string;
}

const timelinePath = (path: string): string | null => /^\/timeline\/[^/?#]+/.exec(path)?.[0] ?? null;

/**
 * The previous in-app path decides; without one (a fresh load) the document's referrer does, when it is
 * this site's own page (another site's /timeline/ is not a threadline here).
 */
export function backTarget(previousPath: string | null, referrer: string, origin: string): BackTarget {
  let path = previousPath;
  if (path === null && referrer) {
    try {
      const url = new URL(referrer);
      if (url.origin === origin) path = url.pathname;
    } catch {
      // An unparseable referrer is no referrer.
    }
  }
  const timeline = path === null ? null : timelinePath(path);
  return timeline ? { label: 'Back to Threadline', href: timeline } : { label: 'Back to Home', href: '/' };
}
