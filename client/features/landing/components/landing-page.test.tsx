import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PLAN_LIMITS } from '../../../../common/plans.ts';
import { LandingPage } from './landing-page.tsx';

let root: Root | undefined;
let container: HTMLDivElement | undefined;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

function render(onStart = vi.fn()) {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root!.render(<LandingPage onStart={onStart} />));
  return container;
}

describe('LandingPage', () => {
  it('renders the title, the three feature cards and the Why Choose copy from PLAN_LIMITS', () => {
    const el = render();
    expect(el.querySelector('h1')?.textContent).toBe('Threadline');
    const headings = [...el.querySelectorAll('h3')].map((h) => h.textContent);
    expect(headings).toEqual(
      expect.arrayContaining(['Team Collaboration', 'Private & Secure', 'Rich Media Support']),
    );
    expect(el.textContent).toContain('Why Choose Threadline');
    expect(el.textContent).toContain(`Free to start with up to ${PLAN_LIMITS.free.maxTimelines} threadlines`);
    expect(el.textContent).not.toMatch(/\b3 threadlines\b/);
  });

  it('sends both call-to-action buttons to sign-in', () => {
    const onStart = vi.fn();
    const el = render(onStart);
    const buttons = [...el.querySelectorAll('button')];
    const names = buttons.map((b) => b.textContent?.trim());
    expect(names).toEqual(['Get Started Free', 'Sign In to Continue']);
    act(() => {
      for (const b of buttons) b.click();
    });
    expect(onStart).toHaveBeenCalledTimes(2);
  });
});
