// Which push endpoints the server will POST to. A subscription's endpoint comes from the browser, that is from
// whoever calls the API: without a check, the server could be made to send requests anywhere (SSRF). Only the
// push services browsers use are allowed (PUSH_ENDPOINT_HOSTS changes the list), over https on the default port.
import { isLoopbackHost } from '../config.ts';

/**
 * The push services of Chrome, Edge, Firefox and Safari (and the browsers built on them). "*.example.com"
 * allows every subdomain of example.com (not example.com itself).
 */
export const DEFAULT_PUSH_ENDPOINT_HOSTS = [
  // Chrome, Chromium-based browsers on Android and desktop, Samsung Internet, Opera, Brave.
  'fcm.googleapis.com',
  // Firefox.
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  // Safari (macOS 13+, iOS 16.4+ home-screen apps).
  'web.push.apple.com',
  '*.push.apple.com',
  // Edge on Windows (Windows Push Notification Services).
  '*.notify.windows.com',
] as const;

/** A host pattern: a DNS name or an IP address, optionally "*." and a domain. */
export const HOST_PATTERN =
  /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

export interface EndpointRules {
  /** Allowed hosts, lower case (see DEFAULT_PUSH_ENDPOINT_HOSTS). */
  hosts: readonly string[];
  /** Test runs only (PUSH_ALLOW_HTTP_LOOPBACK): http:// on a loopback host, any port, e.g. the tests' push service. */
  allowHttpLoopback: boolean;
}

const hostAllowed = (host: string, patterns: readonly string[]) =>
  patterns.some((p) => (p.startsWith('*.') ? host.endsWith(p.slice(1)) : host === p));

/** Why the server will not send to `endpoint`, or null when it may. */
export function endpointProblem(endpoint: string, rules: EndpointRules): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The push endpoint must be an absolute URL';
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const insecureAllowed = rules.allowHttpLoopback && url.protocol === 'http:' && isLoopbackHost(host);
  if (url.protocol !== 'https:' && !insecureAllowed) return 'The push endpoint must be an https:// URL';
  if (url.username || url.password) return 'The push endpoint must not carry a user name or password';
  // Push services listen on 443; another port on an allowed host is not one of them.
  if (url.port && !insecureAllowed) return 'The push endpoint must use the default https port';
  if (!hostAllowed(host, rules.hosts)) return 'The push endpoint is not a known push service';
  return null;
}
