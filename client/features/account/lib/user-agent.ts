// The signed-in devices list names each session by its browser and system, read from the User-Agent it
// signed in with. A few patterns, no library: only the names are shown, never versions. Order matters, as
// most browsers also claim to be the ones they grew from (Edge and Opera say "Chrome", Chrome says "Safari").

export interface Device {
  /** "Firefox", "Chrome"... or UNKNOWN_BROWSER. */
  browser: string;
  /** "Windows", "iOS"... or null when the string does not tell. */
  os: string | null;
}

export const UNKNOWN_BROWSER = 'Unknown browser';

const BROWSERS: [RegExp, string][] = [
  [/\b(?:Edge?|EdgA|EdgiOS)\//, 'Edge'],
  [/\b(?:OPR|OPiOS|OPT)\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\/|\b(?:iPhone|iPad|iPod)\b.*\bAppleWebKit\//, 'Safari'],
];

// iPadOS 13 and later ask for desktop sites with a Mac's string: such an iPad shows as macOS.
const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPad\b/, 'iPadOS'],
  [/\b(?:iPhone|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const first = (list: [RegExp, string][], ua: string) => list.find(([pattern]) => pattern.test(ua))?.[1];

export function parseUserAgent(userAgent: string | null | undefined): Device {
  const ua = userAgent ?? '';
  return { browser: first(BROWSERS, ua) ?? UNKNOWN_BROWSER, os: first(SYSTEMS, ua) ?? null };
}

/** "Firefox on Windows", or the browser alone when the system is not known. */
export const deviceName = ({ browser, os }: Device): string => (os ? `${browser} on ${os}` : browser);
