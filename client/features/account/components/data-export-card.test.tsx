import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATA_EXPORT_COPY, EXPORT_PREPARING } from '../../../../common/account.ts';
import { json, stubFetch } from '../../../lib/upload/test-fakes.ts';
import { cleanup, render, waitFor } from '../../home/test/render.tsx';
import { DataExportCard } from './data-export-card.tsx';

/** Every click that reached the window, and whether the card had cancelled it (a download otherwise). */
let clicks: { target: EventTarget | null; prevented: boolean }[] = [];
const record = (event: MouseEvent) => {
  clicks.push({ target: event.target, prevented: event.defaultPrevented });
  // The browser's own download is not happy-dom's to follow.
  event.preventDefault();
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.removeEventListener('click', record);
  clicks = [];
});

function mount(path = '/profile') {
  window.addEventListener('click', record);
  const { container } = render(<DataExportCard />, { path });
  const link = [...container.querySelectorAll('a')].find((a) => a.textContent === DATA_EXPORT_COPY.download)!;
  return { container, link };
}

const click = (link: HTMLAnchorElement) =>
  act(() => {
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  });
const status = () => document.querySelector('[role="status"]')?.textContent;
const alertText = () => document.querySelector('[role="alert"]')?.textContent;

describe('DataExportCard', () => {
  it('a large account: no download, the card says the data is being prepared and a mail will follow', async () => {
    const calls = stubFetch(() => json({ message: EXPORT_PREPARING }, 202));
    const { link } = mount();
    expect(link.getAttribute('href')).toBe('/api/me/export');
    click(link);
    await waitFor(() => expect(status()).toBe(EXPORT_PREPARING));
    expect(calls).toEqual([{ method: 'GET', url: '/api/me/export', body: undefined }]);
    expect(vi.mocked(fetch).mock.calls[0]![1]).toMatchObject({ headers: { Accept: 'application/json' } });
    // Only the user's click, cancelled: nothing was downloaded.
    expect(clicks).toEqual([{ target: link, prevented: true }]);
    expect(alertText()).toBeUndefined();
  });

  it('a small account: the card lets the browser download the ZIP from the link itself', async () => {
    stubFetch(() => json({ download: '/api/me/export' }));
    const { link } = mount();
    click(link);
    await waitFor(() => expect(clicks).toHaveLength(2));
    // The user's click waited for the answer; the card's own click then went through: the download.
    expect(clicks).toEqual([
      { target: link, prevented: true },
      { target: link, prevented: false },
    ]);
    expect(link.getAttribute('href')).toBe('/api/me/export');
    expect(link.hasAttribute('download')).toBe(true);
    expect(status()).toBe('');
    // The next click asks again (the account may have grown meanwhile).
    click(link);
    await waitFor(() => expect(clicks).toHaveLength(4));
    expect(clicks[2]!.prevented).toBe(true);
  });

  it("shows the server's refusal, or a plain failure when the server cannot be reached", async () => {
    const limited = 'Too many exports. Try again in 12 minute(s).';
    stubFetch(() => json({ message: limited, retryAfter: 700 }, 429));
    const { link } = mount();
    click(link);
    await waitFor(() => expect(alertText()).toBe(limited));
    expect(clicks).toEqual([{ target: link, prevented: true }]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    click(link);
    await waitFor(() => expect(alertText()).toBe(DATA_EXPORT_COPY.failed));
    expect(status()).toBe('');
  });

  it("opened from the ready mail, offers that export's own download", () => {
    const id = '3f0e2b6c-9a1d-4c8e-8f00-0123456789ab';
    const { container } = mount(`/profile?export=${id}`);
    const ready = [...container.querySelectorAll('a')].find(
      (a) => a.textContent === DATA_EXPORT_COPY.readyLink,
    );
    expect(ready?.getAttribute('href')).toBe(`/api/me/exports/${id}`);
    expect(ready?.hasAttribute('download')).toBe(true);
    // Anything else in the query offers nothing.
    cleanup();
    const other = mount('/profile?export=../../api/me');
    expect(other.container.textContent).not.toContain(DATA_EXPORT_COPY.readyLink);
  });
});
