import { describe, expect, it } from 'vitest';
import { JOIN_CODE_ALPHABET } from '../../common/limits.ts';
import { REQUIRED_COPY } from '../../common/schemas/timeline.ts';
import { setupTestApp } from '../test/app.ts';
import { addMember, buildThreadline, signedInUser } from '../test/factories.ts';

const t = setupTestApp();

describe('POST /api/timelines', () => {
  it('creates a threadline, makes the creator owner and answers {id, joinCode}', async () => {
    const ada = await signedInUser(t.app);
    const res = await ada.as.post('/api/timelines', {
      name: '  Book club  ',
      description: '  Monthly reads ',
    });
    expect(res.statusCode).toBe(201);
    const { id, joinCode } = res.json();
    expect(joinCode).toMatch(new RegExp(`^[${JOIN_CODE_ALPHABET}]{8}$`));
    const page = await ada.as.get(`/api/timelines/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().timeline).toMatchObject({
      name: 'Book club',
      description: 'Monthly reads',
      role: 'owner',
    });
    expect(page.json().member.role).toBe('owner');
  });

  it('refuses an empty name and an overlong one with a clear message', async () => {
    const ada = await signedInUser(t.app);
    const empty = await ada.as.post('/api/timelines', { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(REQUIRED_COPY.name);
    const long = await ada.as.post('/api/timelines', { name: 'x'.repeat(256) });
    expect(long.statusCode).toBe(400);
    expect((await ada.as.post('/api/timelines', { name: 'x'.repeat(255) })).statusCode).toBe(201);
  });

  it('gives every threadline its own code', async () => {
    const ada = await signedInUser(t.app, { plan: 'pro' });
    const codes = new Set<string>();
    for (let i = 0; i < 20; i++)
      codes.add((await ada.as.post('/api/timelines', { name: `T${i}` })).json().joinCode);
    expect(codes.size).toBe(20);
  });

  it('stops at the plan limit with the exact body; deleted ones free a slot, archived ones do not', async () => {
    const ada = await signedInUser(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await ada.as.post('/api/timelines', { name: `T${i}` })).json().id);
    const refused = await ada.as.post('/api/timelines', { name: 'Eleventh' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Timeline limit reached',
      planUpgradeRequired: true,
      limit: 10,
    });
    await ada.as.post(`/api/timelines/${ids[0]}/archive`);
    expect((await ada.as.post('/api/timelines', { name: 'Still full' })).statusCode).toBe(403);
    await ada.as.delete(`/api/timelines/${ids[1]}`);
    expect((await ada.as.post('/api/timelines', { name: 'Fits now' })).statusCode).toBe(201);
    const status = await ada.as.get('/api/subscription/status');
    expect(status.json()).toMatchObject({
      plan: 'free',
      limits: { maxTimelines: 10 },
      usage: { timelines: 10 },
    });
  });

  it('two creates at once cannot pass the limit together', async () => {
    const ada = await signedInUser(t.app);
    for (let i = 0; i < 9; i++) await ada.as.post('/api/timelines', { name: `T${i}` });
    const both = await Promise.all([
      ada.as.post('/api/timelines', { name: 'A' }),
      ada.as.post('/api/timelines', { name: 'B' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 403]);
  });
});

describe('GET /api/user/timelines', () => {
  it('lists by state with role, member count, owner-only join code and the archiver', async () => {
    const owner = await signedInUser(t.app, { displayName: null, firstName: 'Olive' });
    const member = await signedInUser(t.app);
    const active = await buildThreadline(t.app.db, owner.user, { name: 'Active one' });
    const archived = await buildThreadline(t.app.db, owner.user, { name: 'Archived one' });
    const deleted = await buildThreadline(t.app.db, owner.user, { name: 'Deleted one' });
    for (const tl of [active, archived, deleted]) await addMember(t.app.db, tl, member.user);
    await owner.as.post(`/api/timelines/${archived.id}/archive`);
    await owner.as.delete(`/api/timelines/${deleted.id}`);

    const mine = (await owner.as.get('/api/user/timelines?filter=active')).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      id: active.id,
      role: 'owner',
      memberCount: 2,
      state: 'active',
      joinCode: active.joinCode,
    });

    const theirs = (await member.as.get('/api/user/timelines?filter=active')).json();
    expect(theirs[0]).toMatchObject({ id: active.id, role: 'participant', joinCode: null });

    const arch = (await member.as.get('/api/user/timelines?filter=archived')).json();
    expect(arch).toHaveLength(1);
    expect(arch[0]).toMatchObject({
      state: 'archived',
      archiverUser: { displayName: null, firstName: 'Olive', email: null },
    });
    expect(arch[0].archivedAt).toEqual(expect.any(String));
    const ownerArch = (await owner.as.get('/api/user/timelines?filter=archived')).json();
    expect(ownerArch[0].archiverUser.email).toBe(owner.user.email);

    const del = (await member.as.get('/api/user/timelines?filter=deleted')).json();
    expect(del.map((x: { id: string; state: string }) => [x.id, x.state])).toEqual([[deleted.id, 'deleted']]);

    const all = (await member.as.get('/api/user/timelines')).json();
    expect(all.map((x: { id: string }) => x.id).sort()).toEqual([active.id, archived.id].sort());
  });

  it('refuses an unknown filter with 400', async () => {
    const ada = await signedInUser(t.app);
    const res = await ada.as.get('/api/user/timelines?filter=everything');
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/timelines/:id', () => {
  it('answers {timeline, member, members}; e-mails only for the owner', async () => {
    const owner = await signedInUser(t.app);
    const member = await signedInUser(t.app);
    const tl = await buildThreadline(t.app.db, owner.user);
    await addMember(t.app.db, tl, member.user, 'viewer');
    const asOwner = (await owner.as.get(`/api/timelines/${tl.id}`)).json();
    expect(asOwner.members.map((m: { role: string }) => m.role)).toEqual(['owner', 'viewer']);
    expect(asOwner.members[1].user.email).toBe(member.user.email);
    expect(asOwner.timeline.joinCode).toBe(tl.joinCode);
    const asMember = (await member.as.get(`/api/timelines/${tl.id}`)).json();
    expect(asMember.member).toMatchObject({ userId: member.user.id, role: 'viewer' });
    expect(asMember.members.every((m: { user: { email: null } }) => m.user.email === null)).toBe(true);
    expect(asMember.timeline.joinCode).toBeNull();
    expect(asMember.timeline).toMatchObject({
      allowParticipantPosts: true,
      allowParticipantComments: true,
      allowParticipantMessaging: true,
      joinApprovalRequired: false,
      pinnedPostId: null,
    });
  });

  it('is 404 for outsiders, unknown and malformed ids, and deleted threadlines', async () => {
    const owner = await signedInUser(t.app);
    const outsider = await signedInUser(t.app);
    const tl = await buildThreadline(t.app.db, owner.user);
    for (const url of [
      `/api/timelines/${tl.id}`,
      '/api/timelines/00000000-0000-4000-8000-000000000000',
      '/api/timelines/nope',
    ]) {
      const res = await outsider.as.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Timeline not found' });
    }
    await owner.as.delete(`/api/timelines/${tl.id}`);
    expect((await owner.as.get(`/api/timelines/${tl.id}`)).statusCode).toBe(404);
  });

  it('opens an archived threadline only for its owner', async () => {
    const owner = await signedInUser(t.app);
    const member = await signedInUser(t.app);
    const tl = await buildThreadline(t.app.db, owner.user);
    await addMember(t.app.db, tl, member.user);
    await owner.as.post(`/api/timelines/${tl.id}/archive`);
    expect((await owner.as.get(`/api/timelines/${tl.id}`)).json().timeline.state).toBe('archived');
    const res = await member.as.get(`/api/timelines/${tl.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Timeline is archived');
  });
});

describe('archive, restore, delete and settings', () => {
  it('archives and restores; repeating either is a 409', async () => {
    const owner = await signedInUser(t.app);
    const tl = await buildThreadline(t.app.db, owner.user);
    const archived = await owner.as.post(`/api/timelines/${tl.id}/archive`);
    expect(archived.json()).toMatchObject({ id: tl.id, state: 'archived' });
    expect((await owner.as.post(`/api/timelines/${tl.id}/archive`)).statusCode).toBe(409);
    expect(
      (await owner.as.patch(`/api/timelines/${tl.id}/permissions`, { allowParticipantPosts: false }))
        .statusCode,
    ).toBe(403);
    const restored = await owner.as.post(`/api/timelines/${tl.id}/restore`);
    expect(restored.json()).toMatchObject({ state: 'active', archivedAt: null });
    expect((await owner.as.post(`/api/timelines/${tl.id}/restore`)).statusCode).toBe(409);
  });

  it('deletes softly: gone everywhere except the Deleted tab', async () => {
    const owner = await signedInUser(t.app);
    const tl = await buildThreadline(t.app.db, owner.user);
    expect((await owner.as.delete(`/api/timelines/${tl.id}`)).json()).toEqual({
      message: 'Timeline deleted',
    });
    for (const [method, url] of [
      ['delete', `/api/timelines/${tl.id}`],
      ['post', `/api/timelines/${tl.id}/restore`],
      ['post', `/api/timelines/${tl.id}/mark-viewed`],
      ['get', `/api/timelines/${tl.id}/join-requests`],
    ] as const) {
      expect((await owner.as[method](url)).statusCode, url).toBe(404);
    }
    const join = await owner.as.post('/api/timelines/join', { joinCode: tl.joinCode });
    expect(join.json().message).toBe('Timeline not found or has been deleted');
  });

  it('updates permissions and the approval switch', async () => {
    const owner = await signedInUser(t.app);
    const tl = await buildThreadline(t.app.db, owner.user);
    const perms = await owner.as.patch(`/api/timelines/${tl.id}/permissions`, {
      allowParticipantPosts: false,
      allowParticipantComments: false,
      allowParticipantMessaging: false,
    });
    expect(perms.statusCode).toBe(200);
    expect(perms.json()).toMatchObject({
      allowParticipantPosts: false,
      allowParticipantComments: false,
      allowParticipantMessaging: false,
    });
    const partial = await owner.as.patch(`/api/timelines/${tl.id}/permissions`, {
      allowParticipantPosts: true,
    });
    expect(partial.json()).toMatchObject({ allowParticipantPosts: true, allowParticipantComments: false });
    const approval = await owner.as.patch(`/api/timelines/${tl.id}/approval-settings`, {
      joinApprovalRequired: true,
    });
    expect(approval.json().joinApprovalRequired).toBe(true);
    for (const bad of [{}, { allowParticipantPosts: 'yes' }, { isActive: false }]) {
      expect(
        (await owner.as.patch(`/api/timelines/${tl.id}/permissions`, bad)).statusCode,
        JSON.stringify(bad),
      ).toBe(400);
    }
    expect((await owner.as.patch(`/api/timelines/${tl.id}/approval-settings`, {})).statusCode).toBe(400);
  });
});
