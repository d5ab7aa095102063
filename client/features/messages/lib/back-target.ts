// Where the Messages page's back button leads (spec 000 §2: "Back to Timeline" if the referrer contains
// /timeline/, else "Back to Home"), from the path before (lib/previous-path.ts). Apart from the tracker, so
// the app's entry does not carry it (issue 27 needed the room).

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
