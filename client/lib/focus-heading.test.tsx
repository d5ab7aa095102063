import * as React from 'react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '../features/home/test/render.tsx';
import { focusHeadingIfLost, useFocusHeadingIfLost } from './focus-heading.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('focusHeadingIfLost', () => {
  it('puts lost focus on the screen heading', () => {
    document.body.innerHTML = '<main><h1>Garden Club</h1></main>';
    (document.activeElement as HTMLElement | null)?.blur();
    focusHeadingIfLost(document.querySelector('main'));
    expect(document.activeElement?.textContent).toBe('Garden Club');
  });

  it('leaves focus alone when a control has it', () => {
    document.body.innerHTML = '<main><h1>Garden Club</h1></main><button>Keep me</button>';
    document.querySelector('button')!.focus();
    focusHeadingIfLost(document.querySelector('main'));
    expect(document.activeElement?.textContent).toBe('Keep me');
  });

  it('marks the ring hidden after a click, shown after a key press', () => {
    document.body.innerHTML = '<main><h1>Garden Club</h1></main>';
    const heading = document.querySelector('h1')!;
    // Client test files share a worker's modules (vitest.config.ts): an earlier file's key presses count, so
    // this starts from a click. A direct load (no input yet) is covered by e2e/dashboard-polish.spec.ts.
    window.dispatchEvent(new Event('pointerdown'));
    focusHeadingIfLost(document.querySelector('main'));
    expect(heading.dataset.focusRing).toBe('hidden');
    heading.blur();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    focusHeadingIfLost(document.querySelector('main'));
    expect(heading.dataset.focusRing).toBe('shown');
    heading.blur();
    window.dispatchEvent(new Event('pointerdown'));
    focusHeadingIfLost(document.querySelector('main'));
    expect(heading.dataset.focusRing).toBe('hidden');
    heading.blur();
    // A browser shortcut is not moving around the page.
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'r', ctrlKey: true }));
    focusHeadingIfLost(document.querySelector('main'));
    expect(heading.dataset.focusRing).toBe('hidden');
  });
});

function Screen() {
  const main = React.useRef<HTMLElement>(null);
  useFocusHeadingIfLost(main);
  return (
    <main ref={main}>
      <h1>Garden Club</h1>
    </main>
  );
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

describe('useFocusHeadingIfLost', () => {
  afterEach(cleanup);

  it('focuses the heading on the frame after the screen shows, not during its render', async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    render(<Screen />);
    expect(document.activeElement).toBe(document.body);
    await act(nextFrame);
    expect(document.activeElement?.textContent).toBe('Garden Club');
  });

  it('cancels that frame when the screen goes before it', () => {
    const cancel = vi.spyOn(window, 'cancelAnimationFrame');
    render(<Screen />);
    cleanup();
    expect(cancel).toHaveBeenCalledTimes(1);
    cancel.mockRestore();
  });
});
