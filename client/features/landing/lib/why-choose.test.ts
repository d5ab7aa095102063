import { describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '../../../../common/plans.ts';
import { whyChooseItems } from './why-choose.ts';

describe('whyChooseItems', () => {
  it('states the free limits from PLAN_LIMITS (never the spec text "3")', () => {
    const [free] = whyChooseItems();
    expect(free!.text).toContain(`Free to start with up to ${PLAN_LIMITS.free.maxTimelines} threadlines`);
    expect(free!.text).toContain(`${PLAN_LIMITS.free.maxMembersPerTimeline} members each`);
    expect(free!.text).toContain(`${PLAN_LIMITS.free.storageGB} GB`);
    expect(free!.text).not.toMatch(/\b3 threadlines\b/);
  });

  it('follows the table when the limits change', () => {
    const [free] = whyChooseItems({ ...PLAN_LIMITS.free, maxTimelines: 1, maxMembersPerTimeline: 42 });
    expect(free!.text).toContain('up to 1 threadline,');
    expect(free!.text).toContain('42 members each');
  });

  it('covers real-time updates and sharing with join codes', () => {
    const titles = whyChooseItems().map((i) => i.title);
    expect(titles).toEqual(['Free to start', 'Real-time updates', 'Easy sharing with join codes']);
  });
});
