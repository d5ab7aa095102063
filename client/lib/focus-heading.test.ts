import { afterEach, describe, expect, it } from 'vitest';
import { focusHeadingIfLost } from './focus-heading.ts';

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
});
