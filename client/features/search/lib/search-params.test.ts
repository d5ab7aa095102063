import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, formFromQuery, formToQuery, isUpgradeError, searchUrl } from './search-params.ts';

describe('search params', () => {
  it('round-trips the form through the page URL, dropping defaults and junk', () => {
    const form = {
      ...EMPTY_FORM,
      q: 'apple "pie"',
      timelineIds: ['a', 'b'],
      type: 'image' as const,
      from: '2026-01-02',
      scope: 'comments' as const,
      order: 'relevance' as const,
    };
    expect(formFromQuery(formToQuery(form))).toEqual(form);
    expect(formToQuery(EMPTY_FORM)).toBe('');
    expect(formFromQuery('type=nope&scope=x&from=tomorrow&media=maybe')).toEqual(EMPTY_FORM);
  });

  it('asks the API with the days as the searcher’s local instants', () => {
    const url = new URL(
      searchUrl({ ...EMPTY_FORM, q: ' pie ', from: '2026-01-02', to: '2026-01-03' }, 'c1'),
      'http://x',
    );
    expect(url.pathname).toBe('/api/search');
    expect(url.searchParams.get('q')).toBe('pie');
    expect(new Date(url.searchParams.get('from')!).getTime()).toBe(new Date('2026-01-02T00:00:00').getTime());
    expect(new Date(url.searchParams.get('to')!).getTime()).toBe(
      new Date('2026-01-03T23:59:59.999').getTime(),
    );
    expect(url.searchParams.get('cursor')).toBe('c1');
    expect(url.searchParams.get('scope')).toBe('all');
  });

  it('recognises the plan refusal', () => {
    expect(isUpgradeError(new Error('403: {"message":"x","planUpgradeRequired":true}'))).toBe(true);
    expect(isUpgradeError(new Error('403: {"message":"x"}'))).toBe(false);
    expect(isUpgradeError(new Error('500: boom'))).toBe(false);
  });
});
