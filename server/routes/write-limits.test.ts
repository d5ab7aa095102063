// Per-user write limits (DECISIONS §3) on the embedded database: every kind at a tenth of its limit
// (WRITE_LIMIT_FACTOR=0.1, so the test stays short and the factor is exercised), and a smoke of the burst.
import { describe, it } from 'vitest';
import { setupTestApp } from '../test/app.ts';
import { smokeProbe } from '../test/races.ts';
import { writeLimitCases } from './write-limits.cases.ts';

const t = setupTestApp({ WRITE_LIMIT_FACTOR: '0.1' });
const cases = writeLimitCases(t, smokeProbe);

describe('per-user write limits', () => {
  it('posts, comments, reactions, messages, conversations, join requests, uploads, profile changes, billing calls and ownership offers each stop at their limit, for that user and kind only', () =>
    cases.eachKind(0.1));

  it('a burst of parallel posts creates exactly the limit (smoke)', () => cases.postBurst(8));
});
