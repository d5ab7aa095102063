// Posts under concurrency: the PGlite smoke, one small round of each race in post-races.cases.ts (PGlite
// runs one query at a time, so the requests cannot interleave there; the full races, which must show that
// they did, run on PostgreSQL in post-races.pg.test.ts).
import { describe, it } from 'vitest';
import { setupTestApp } from '../test/app.ts';
import { smokeProbe } from '../test/races.ts';
import { postRaces } from './post-races.cases.ts';

const t = setupTestApp();
const races = postRaces(t, smokeProbe);
const once = { rounds: 1, calls: 2 };

describe('posts under concurrency (smoke: one round, a few requests at once)', () => {
  it('a block and two writes: nothing of theirs is written after the block answered', () =>
    races.blockWhileWriting(once));
  it('an archive and two posts: no post stored after it answered', () =>
    races.closeWhilePosting('archive', once));
  it('two toggles of one reaction: one reacted, one taken back, no row left', () => races.toggleBurst(once));
  it('three new emoji on a post two short of the emoji cap: two get in, one 409', () =>
    races.emojiCapRace({ rounds: 1, calls: 3 }));
  it('a pin and the deletion of the same post: the deleted post is not pinned', () =>
    races.pinRacingDelete(once));
  it('two pins of different posts: exactly one pinned', () => races.pinsAtOnce(once));
  it('a post deleted while a comment and a reaction arrive: nothing stored after the deletion', () =>
    races.deleteWhileCommenting(once));
});
