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

  it('names what the paid plans add, from the table', () => {
    const [free] = whyChooseItems();
    expect(free!.text).toContain('Pro and Community add advanced search, version history and customization.');
  });

  it('quotes no plan, limit or upgrade with billing off (null): every feature included', () => {
    const [item] = whyChooseItems(null);
    expect(item!.title).toBe('Everything included');
    expect(item!.text).toBe(
      'Every feature is yours to use: Advanced search, version history, customization and owner insights.',
    );
    const all = whyChooseItems(null)
      .map((i) => `${i.title} ${i.text}`)
      .join(' ');
    expect(all).not.toMatch(/\d|Pro\b|Community|Personal|upgrade|plan/i);
  });

  it('covers real-time updates and sharing with join codes', () => {
    const titles = whyChooseItems().map((i) => i.title);
    expect(titles).toEqual(['Free to start', 'Real-time updates', 'Easy sharing with join codes']);
  });
});
