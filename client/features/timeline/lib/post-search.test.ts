import { describe, expect, it } from 'vitest';
import { matchesLocally, searchResults, searchTerms } from './post-search.ts';
import { makePost } from './test-posts.ts';

describe('matchesLocally', () => {
  const post = makePost({
    content: 'Picnic on Saturday',
    fileName: 'Menu.PDF',
    fileNames: ['map.png'],
    author: {
      id: '00000000-0000-4000-9000-000000000009',
      displayName: 'Grace',
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'g.hopper@example.test',
      profileImageUrl: null,
    },
  });

  it('finds words anywhere in content, names, e-mail and file names, case-insensitively', () => {
    for (const q of ['picnic', 'SATUR', 'hopper', 'g.hopper@', 'menu.pdf', 'map', 'grace picnic']) {
      expect(matchesLocally(post, searchTerms(q)), q).toBe(true);
    }
    expect(matchesLocally(post, searchTerms('picnic sunday'))).toBe(false);
  });

  it('never matches tombstones or an empty query', () => {
    expect(matchesLocally({ ...post, deletedAt: '2026-01-01T00:00:00Z' }, ['picnic'])).toBe(false);
    expect(matchesLocally(post, searchTerms('   '))).toBe(false);
  });
});

describe('searchResults', () => {
  it('merges server and local matches newest first, each once, loaded copies winning', () => {
    const old = makePost({ content: 'hello old', createdAt: '2026-01-01T00:00:00.000001Z' });
    const mid = makePost({ content: 'nothing here', createdAt: '2026-01-02T00:00:00.000001Z' });
    const fresh = makePost({ content: 'hello new', createdAt: '2026-01-03T00:00:00.000001Z' });
    const loadedMid = { ...mid, commentCount: 4 };
    const result = searchResults('hello', [fresh, loadedMid], [mid, old], 'all');
    expect(result.map((p) => p.id)).toEqual([fresh.id, mid.id, old.id]);
    expect(result[1]).toBe(loadedMid);
  });

  it('drops posts deleted since, applies the type filter, and is empty without terms', () => {
    const a = makePost({ content: 'hello' });
    const deleted = { ...a, content: null, deletedAt: '2026-01-05T00:00:00Z' };
    expect(searchResults('hello', [deleted], [a], 'all')).toEqual([]);
    expect(searchResults('hello', [a], undefined, 'video')).toEqual([]);
    expect(searchResults('hello', [a], undefined, 'text')).toEqual([a]);
    expect(searchResults(' ', [a], [a], 'all')).toEqual([]);
  });
});
