import { afterEach, describe, expect, it, vi } from 'vitest';
import { addLayer, focusOrigin, focusOriginOf, returnFocus, topLayer } from './modal-layers.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

function html(markup: string) {
  document.body.innerHTML = markup;
  return (id: string) => document.getElementById(id)!;
}

describe('focusOriginOf', () => {
  it('is the element itself outside popups', () => {
    const el = html('<button id="b">Open</button>');
    expect(focusOriginOf(el('b'))).toBe(el('b'));
  });

  it('stands a menu item in for the trigger that controls its menu', () => {
    const el = html(
      '<button id="t" aria-controls="m">Settings</button><div role="menu" id="m"><div id="i" role="menuitem" tabindex="-1">Delete</div></div>',
    );
    expect(focusOriginOf(el('i'))).toBe(el('t'));
  });
});

describe('focus tracking and return', () => {
  it('remembers the last control, skipping into a menu to its trigger', () => {
    const el = html(
      '<button id="t" aria-controls="m">Settings</button><div role="menu" id="m"><button id="i">Delete</button></div>',
    );
    el('i').focus();
    expect(focusOrigin()).toBe(el('t'));
  });

  it('gives focus back to the opener, else to the dialog still open underneath', () => {
    const el = html('<button id="b">Open</button><div id="d" tabindex="-1" role="dialog"></div>');
    returnFocus(el('b'));
    expect(document.activeElement).toBe(el('b'));

    const remove = addLayer({ content: el('d'), close: vi.fn() });
    const gone = document.createElement('button');
    returnFocus(gone);
    expect(document.activeElement).toBe(el('d'));
    remove();
    expect(topLayer()).toBeUndefined();
  });

  it('lists open layers top last and closes the top one', () => {
    const first = { content: document.createElement('div'), close: vi.fn() };
    const second = { content: document.createElement('div'), close: vi.fn() };
    const removeFirst = addLayer(first);
    const removeSecond = addLayer(second);
    topLayer()!.close();
    expect(second.close).toHaveBeenCalledOnce();
    expect(first.close).not.toHaveBeenCalled();
    removeSecond();
    expect(topLayer()).toBe(first);
    removeFirst();
  });
});

describe('loaded after the opener took focus (the first dialog of a page)', () => {
  it('takes the focused control as the origin', async () => {
    const el = html('<button id="create">Create</button>');
    el('create').focus();
    vi.resetModules();
    const fresh = await import('./modal-layers.ts');
    expect(fresh.focusOrigin()).toBe(el('create'));
  });
});
