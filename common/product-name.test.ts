import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { screenText } from './product-name.ts';

describe('screenText', () => {
  it('says threadline where the API says timeline, keeping case and plural', () => {
    expect(screenText('You are blocked from this timeline')).toBe('You are blocked from this threadline');
    expect(screenText('Timeline limit reached')).toBe('Threadline limit reached');
    expect(screenText('Upgrade to Pro for up to 100 timelines.')).toBe(
      'Upgrade to Pro for up to 100 threadlines.',
    );
    expect(screenText('Timeline-wide, "timeline"')).toBe('Threadline-wide, "threadline"');
  });

  it('leaves paths, URLs and identifiers alone', () => {
    for (const text of [
      'Open /timeline/abc',
      'https://example.test/timeline/abc?post=1',
      'POST /api/timelines/join',
      'timelineId is required',
      'timeline_updated',
      'timelines/join',
    ]) {
      expect(screenText(text)).toBe(text);
    }
  });
});

// The API's words in common/ (DECISIONS §2, §4-5 pin some of them): they keep "timeline" on the wire and reach
// a screen only through screenText (client/lib/authUtils.ts serverMessage). Everything else is screen copy.
const API_WORDS = new Set([
  'TIMELINE_ERRORS.notFound',
  'TIMELINE_ERRORS.archived',
  'PLAN_LIMIT_MESSAGES.timelines',
  'REALTIME_ERRORS.noAccess',
  'MESSAGING_COPY.recipientNotMember',
  'MESSAGING_COPY.notAllowed',
  'MESSAGING_COPY.participantMessagingOff',
  'MESSAGING_COPY.archived',
]);

const PROSE_TIMELINE = /(?<![\w/])timelines?(?![\w/])/i;

/** Every string reachable through plain objects and arrays, with its path. */
function* strings(value: unknown, path: string, seen = new Set<unknown>()): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  if (value === null || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  const proto = Object.getPrototypeOf(value);
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* strings(item, `${path}[${i}]`, seen);
  } else if (proto === Object.prototype || proto === null) {
    for (const [key, item] of Object.entries(value)) yield* strings(item, `${path}.${key}`, seen);
  }
}

async function commonExports(): Promise<[string, string][]> {
  const found: [string, string][] = [];
  for (const dir of ['.', 'schemas']) {
    const base = new URL(`./${dir}/`, import.meta.url);
    for (const file of readdirSync(base)) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const mod = (await import(new URL(file, base).href)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(mod)) found.push(...strings(value, name));
    }
  }
  return found;
}

describe('copy in common/', () => {
  it('never says "timeline" on a screen', async () => {
    const all = await commonExports();
    expect(all.length).toBeGreaterThan(100);
    const saying = all.filter(([, text]) => PROSE_TIMELINE.test(text));
    const copy = saying.filter(([path]) => !API_WORDS.has(path)).map(([path, text]) => `${path}: ${text}`);
    expect(copy).toEqual([]);
    // The API's words still read right once the client shows them.
    for (const [path, text] of saying) expect(screenText(text), path).not.toMatch(PROSE_TIMELINE);
  });
});
