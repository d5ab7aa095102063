import * as React from 'react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../../common/schemas/user.ts';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { useAuth } from '../../../lib/auth.ts';
import { MessagingModalProvider } from '../../../lib/messaging-modal.tsx';
import { fileOf, json, objectPath, stubFetch, stubXhr } from '../../../lib/upload/test-fakes.ts';
import { toast } from '../../../lib/use-toast.ts';
import { cleanup, render, waitFor } from '../../home/test/render.tsx';
import { ProfilePage } from './profile-page.tsx';

vi.mock('../../../lib/use-toast.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/use-toast.ts')>();
  return { ...actual, toast: vi.fn(actual.toast) };
});

const ME = {
  id: '00000000-0000-4000-9000-0000000000aa',
  email: 'ada@example.test',
  firstName: 'Ada',
  lastName: null,
  displayName: null,
  bio: null,
  profileImageUrl: null as string | null,
} as unknown as CurrentUser;

let user = { ...ME };
let userReads = 0;

beforeEach(() => {
  vi.mocked(toast).mockClear();
  user = { ...ME };
  userReads = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function server(finalize: () => Response) {
  return stubFetch(({ method, url }) => {
    if (url === '/api/auth/user') {
      userReads++;
      return json(user);
    }
    if (method === 'POST' && url === '/api/objects/upload')
      return json({ uploadURL: '/api/objects/put/a1?sig=1' });
    if (method === 'PUT' && url === '/api/profile-image') return finalize();
    return json({ message: 'Not found' }, 404);
  });
}

const mount = () =>
  render(
    <MessagingModalProvider>
      <ProfilePage />
      <Toaster />
    </MessagingModalProvider>,
  );

const toasts = () => vi.mocked(toast).mock.calls.map(([t]) => [t.title, t.description]);
const camera = () => document.querySelector<HTMLButtonElement>('button[aria-label="Change profile picture"]');

async function chooseAndUpload(file: File) {
  await act(async () => camera()!.click());
  await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeTruthy());
  const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
  expect(dialog.textContent).toContain('Maximum file size: 5MB');
  const input = document.querySelector<HTMLInputElement>('[data-testid="upload-input"]')!;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  act(() => input.dispatchEvent(new Event('change', { bubbles: true })));
  const upload = [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Upload');
  if (upload && !upload.disabled) await act(async () => upload.click());
}

describe('Profile picture', () => {
  it('says what compressing the picture did in the same toast (jsdom cannot compress: it goes as it was)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server(() => json(objectPath('a1', 400 * 1024, 'image/png')));
    stubXhr({ status: 200 });
    mount();
    await waitFor(() => expect(camera()).toBeTruthy());
    await chooseAndUpload(fileOf('me.png', 400 * 1024, 'image/png'));
    await waitFor(() =>
      expect(toasts()).toEqual([
        ['Profile image uploaded successfully!', 'Images were uploaded without compression.'],
      ]),
    );
    warn.mockRestore();
  });

  it('uploads one image as an avatar, finalises it and refreshes the user', async () => {
    const calls = server(() => {
      user = { ...user, profileImageUrl: '/objects/uploads/a1' };
      return json(objectPath('a1', 20, 'image/png'));
    });
    const puts = stubXhr({ status: 200 });
    mount();
    await waitFor(() => expect(camera()).toBeTruthy());
    expect(document.body.textContent).toContain('Maximum file size: 5MB');
    const before = userReads;
    await chooseAndUpload(fileOf('me.png', 20, 'image/png'));
    await waitFor(() => expect(toasts()).toContainEqual(['Profile image uploaded successfully!', undefined]));
    expect(calls.find((c) => c.url === '/api/objects/upload')?.body).toMatchObject({
      category: 'avatar',
      size: 20,
    });
    expect(puts).toHaveLength(1);
    expect(calls.find((c) => c.url === '/api/profile-image')?.body).toEqual({
      profileImageURL: '/api/objects/put/a1?sig=1',
    });
    await waitFor(() => expect(userReads).toBeGreaterThan(before));
    expect(toasts().map((t) => t[0])).not.toContain('Files Uploaded');
    await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
  });

  it('takes images only, at most 5 MB', async () => {
    server(() => json({}));
    mount();
    await waitFor(() => expect(camera()).toBeTruthy());
    await chooseAndUpload(fileOf('cv.pdf', 20, 'application/pdf'));
    expect(toasts()).toContainEqual([
      'File Type Not Allowed',
      'Please select Images. "cv.pdf" is not supported.',
    ]);
    const big = fileOf('big.png', 10, 'image/png');
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    await chooseAndUpload(big);
    expect(toasts().at(-1)?.[0]).toBe('File Too Large');
  });

  it('a refused picture says "Failed to update profile image"', async () => {
    server(() => json({ message: 'File content does not match its type' }, 400));
    stubXhr({ status: 200 });
    mount();
    await waitFor(() => expect(camera()).toBeTruthy());
    await chooseAndUpload(fileOf('me.png', 20, 'image/png'));
    await waitFor(() =>
      expect(toasts()).toContainEqual([
        'Failed to update profile image',
        'File content does not match its type',
      ]),
    );
  });
});

/** Drawn in the same commit as the page once the account is read: the moment the form would show. */
const AccountRead = () => (useAuth().user ? <p>account read</p> : null);

describe('Account sections', () => {
  it('puts the notice under the heading and the sections, in order, after the account information', async () => {
    server(() => json({}));
    render(
      <MessagingModalProvider>
        <ProfilePage
          notice={<h2>Notice</h2>}
          sections={
            <>
              <h2>E-mail</h2>
              <h2>Devices</h2>
            </>
          }
        />
      </MessagingModalProvider>,
    );
    await waitFor(() => expect(camera()).toBeTruthy());
    expect([...document.querySelectorAll('h1, h2')].map((h) => h.textContent)).toEqual([
      'Edit Profile',
      'Notice',
      'Profile',
      'Account Information',
      'E-mail',
      'Devices',
    ]);
  });

  it('draws the form together with a notice still loading, so the notice never pushes it down', async () => {
    server(() => json({}));
    let arrive = () => {};
    const Notice = React.lazy(
      () =>
        new Promise<{ default: React.ComponentType }>((resolve) => {
          arrive = () => resolve({ default: () => <h2>Notice</h2> });
        }),
    );
    render(
      <MessagingModalProvider>
        <AccountRead />
        <ProfilePage notice={<Notice />} />
      </MessagingModalProvider>,
    );
    await waitFor(() => expect(document.body.textContent).toContain('account read'));
    expect(document.querySelector('form')).toBeNull();
    await act(async () => arrive());
    await waitFor(() => expect(camera()).toBeTruthy());
    expect([...document.querySelectorAll('h1, h2')].map((h) => h.textContent).slice(0, 3)).toEqual([
      'Edit Profile',
      'Notice',
      'Profile',
    ]);
  });

  it('draws no room for sections it is not given', async () => {
    server(() => json({}));
    const { container } = render(
      <MessagingModalProvider>
        <ProfilePage />
      </MessagingModalProvider>,
    );
    await waitFor(() => expect(camera()).toBeTruthy());
    expect([...container.querySelectorAll('h1, h2')].map((h) => h.textContent)).toEqual([
      'Edit Profile',
      'Profile',
      'Account Information',
    ]);
    expect(container.querySelector('.mt-6.grid')).toBeNull();
  });
});
