import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushDevice } from '../../../../common/schemas/push.ts';
import { USER_QUERY_KEY } from '../../../lib/auth.ts';
import { createQueryClient } from '../../../lib/queryClient.ts';
import { type FetchCall, json, stubFetch } from '../../../lib/upload/test-fakes.ts';
import { button, cleanup, render, waitFor } from '../../home/test/render.tsx';
import { PUSH_COPY, PushDeviceToggle } from './push-device-toggle.tsx';

// The server's VAPID key (any 65 bytes do here) and what the browser's subscription looks like.
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
const PUBLIC_KEY = btoa(String.fromCharCode(...KEY_BYTES))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/this-device';

interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer };
  toJSON(): PushSubscriptionJSON;
  unsubscribe: ReturnType<typeof vi.fn>;
}

function fakeSubscription(key = KEY_BYTES): FakeSubscription {
  return {
    endpoint: ENDPOINT,
    options: { applicationServerKey: key.buffer.slice(0) as ArrayBuffer },
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'BPd', auth: 'au' } }),
    unsubscribe: vi.fn(async () => true),
  };
}

/** A browser with the Push API: its permission, worker registration and push manager, all fakes. */
function browser({
  permission = 'default' as NotificationPermission,
  answer = 'granted' as NotificationPermission,
} = {}) {
  let current: FakeSubscription | null = null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
      current = fakeSubscription(new Uint8Array(options.applicationServerKey));
      return current;
    }),
  };
  const registration = { pushManager };
  let registered = false;
  const serviceWorker = {
    getRegistration: vi.fn(async () => (registered ? registration : undefined)),
    register: vi.fn(async () => {
      registered = true;
      return registration;
    }),
    get ready() {
      return Promise.resolve(registration);
    },
  };
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  // The Permissions API's view of it, with the change event a settings change fires.
  const status = Object.defineProperty(new EventTarget(), 'state', {
    get: (): PermissionState => (notification.permission === 'default' ? 'prompt' : notification.permission),
  });
  const permissions = { query: vi.fn(async () => status) };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  Object.defineProperty(navigator, 'permissions', { value: permissions, configurable: true });
  return {
    notification,
    /** The user changes the site's setting in the browser while the page is open. */
    settingChanged(to: NotificationPermission) {
      notification.permission = to;
      act(() => {
        status.dispatchEvent(new Event('change'));
      });
    },
    pushManager,
    serviceWorker,
    /** As if this browser had subscribed before (registered worker, live subscription). */
    subscribed() {
      registered = true;
      current = fakeSubscription();
      return current;
    },
  };
}

/** The server: the key, the user's devices, and POST/DELETE of this one (`refuse` answers instead). */
function server(devices: PushDevice[] = [], refuse?: (call: FetchCall) => Response | undefined) {
  return stubFetch((call) => {
    const refused = refuse?.(call);
    if (refused) return refused;
    if (call.url === '/api/push/key') return json({ publicKey: PUBLIC_KEY });
    if (call.url === '/api/push/subscriptions' && call.method === 'GET') return json(devices);
    if (call.url === '/api/push/subscriptions' && call.method === 'POST') {
      const body = call.body as { endpoint: string };
      devices.push({ endpoint: body.endpoint, createdAt: new Date().toISOString(), current: true });
      return json(devices.at(-1), 201);
    }
    if (call.url === '/api/push/subscriptions' && call.method === 'DELETE') {
      const index = devices.findIndex((d) => d.endpoint === (call.body as { endpoint: string }).endpoint);
      if (index < 0) return json({ message: 'This device is not registered for notifications' }, 404);
      devices.splice(index, 1);
      return new Response(null, { status: 204 });
    }
    return json({ message: 'Not found' }, 404);
  });
}

function mount() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, { id: 'me', email: 'ada@example.test' });
  return render(<PushDeviceToggle />, { queryClient });
}

const text = () => document.body.textContent ?? '';
const status = () => document.querySelector('[role="status"]')?.textContent;
const click = async (target: HTMLButtonElement) => {
  await act(async () => {
    target.click();
  });
};

let savedUserAgent: PropertyDescriptor | undefined;
beforeEach(() => {
  savedUserAgent = Object.getOwnPropertyDescriptor(navigator, 'userAgent');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(navigator, 'permissions');
  if (savedUserAgent) Object.defineProperty(navigator, 'userAgent', savedUserAgent);
  else Reflect.deleteProperty(navigator, 'userAgent');
});

describe('PushDeviceToggle', () => {
  it('asks for nothing on load; on the click it asks, subscribes with the server key and registers the device', async () => {
    const device = browser();
    const calls = server();
    mount();
    await waitFor(() => expect(button(document, PUSH_COPY.enable)).toBeDefined());
    expect(device.notification.requestPermission).not.toHaveBeenCalled();
    expect(device.serviceWorker.register).not.toHaveBeenCalled();
    expect(status()).toBe(PUSH_COPY.off);

    const enable = button(document, PUSH_COPY.enable)!;
    enable.focus();
    await click(enable);
    await waitFor(() => expect(status()).toBe(PUSH_COPY.on));
    expect(device.notification.requestPermission).toHaveBeenCalledTimes(1);
    const [options] = device.pushManager.subscribe.mock.calls[0]!;
    expect(options).toMatchObject({ userVisibleOnly: true });
    expect([...new Uint8Array(options.applicationServerKey)]).toEqual([...KEY_BYTES]);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      endpoint: ENDPOINT,
      expirationTime: null,
      keys: { p256dh: 'BPd', auth: 'au' },
    });
    // The same button, now turning it off, keeps the focus.
    expect(document.activeElement).toBe(enable);
    expect(enable.textContent).toBe(PUSH_COPY.turnOff);
  });

  it('shows a device already on as on, and turns it off on the server and in the browser', async () => {
    const device = browser({ permission: 'granted' });
    const sub = device.subscribed();
    const calls = server([{ endpoint: ENDPOINT, createdAt: new Date().toISOString(), current: true }]);
    mount();
    await waitFor(() => expect(status()).toBe(PUSH_COPY.on));
    await click(button(document, PUSH_COPY.turnOff)!);
    await waitFor(() => expect(status()).toBe(PUSH_COPY.off));
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ endpoint: ENDPOINT });
    expect(sub.unsubscribe).toHaveBeenCalled();
    expect(device.notification.requestPermission).not.toHaveBeenCalled();
  });

  it("shows off when the server's key changed since, and subscribes anew with the new key", async () => {
    const device = browser({ permission: 'granted' });
    const old = device.subscribed();
    old.options.applicationServerKey = new Uint8Array(65).fill(9).buffer;
    server([{ endpoint: ENDPOINT, createdAt: new Date().toISOString(), current: true }]);
    mount();
    await waitFor(() => expect(status()).toBe(PUSH_COPY.off));
    await click(button(document, PUSH_COPY.enable)!);
    await waitFor(() => expect(status()).toBe(PUSH_COPY.on));
    expect(old.unsubscribe).toHaveBeenCalled();
    const [options] = device.pushManager.subscribe.mock.calls[0]!;
    expect([...new Uint8Array(options.applicationServerKey)]).toEqual([...KEY_BYTES]);
  });

  it("shows off when the server does not have this browser's subscription (signed out here before)", async () => {
    const device = browser({ permission: 'granted' });
    device.subscribed();
    server([]);
    mount();
    await waitFor(() => expect(status()).toBe(PUSH_COPY.off));
    expect(button(document, PUSH_COPY.enable)).toBeDefined();
  });

  it('says how to unblock notifications when the browser blocks them, before or after the click', async () => {
    browser({ permission: 'denied' });
    server();
    mount();
    await waitFor(() => expect(text()).toContain(PUSH_COPY.blocked));
    expect(document.querySelector('button')).toBeNull();
    cleanup();

    const device = browser({ answer: 'denied' });
    const calls = server();
    mount();
    await waitFor(() => expect(button(document, PUSH_COPY.enable)).toBeDefined());
    await click(button(document, PUSH_COPY.enable)!);
    await waitFor(() => expect(text()).toContain(PUSH_COPY.blocked));
    // The button went: focus is on the words saying why.
    expect(document.activeElement?.textContent).toBe(PUSH_COPY.blocked);
    expect(device.pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('follows a change of the permission made in the browser settings while the page is open', async () => {
    const device = browser({ permission: 'denied' });
    server();
    mount();
    await waitFor(() => expect(text()).toContain(PUSH_COPY.blocked));
    device.settingChanged('granted');
    await waitFor(() => expect(button(document, PUSH_COPY.enable)).toBeDefined());
    device.settingChanged('denied');
    await waitFor(() => expect(text()).toContain(PUSH_COPY.blocked));
  });

  it('offers to ask again when the question was dismissed', async () => {
    browser({ answer: 'default' });
    server();
    mount();
    await waitFor(() => expect(button(document, PUSH_COPY.enable)).toBeDefined());
    await click(button(document, PUSH_COPY.enable)!);
    await waitFor(() =>
      expect(document.querySelector('[role="alert"]')?.textContent).toBe(PUSH_COPY.dismissed),
    );
    expect(button(document, PUSH_COPY.enable)).toBeDefined();
  });

  it('says so when the server refuses the device', async () => {
    browser();
    server([], (call) =>
      call.method === 'POST'
        ? json({ message: 'The push endpoint is not a known push service' }, 400)
        : undefined,
    );
    mount();
    await waitFor(() => expect(button(document, PUSH_COPY.enable)).toBeDefined());
    await click(button(document, PUSH_COPY.enable)!);
    await waitFor(() =>
      expect(document.querySelector('[role="alert"]')?.textContent).toBe(PUSH_COPY.enableFailed),
    );
    expect(status()).toBe(PUSH_COPY.off);
  });

  it('explains a browser without Web Push, and the Home Screen step on iPhone and iPad', async () => {
    server();
    mount();
    expect(text()).toContain(PUSH_COPY.unsupported);
    expect(document.querySelector('button')).toBeNull();
    cleanup();

    Object.defineProperty(navigator, 'userAgent', {
      value:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      configurable: true,
    });
    mount();
    expect(text()).toContain(PUSH_COPY.installFirst);
  });
});
