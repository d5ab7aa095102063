import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchListPage, flattenPages, withCursor } from './list-pages.ts';

afterEach(() => vi.unstubAllGlobals());

describe('list pages (issue 23)', () => {
  it('adds the cursor to a URL with or without a query', () => {
    expect(withCursor('/api/conversations')).toBe('/api/conversations');
    expect(withCursor('/api/conversations', '2026-01-01T00:00:00.000001Z,a')).toBe(
      '/api/conversations?cursor=2026-01-01T00%3A00%3A00.000001Z%2Ca',
    );
    expect(withCursor('/api/x?status=pending', 'c')).toBe('/api/x?status=pending&cursor=c');
  });

  it('reads the array and X-Next-Cursor; no header means the last page', async () => {
    const answers = [
      new Response('[{"id":"a"}]', { headers: { 'X-Next-Cursor': 'next-1' } }),
      new Response('[{"id":"b"}]'),
    ];
    const fetchMock = vi.fn(async (_url: string) => answers.shift()!);
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchListPage('/api/x')).toEqual({ items: [{ id: 'a' }], nextCursor: 'next-1' });
    expect(await fetchListPage('/api/x', 'next-1')).toEqual({ items: [{ id: 'b' }], nextCursor: undefined });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/x', '/api/x?cursor=next-1']);
  });

  it('flattens the pages, an item seen twice (moved between reads) shown once, where first seen', () => {
    const data = {
      pages: [
        { items: [{ id: 'c' }, { id: 'a' }], nextCursor: 'x' },
        { items: [{ id: 'a' }, { id: 'b' }], nextCursor: undefined },
      ],
      pageParams: [undefined, 'x'],
    };
    expect(flattenPages(data, (i) => i.id).map((i) => i.id)).toEqual(['c', 'a', 'b']);
  });
});
