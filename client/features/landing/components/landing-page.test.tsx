import type * as React from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLAN_LIMITS } from '../../../../common/plans.ts';
import { META_QUERY_KEY } from '../../../lib/auth.ts';
import { createQueryClient } from '../../../lib/queryClient.ts';
import { button, cleanup, render } from '../../home/test/render.tsx';
import { LandingPage } from './landing-page.tsx';

afterEach(cleanup);

/** Rendered with the installation facts already known, so nothing is fetched. */
function renderLanding(ui: React.ReactNode, billingProvider: 'sandbox' | 'off' = 'sandbox') {
  const queryClient = createQueryClient();
  queryClient.setQueryData(META_QUERY_KEY, { authProvider: 'local', billingProvider });
  return render(ui, { queryClient });
}

describe('LandingPage', () => {
  it('renders the title, the three feature cards and the Why Choose copy from PLAN_LIMITS', () => {
    const { container: el } = renderLanding(<LandingPage onStart={vi.fn()} />);
    expect(el.querySelector('h1')?.textContent).toBe('Threadline');
    expect(document.title).toBe('Threadline');
    const headings = [...el.querySelectorAll('h3')].map((h) => h.textContent);
    expect(headings).toEqual(
      expect.arrayContaining(['Team Collaboration', 'Private & Secure', 'Rich Media Support']),
    );
    expect(el.textContent).toContain('Why Choose Threadline');
    expect(el.textContent).toContain(`Free to start with up to ${PLAN_LIMITS.free.maxTimelines} threadlines`);
    expect(el.textContent).not.toMatch(/\b3 threadlines\b/);
  });

  it('quotes no plan, price or limit with billing off', () => {
    const { container: el } = renderLanding(<LandingPage onStart={vi.fn()} />, 'off');
    expect(el.textContent).toContain('Why Choose Threadline');
    expect(el.textContent).toContain('Everything included');
    expect(el.textContent).not.toMatch(/\bup to\b|\bGB\b|\$|\d|upgrade|\bplans?\b/i);
    expect(el.textContent).not.toMatch(/\b(Personal|Pro|Community)\b/);
    expect(el.querySelector('a[href="/billing"]')).toBeNull();
  });

  it('starts sign-in on the Create account tab, or the Sign in tab', () => {
    const onStart = vi.fn();
    const { container: el } = renderLanding(<LandingPage onStart={onStart} />);
    const names = [...el.querySelectorAll('button')].map((b) => b.textContent?.trim());
    expect(names).toEqual(['Get Started Free', 'Sign In to Continue']);
    button(el, 'Get Started Free')!.click();
    button(el, 'Sign In to Continue')!.click();
    expect(onStart.mock.calls).toEqual([['register'], ['signin']]);
  });

  it('opens the built-in sign-in screen on the asked tab with local accounts', () => {
    const { container: el, history } = renderLanding(<LandingPage />);
    button(el, 'Get Started Free')!.click();
    button(el, 'Sign In to Continue')!.click();
    expect(history.slice(-2)).toEqual(['/login?tab=register', '/login']);
  });
});
