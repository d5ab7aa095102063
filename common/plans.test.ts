import { describe, expect, it } from 'vitest';
import {
  PLAN_FEATURE_COPY,
  PLAN_FEATURE_MESSAGES,
  PLAN_FEATURES,
  PLAN_LIMITS,
  PLANS,
  planCardLines,
  plansWith,
} from './plans.ts';

describe('the plan table', () => {
  it('names the plans that include each paid feature', () => {
    for (const feature of PLAN_FEATURES) expect(plansWith(feature)).toBe('Pro and Community');
  });

  it("words the server's 403 after the same table", () => {
    for (const feature of PLAN_FEATURES)
      expect(PLAN_FEATURE_MESSAGES[feature]).toBe(
        `${PLAN_FEATURE_COPY[feature].label} is part of ${plansWith(feature)}`,
      );
  });

  it('lists each feature on every card, in or out as the plan has it', () => {
    for (const plan of PLANS) {
      const lines = planCardLines(plan);
      for (const feature of PLAN_FEATURES) {
        const { label } = PLAN_FEATURE_COPY[feature];
        const included = PLAN_LIMITS[plan][feature];
        expect(lines).toContainEqual(
          included
            ? { text: label, detail: PLAN_FEATURE_COPY[feature].description, included: true }
            : { text: `No ${label.toLowerCase()}`, included: false },
        );
      }
      expect(lines.some((l) => l.text === 'Owner insights' && l.included)).toBe(true);
    }
  });
});
