import { describe, expect, it } from 'vitest';
import { chunkByRoots, PAIR_MIN_CHARS } from './vite-chunks.ts';

const barrel = '/app/node_modules/lucide-react/dist/esm/lucide-react.mjs';
const icon = (name: string) => `/app/node_modules/lucide-react/dist/esm/icons/${name}.mjs`;

/** A module graph: id -> static imports, dynamic imports, code. */
const modules: Record<string, { imports?: string[]; lazy?: string[]; code?: string }> = {
  '/app/main.tsx': {
    imports: ['/app/router.tsx', '/app/entry-only.ts', barrel],
    lazy: [],
    code: "import { Menu } from 'lucide-react';",
  },
  '/app/router.tsx': {
    imports: ['/app/entry-only.ts'],
    lazy: ['/app/home-page.tsx', '/app/timeline-page.tsx', '/app/profile-page.tsx'],
  },
  '/app/entry-only.ts': {},
  '/app/home-page.tsx': {
    imports: ['/app/all-three.ts', '/app/home-and-timeline.ts', '/app/entry-only.ts'],
  },
  '/app/timeline-page.tsx': {
    imports: [
      '/app/all-three.ts',
      '/app/home-and-timeline.ts',
      '/app/timeline-only.ts',
      '/app/small-pair.ts',
      barrel,
    ],
    lazy: ['/app/members-dialog.tsx'],
    code: "import { X as Close, Pin } from 'lucide-react';",
  },
  '/app/profile-page.tsx': { imports: ['/app/all-three.ts', '/app/small-pair.ts'] },
  '/app/all-three.ts': {},
  '/app/home-and-timeline.ts': { code: 'x'.repeat(PAIR_MIN_CHARS) },
  '/app/small-pair.ts': { code: 'export const small = 1;' },
  '/app/timeline-only.ts': {},
  '/app/members-dialog.tsx': { imports: ['/app/timeline-only.ts', '/app/dialog-only.ts'] },
  '/app/dialog-only.ts': {},
  [barrel]: {
    imports: [icon('menu'), icon('x'), icon('pin'), icon('unused')],
    code: [
      "export { default as LucideMenu, default as Menu } from './icons/menu.mjs';",
      "export { default as X, default as XIcon } from './icons/x.mjs';",
      "export { default as Pin } from './icons/pin.mjs';",
      "export { default as Unused } from './icons/unused.mjs';",
    ].join('\n'),
  },
  [icon('menu')]: {},
  [icon('x')]: {},
  [icon('pin')]: {},
  [icon('unused')]: {},
};

const graph = {
  getModuleInfo: (id: string) => {
    const m = modules[id];
    return m
      ? { code: m.code ?? '', importedIds: m.imports ?? [], dynamicallyImportedIds: m.lazy ?? [] }
      : null;
  },
};

describe('chunkByRoots', () => {
  const chunkOf = chunkByRoots('/app/main.tsx');
  const name = (id: string) => chunkOf(id, graph);

  it("leaves the entry's own modules to Rolldown (they load with the landing)", () => {
    expect(name('/app/main.tsx')).toBeNull();
    expect(name('/app/entry-only.ts')).toBeNull();
    expect(name(icon('menu'))).toBeNull();
  });

  it('puts what one page alone uses in that page, with what its dialogs share with it', () => {
    expect(name('/app/timeline-page.tsx')).toBe('timeline-page');
    expect(name('/app/timeline-only.ts')).toBe('timeline-page');
  });

  it('gives what two pages share a chunk of its own, and what three or more share the app chunk', () => {
    expect(name('/app/home-and-timeline.ts')).toBe('home-page+timeline-page');
    expect(name('/app/all-three.ts')).toBe('app');
  });

  it('puts a small share of two pages in the app chunk: a request costs more than its bytes', () => {
    expect(name('/app/small-pair.ts')).toBe('app');
  });

  it('counts only the icons a module names, not every icon of the barrel', () => {
    expect(name(icon('x'))).toBe('timeline-page');
    expect(name(icon('pin'))).toBe('timeline-page');
    expect(name(icon('unused'))).toBeNull();
  });

  it('leaves modules only lazy chunks use to Rolldown', () => {
    expect(name('/app/dialog-only.ts')).toBeNull();
  });
});
