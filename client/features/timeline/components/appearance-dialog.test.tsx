import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCENT_COLORS } from '../../../../common/appearance.ts';
import type { Plan } from '../../../../common/plans.ts';
import type { TimelineAppearance, TimelineDetail } from '../../../../common/schemas/timeline.ts';
import type { CurrentUser } from '../../../../common/schemas/user.ts';
import { META_QUERY_KEY, type Meta, USER_QUERY_KEY } from '../../../lib/auth.ts';
import { createQueryClient } from '../../../lib/queryClient.ts';
import { AppearanceDialog } from './appearance-dialog.tsx';
import { coverFileProblem } from './cover-field.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const TL = '00000000-0000-4000-8000-000000000001';
const COVER = '/objects/uploads/00000000-0000-4000-8000-0000000000aa';

const timeline = (appearance: TimelineAppearance | null = null): TimelineDetail => ({
  id: TL,
  name: 'Garden Club',
  description: null,
  role: 'owner',
  state: 'active',
  ownerId: 'u-owner',
  joinCode: 'ABCDEFGH',
  allowParticipantPosts: true,
  allowParticipantComments: true,
  allowParticipantMessaging: true,
  joinApprovalRequired: false,
  pinnedPostId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  archivedAt: null,
  appearance,
  pendingOwnerId: null,
});

let root: Root;
let container: HTMLDivElement;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function render(plan: Plan, billingProvider: Meta['billingProvider'], detail = timeline()) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(META_QUERY_KEY, {
    authProvider: 'local',
    billingProvider,
    stripePublishableKey: null,
  });
  queryClient.setQueryData(USER_QUERY_KEY, { id: 'u-owner', plan } as CurrentUser);
  const onOpenChange = vi.fn();
  act(() =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <AppearanceDialog open onOpenChange={onOpenChange} timeline={detail} />
      </QueryClientProvider>,
    ),
  );
  return { onOpenChange };
}

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')!;
const radios = () => [...dialog().querySelectorAll<HTMLInputElement>('input[type="radio"]')];
const radioNamed = (name: string) =>
  radios().find(
    (r) => r.closest('label')?.textContent?.trim() === name || r.closest('label')?.title === name,
  )!;
const buttonNamed = (name: string) =>
  [...dialog().querySelectorAll('button')].find((b) => b.textContent?.trim() === name)!;
const iconInput = () => dialog().querySelector<HTMLInputElement>('#appearance-icon')!;
const upgradeCard = () => dialog().querySelector('[data-testid="upgrade-card-customization"]');

function typeInto(field: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
}

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('AppearanceDialog', () => {
  it('offers a named radio per palette colour and a default, and saves what was chosen', async () => {
    const fetch = vi.fn(async (_url: string, init: RequestInit) =>
      json({ ...timeline(JSON.parse(String(init.body))), appearance: JSON.parse(String(init.body)) }),
    );
    vi.stubGlobal('fetch', fetch);
    const { onOpenChange } = render('pro', 'sandbox');
    expect(upgradeCard()).toBeNull();
    // Each radio's name: its label's text, the swatch itself hidden from assistive technology.
    const names = radios().map((r) => r.closest('label')!.querySelector('span.sr-only')!.textContent);
    expect(radios().every((r) => r.closest('label')!.querySelector('[aria-hidden="true"]'))).toBe(true);
    expect(names).toEqual(['Default', ...Object.values(ACCENT_COLORS).map((c) => c.label)]);
    // One group: the arrow keys move between them.
    expect(new Set(radios().map((r) => r.name)).size).toBe(1);
    expect(dialog().querySelector('fieldset legend')?.textContent).toBe('Accent colour');
    expect(radioNamed('Default').checked).toBe(true);

    act(() => radioNamed('Teal').click());
    expect(radioNamed('Teal').checked).toBe(true);
    act(() =>
      [...dialog().querySelectorAll('button')]
        .find((b) => b.getAttribute('aria-label') === 'Use 🌱 as the icon')!
        .click(),
    );
    expect(iconInput().value).toBe('🌱');
    act(() => buttonNamed('Save').click());
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`/api/timelines/${TL}/appearance`);
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ coverImageUrl: null, accentColor: 'teal', icon: '🌱' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('refuses an icon that is not exactly one emoji, without calling the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render('community', 'stripe');
    for (const bad of ['ab', '🌱🌱']) {
      typeInto(iconInput(), bad);
      act(() => buttonNamed('Save').click());
      await settle();
      expect(dialog().querySelector('[role="alert"]')?.textContent).toBe('Enter exactly one emoji');
      expect(iconInput().getAttribute('aria-invalid')).toBe('true');
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the saved cover as a preview; Remove cover clears it on save', async () => {
    const fetch = vi.fn(async () => json(timeline()));
    vi.stubGlobal('fetch', fetch);
    render('pro', 'sandbox', timeline({ coverImageUrl: COVER, accentColor: 'red', icon: '🎉' }));
    expect(dialog().querySelector('img')?.getAttribute('src')).toBe(COVER);
    expect(radioNamed('Red').checked).toBe(true);
    act(() => buttonNamed('Remove cover').click());
    expect(dialog().querySelector('img')).toBeNull();
    act(() => buttonNamed('Save').click());
    await settle();
    expect(JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({
      coverImageUrl: null,
      accentColor: 'red',
      icon: '🎉',
    });
  });

  it('shows a free owner the upgrade card instead of the form', () => {
    render('free', 'sandbox');
    expect(upgradeCard()).not.toBeNull();
    expect(radios()).toEqual([]);
    expect(dialog().querySelector('a')?.getAttribute('href')).toBe('/billing');
  });

  it('shows a free owner the form when billing is off', () => {
    render('free', 'off');
    expect(upgradeCard()).toBeNull();
    expect(radios().length).toBe(Object.keys(ACCENT_COLORS).length + 1);
  });

  it('turns into the upgrade card when the server answers planUpgradeRequired', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({ message: 'Customization is part of Pro and Community', planUpgradeRequired: true }, 403),
      ),
    );
    render('pro', 'sandbox');
    act(() => radioNamed('Blue').click());
    act(() => buttonNamed('Save').click());
    await settle();
    expect(upgradeCard()).not.toBeNull();
  });
});

describe('coverFileProblem', () => {
  it('takes raster images up to 10 MB', () => {
    expect(coverFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(coverFileProblem({ type: 'image/webp', size: 10 * 1024 * 1024 })).toBeNull();
    expect(coverFileProblem({ type: 'image/svg+xml', size: 10 })).toMatch(/JPEG, PNG, GIF or WebP/);
    expect(coverFileProblem({ type: 'application/pdf', size: 10 })).toMatch(/JPEG/);
    expect(coverFileProblem({ type: 'image/jpeg', size: 10 * 1024 * 1024 + 1 })).toMatch(/at most 10 MB/);
  });
});
