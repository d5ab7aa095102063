import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { APP_NAME } from '../lib/document-title.ts';
import {
  type ClientsLike,
  isCacheable,
  NOTIFICATION_TITLE,
  notificationFor,
  openHref,
  readPush,
  type WindowLike,
} from './handlers.ts';

const ORIGIN = 'https://club.example.org';

describe('what the worker caches', () => {
  it('answers only the content-hashed files from its cache; /api, /objects and pages go to the network', () => {
    const get = (p: string, origin = ORIGIN) => isCacheable({ method: 'GET', url: `${origin}${p}` }, ORIGIN);
    expect(get('/assets/index-CB2xHl_j.js')).toBe(true);
    expect(get('/assets/index-CvlJowu2.css')).toBe(true);
    for (const p of [
      '/api/auth/user',
      '/api/assets/x',
      '/objects/uploads/a',
      '/',
      '/timeline/1',
      '/sw.js',
      '/manifest.webmanifest',
    ]) {
      expect(get(p), p).toBe(false);
    }
    expect(get('/assets/index.js', 'https://cdn.example.org')).toBe(false);
    expect(isCacheable({ method: 'POST', url: `${ORIGIN}/assets/x.js` }, ORIGIN)).toBe(false);
  });
});

describe('a push', () => {
  it('shows the text under the product name, one notification per link', () => {
    const { title, options } = notificationFor(
      readPush(() => ({ text: 'Bob replied to your post', href: '/timeline/t?post=p' })),
    );
    expect(title).toBe(APP_NAME);
    expect(options).toMatchObject({
      body: 'Bob replied to your post',
      tag: '/timeline/t?post=p',
      renotify: true,
      data: { href: '/timeline/t?post=p' },
    });
  });

  it('falls back to a generic notice for a missing or odd payload, and never links off the site', () => {
    const generic = { text: 'You have new notifications', href: '/' };
    expect(readPush(undefined)).toEqual(generic);
    expect(
      readPush(() => {
        throw new SyntaxError('not JSON');
      }),
    ).toEqual(generic);
    expect(readPush(() => ({ text: 'x', href: 'https://evil.example/' }))).toEqual(generic);
    expect(readPush(() => ({ text: 'x', href: '//evil.example/' }))).toEqual(generic);
    expect(readPush(() => ({ text: 1, href: '/' }))).toEqual(generic);
  });
});

describe("a notification's click", () => {
  function tab(
    url: string,
    focused = false,
    navigable = true,
  ): WindowLike & { navigate: ReturnType<typeof vi.fn> } {
    const self: WindowLike & { navigate: ReturnType<typeof vi.fn> } = {
      url,
      focused,
      focus: vi.fn(async () => self),
      navigate: vi.fn(async (to: string) => {
        if (!navigable) throw new TypeError('not controlled');
        self.url = to;
        return self;
      }),
    };
    return self;
  }
  const clientsWith = (tabs: WindowLike[]) =>
    ({
      matchAll: vi.fn(async () => tabs),
      openWindow: vi.fn(async () => null),
    }) satisfies ClientsLike;

  it('focuses the open tab of the app (the focused one first) and takes it to the link', async () => {
    const other = tab(`${ORIGIN}/`);
    const focused = tab(`${ORIGIN}/profile`, true);
    const clients = clientsWith([other, tab('https://elsewhere.example/'), focused]);
    await openHref(clients, '/messages?conversation=c', ORIGIN);
    expect(focused.focus).toHaveBeenCalled();
    expect(focused.navigate).toHaveBeenCalledWith(`${ORIGIN}/messages?conversation=c`);
    expect(clients.openWindow).not.toHaveBeenCalled();
    expect(other.navigate).not.toHaveBeenCalled();
  });

  it('opens a window when no tab of the app is open, or when the tab cannot be taken there', async () => {
    const none = clientsWith([tab('https://elsewhere.example/')]);
    await openHref(none, '/my-requests', ORIGIN);
    expect(none.openWindow).toHaveBeenCalledWith(`${ORIGIN}/my-requests`);

    const stuck = clientsWith([tab(`${ORIGIN}/`, false, false)]);
    await openHref(stuck, '/my-requests', ORIGIN);
    expect(stuck.openWindow).toHaveBeenCalledWith(`${ORIGIN}/my-requests`);
  });

  it('only focuses a tab already on the link', async () => {
    const there = tab(`${ORIGIN}/my-requests`);
    const clients = clientsWith([there]);
    await openHref(clients, '/my-requests', ORIGIN);
    expect(there.focus).toHaveBeenCalled();
    expect(there.navigate).not.toHaveBeenCalled();
    expect(clients.openWindow).not.toHaveBeenCalled();
  });
});

describe('the web app manifest', () => {
  const publicDir = path.resolve(import.meta.dirname, '..', 'public');
  const manifest = JSON.parse(readFileSync(path.join(publicDir, 'manifest.webmanifest'), 'utf8'));
  const html = readFileSync(path.resolve(import.meta.dirname, '..', 'index.html'), 'utf8');

  it('names the product, starts standalone at the root, in the colours of the page', () => {
    expect(manifest).toMatchObject({
      name: APP_NAME,
      short_name: APP_NAME,
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    expect(NOTIFICATION_TITLE).toBe(APP_NAME);
    expect(html).toContain(`<meta name="theme-color" content="${manifest.theme_color}" />`);
    expect(html).toContain(`html { background: ${manifest.background_color}; }`);
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
  });

  it('lists 192 and 512 px icons, one maskable, each a PNG of its stated size', () => {
    const size = (src: string) => {
      const png = readFileSync(path.join(publicDir, src));
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
    };
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    for (const icon of icons) expect(size(icon.src), icon.src).toBe(icon.sizes);
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    expect(size('/icons/apple-touch-icon.png')).toBe('180x180');
    expect(size('/icons/badge-96.png')).toBe('96x96');
  });
});
