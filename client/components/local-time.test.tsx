import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '../features/home/test/render.tsx';
import { LocalTime } from './local-time.tsx';

afterEach(cleanup);

const iso = '2026-03-04T05:06:07.000Z';

describe('LocalTime', () => {
  it('writes the full local date as its tooltip on first hover, not at render', () => {
    const { container } = render(<LocalTime dateTime={iso}>3 hours ago</LocalTime>);
    const time = container.querySelector('time') as HTMLTimeElement;
    expect(time.getAttribute('datetime')).toBe(iso);
    expect(time.textContent).toBe('3 hours ago');
    expect(time.hasAttribute('title')).toBe(false);
    act(() => {
      time.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' }));
    });
    expect(time.getAttribute('title')).toBe(new Date(iso).toLocaleString());
  });

  it('writes it on focus too', () => {
    const { container } = render(
      <LocalTime dateTime={iso} tabIndex={0}>
        today
      </LocalTime>,
    );
    const time = container.querySelector('time') as HTMLTimeElement;
    act(() => time.focus());
    expect(time.getAttribute('title')).toBe(new Date(iso).toLocaleString());
  });
});
