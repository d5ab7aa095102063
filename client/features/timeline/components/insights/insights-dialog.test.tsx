// The Insights dialog's text and table alternatives (DECISIONS §9): each chart is hidden from assistive
// technology and has a summary and a table that screen readers always reach, shown in its place with
// "Show as table"; the range switch asks for the other period.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Insights } from '../../../../../common/schemas/insights.ts';
import { button, cleanup, jsonResponse, render, waitFor } from '../../../home/test/render.tsx';
import { InsightsDialog } from './insights-dialog.tsx';

const TL = '00000000-0000-4000-8000-000000000001';
const PAT = '00000000-0000-4000-8000-000000000002';

const day = (date: string, n: Partial<Insights['series'][number]> = {}) => ({
  date,
  posts: 0,
  comments: 0,
  reactions: 0,
  activeMembers: 0,
  newMembers: 0,
  ...n,
});

const insights = (days: number): Insights => ({
  days,
  series: [
    day('2026-11-24', { posts: 3, comments: 1, reactions: 4, activeMembers: 2, newMembers: 1 }),
    day('2026-11-25'),
    day('2026-11-26', { posts: 1, activeMembers: 1 }),
  ],
  topMembers: [{ user: { id: PAT, name: 'Pat Lee' }, posts: 4, comments: 1 }],
  postTypes: { text: 3, image: 1, gallery: 0, video: 0, audio: 0, file: 0 },
});

function stubServer() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      return jsonResponse(insights(Number(new URL(url, 'http://x').searchParams.get('days'))));
    }),
  );
  return calls;
}

// happy-dom lays nothing out, so Recharts warns that each chart has no size: true, and beside the point.
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const section = (title: string) =>
  [...document.querySelectorAll('section')].find((s) => s.querySelector('h3')?.textContent === title)!;
const tableText = (s: Element) =>
  [...s.querySelectorAll('tr')].map((tr) =>
    [...tr.querySelectorAll('th, td')].map((c) => c.textContent).join(' | '),
  );

describe('InsightsDialog', () => {
  it('gives every chart a summary and a table that screen readers reach; the chart itself is hidden', async () => {
    stubServer();
    render(<InsightsDialog open onOpenChange={() => {}} timelineId={TL} timelineName="Book club" />);
    await waitFor(() => expect(document.querySelectorAll('section')).toHaveLength(5));

    const activity = section('Posts and comments per day');
    expect(activity.textContent).toContain(
      '4 posts, 1 comment and 4 reactions in the last 30 days. The busiest day was Nov 24, with 3 posts.',
    );
    expect(activity.querySelector('[aria-hidden="true"]')).not.toBeNull();
    const table = activity.querySelector('table')!;
    expect(table.querySelector('caption')?.textContent).toBe('Posts and comments per day');
    expect(table.parentElement!.className).toBe('sr-only');
    expect(tableText(activity)).toEqual([
      'Date | Posts | Comments | Reactions',
      'Nov 24 | 3 | 1 | 4',
      'Nov 25 | 0 | 0 | 0',
      'Nov 26 | 1 | 0 | 0',
    ]);
    expect(tableText(section('Active members per day'))[1]).toBe('Nov 24 | 2');
    expect(section('New members per day').textContent).toContain('1 new member joined in the last 30 days.');
    expect(tableText(section('Most active members'))).toEqual([
      'Member | Posts | Comments',
      'Pat Lee | 4 | 1',
    ]);
    expect(tableText(section('Post types'))).toEqual([
      'Type | Posts | Share',
      'Text | 3 | 75%',
      'Image | 1 | 25%',
    ]);
    expect(section('Post types').textContent).toContain('Text 75%, Image 25%.');
  });

  it('"Show as table" shows the table in place of the chart, and back', async () => {
    stubServer();
    render(<InsightsDialog open onOpenChange={() => {}} timelineId={TL} timelineName="Book club" />);
    await waitFor(() => expect(section('Post types')).toBeDefined());
    const s = section('Post types');
    const toggle = button(s, 'Show as table')!;
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    act(() => toggle.click());
    expect(button(s, 'Show as chart')?.getAttribute('aria-pressed')).toBe('true');
    expect(s.querySelector('table')!.parentElement!.className).not.toContain('sr-only');
    expect(s.querySelector('[aria-hidden="true"]')).toBeNull();
    act(() => button(s, 'Show as chart')!.click());
    expect(s.querySelector('table')!.parentElement!.className).toBe('sr-only');
  });

  it('asks for 30 days first, then the period chosen', async () => {
    const calls = stubServer();
    render(<InsightsDialog open onOpenChange={() => {}} timelineId={TL} timelineName="Book club" />);
    await waitFor(() => expect(calls).toEqual([`/api/timelines/${TL}/insights?days=30`]));
    const week = button(document.body, 'Last 7 days')!;
    act(() => week.click());
    await waitFor(() => expect(calls.at(-1)).toBe(`/api/timelines/${TL}/insights?days=7`));
    await waitFor(() => expect(document.body.textContent).toContain('in the last 7 days'));
    expect(week.getAttribute('aria-pressed')).toBe('true');
  });

  it('says so when no current member posted, with no empty chart or table', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          ...insights(7),
          topMembers: [],
          postTypes: { ...insights(7).postTypes, text: 0, image: 0 },
        }),
      ),
    );
    render(<InsightsDialog open onOpenChange={() => {}} timelineId={TL} timelineName="Book club" />);
    await waitFor(() => expect(document.querySelectorAll('section')).toHaveLength(5));
    const top = section('Most active members');
    expect(top.textContent).toContain('No current member has posted or commented in this period.');
    expect(top.querySelector('table')).toBeNull();
    expect(section('Post types').querySelector('table')).toBeNull();
  });
});
