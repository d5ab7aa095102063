import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '../../features/home/test/render.tsx';

type Facade = typeof import('./dropdown-menu.tsx');
let ui: Facade;

/** A fresh copy of the facade per test, so each starts with the Radix code not yet loaded. */
beforeEach(async () => {
  vi.resetModules();
  ui = await import('./dropdown-menu.tsx');
});
afterEach(cleanup);

function renderMenu(onSelect = vi.fn()) {
  const { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } = ui;
  render(
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button type="button">Options</button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={onSelect}>Edit</DropdownMenuItem>
        <DropdownMenuItem>Delete</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>,
  );
  return onSelect;
}

const trigger = () => document.querySelector<HTMLButtonElement>('button')!;
const menu = () => document.querySelector('[role="menu"]');
const items = () => [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')];

/** Lets the Radix chunk load and React commit the swap. */
const settle = () =>
  act(async () => {
    await ui.loadDropdownMenu();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

const key = (el: Element, name: string) =>
  act(() => {
    el.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));
  });

describe('DropdownMenu (loaded on first use)', () => {
  it('is a bare menu button with no menu until used', () => {
    renderMenu();
    expect(trigger().getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    expect(menu()).toBeNull();
  });

  it('Enter before the code has arrived opens the menu with the first item focused', async () => {
    renderMenu();
    act(() => trigger().focus());
    await key(trigger(), 'Enter');
    await settle();
    expect(menu()).not.toBeNull();
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(items()[0]);
  });

  it('focus swaps in the real menu and stays on its button', async () => {
    renderMenu();
    const bare = trigger();
    act(() => bare.focus());
    await settle();
    expect(trigger()).not.toBe(bare);
    expect(document.activeElement).toBe(trigger());
    expect(menu()).toBeNull();
  });

  it('tabbing on before the code arrives leaves focus where the keyboard went', async () => {
    renderMenu();
    const next = document.createElement('button');
    next.textContent = 'Next';
    document.body.append(next);
    try {
      act(() => trigger().focus());
      act(() => next.focus());
      await settle();
      expect(trigger().getAttribute('data-state')).toBe('closed');
      expect(document.activeElement).toBe(next);
    } finally {
      next.remove();
    }
  });

  it('a menu still bare renders nothing of Radix once the code is here (another menu, the prefetch)', async () => {
    const { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } = ui;
    await ui.loadDropdownMenu();
    render(
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <button type="button">Later</button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem>Edit</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>,
    );
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    expect(menu()).toBeNull();
  });

  it('a click opens it, and an item runs its action', async () => {
    const onSelect = renderMenu();
    act(() => trigger().click());
    await settle();
    expect(menu()).not.toBeNull();
    act(() => items()[0]?.click());
    expect(onSelect).toHaveBeenCalledTimes(1);
  });
});

describe('DropdownMenu with a mouse', () => {
  it('opens on pointerdown, even when the hover swapped the button in between', async () => {
    renderMenu();
    const bare = trigger();
    act(() => {
      bare.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' }));
      bare.dispatchEvent(
        new PointerEvent('pointerdown', { bubbles: true, cancelable: true, button: 0, pointerType: 'mouse' }),
      );
    });
    await settle();
    expect(menu()).not.toBeNull();
  });
});
