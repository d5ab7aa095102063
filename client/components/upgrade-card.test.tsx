import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLAN_FEATURE_COPY, PLAN_FEATURE_MESSAGES, PLAN_FEATURES } from '../../common/plans.ts';
import { cleanup, render } from '../features/home/test/render.tsx';
import { META_QUERY_KEY, type Meta } from '../lib/auth.ts';
import { createQueryClient } from '../lib/queryClient.ts';
import { UpgradeCard, upgradeText } from './upgrade-card.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup(ui: React.ReactNode, billingProvider: Meta['billingProvider'] | null) {
  const queryClient = createQueryClient();
  if (billingProvider) queryClient.setQueryData(META_QUERY_KEY, { authProvider: 'local', billingProvider });
  return render(ui, { queryClient });
}

describe('UpgradeCard', () => {
  it("words each feature's prompt from the plan table, with a link to the plans", () => {
    for (const feature of PLAN_FEATURES) {
      const { container } = setup(<UpgradeCard feature={feature} />, 'sandbox');
      const card = container.querySelector<HTMLElement>(`[data-testid="upgrade-card-${feature}"]`)!;
      expect(card.getAttribute('aria-label')).toBe(PLAN_FEATURE_MESSAGES[feature]);
      expect(card.textContent).toContain(PLAN_FEATURE_COPY[feature].description);
      expect(card.textContent).toContain('Upgrade to Pro and Community to use it.');
      expect(card.querySelector('a')?.getAttribute('href')).toBe('/billing');
      cleanup();
    }
  });

  it("offers no link when the threadline owner's plan decides", () => {
    const { container } = setup(<UpgradeCard feature="versionHistory" decidedBy="owner" />, 'stripe');
    expect(container.textContent).toContain(upgradeText('versionHistory', 'owner').description);
    expect(container.textContent).toContain("when this threadline's owner upgrades");
    expect(container.querySelector('a')).toBeNull();
  });

  it('shows nothing with billing off, nor before the installation is known', () => {
    // /api/meta still on its way.
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    for (const provider of ['off', null] as const) {
      const { container } = setup(<UpgradeCard feature="advancedSearch" />, provider);
      expect(container.textContent).toBe('');
      cleanup();
    }
  });
});
