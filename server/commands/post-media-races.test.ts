// Posts racing for uploads: the PGlite smoke, one small round of each race in post-media-races.cases.ts
// (PGlite runs one query at a time, so the requests cannot interleave there; the full races, which must
// show that they did, run on PostgreSQL in post-media-races.pg.test.ts).
import { describe, it } from 'vitest';
import { smokeProbe } from '../test/races.ts';
import { setupStorageApp } from '../test/uploads.ts';
import { postMediaRaces } from './post-media-races.cases.ts';

// Dozens of posts at once by one member: past a person's write limit, which is not what these races test.
const t = setupStorageApp('local', { WRITE_LIMIT_FACTOR: '100' });
const races = postMediaRaces(t, smokeProbe);

describe('posts racing for uploads (smoke: one round, two requests at once)', () => {
  it('two posts naming one upload: one 201, one 409', () =>
    races.oneUploadManyPosts({ rounds: 1, parallel: 2 }));
  it('two overlapping galleries: no upload in two posts', () =>
    races.overlappingGalleries({ parallel: 2, uploads: 3 }));
  it('a post deleted while another is made: uploads attached to a live post or removed', () =>
    races.postsAndDeletes({ uploads: 4 }));
  it('a media post and the threadline’s deletion: nothing of it stays attached, charged or stored', () =>
    races.postsRacingDelete({ rounds: 2, posts: 1 }));
});
