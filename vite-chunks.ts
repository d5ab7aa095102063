// How the client is cut into files (issue 14's page speed). Rolldown's default gives each set of lazily
// loaded modules that share code a chunk of its own; counting every dialog and menu loaded on first use, a
// threadline needed ~30 small files, fetched six at a time over HTTP/1.1. Here the sets are only the
// "roots" the entry loads lazily (the pages, the real-time client, the toaster, the messaging modal):
//   - what one root alone uses goes in that root's chunk (with it, what its dialogs share with it);
//   - what two roots share goes in a chunk of its own, unless it is small (under PAIR_MIN_CHARS of source):
//     then in `app`, since a request costs a phone more than a few hundred bytes (issue 28: a threadline
//     loaded five such files of 0.2-2 KB, six at a time over HTTP/1.1, before its first posts);
//   - what three or more share goes in one `app` chunk, loaded by every signed-in page;
//   - the entry's own modules stay where Rolldown puts them (the landing's budget: issue 8's 100 KB).
import path from 'node:path';

interface ModuleGraph {
  getModuleInfo(id: string): {
    code: string | null;
    importedIds: readonly string[];
    dynamicallyImportedIds: readonly string[];
  } | null;
}

/** lucide-react's index re-exports ~1,700 icons: only the icons a module names count as its imports. */
const ICON_BARREL = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const ICON_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g;
const BARREL_EXPORT = /export\s*\{([^}]*)\}\s*from\s*["'](\.[^"']+)["']/g;

/** `A as B` -> A (the name imported) or B (the name exported); a plain name is both. */
const side = (spec: string, which: 0 | 1): string => {
  const parts = spec.trim().split(/\s+as\s+/);
  return (which === 0 ? parts[0] : parts.at(-1)) ?? '';
};

function barrelTargets(graph: ModuleGraph, barrel: string): Map<string, string> {
  const targets = new Map<string, string>();
  for (const [, names = '', from = ''] of (graph.getModuleInfo(barrel)?.code ?? '').matchAll(BARREL_EXPORT)) {
    const target = path.resolve(path.dirname(barrel), from);
    for (const name of names.split(',')) targets.set(side(name, 1), target);
  }
  return targets;
}

/** The modules `id` imports, with the icon barrel replaced by the icons it names. */
function imports(graph: ModuleGraph, id: string, icons: (barrel: string) => Map<string, string>): string[] {
  const info = graph.getModuleInfo(id);
  if (!info) return [];
  const barrel = info.importedIds.find((dep) => ICON_BARREL.test(dep));
  if (!barrel) return [...info.importedIds];
  const out = info.importedIds.filter((dep) => dep !== barrel);
  for (const [, names = ''] of (info.code ?? '').matchAll(ICON_IMPORT)) {
    for (const name of names.split(',')) {
      const target = icons(barrel).get(side(name, 0));
      if (target) out.push(target);
    }
  }
  return out;
}

/** A pair's shared code under this many characters of source goes in `app` rather than a file of its own. */
export const PAIR_MIN_CHARS = 8_000;

export function chunkByRoots(entry: string) {
  let names: Map<string, string> | undefined;

  const compute = (graph: ModuleGraph) => {
    let iconMap: Map<string, string> | undefined;
    const icons = (barrel: string) => {
      iconMap ??= barrelTargets(graph, barrel);
      return iconMap;
    };
    // Each module's imports are worked out once, then walked from every root.
    const edges = new Map<string, string[]>();
    const importsOf = (id: string) => {
      const known = edges.get(id);
      if (known) return known;
      const deps = imports(graph, id, icons);
      edges.set(id, deps);
      return deps;
    };
    const closure = (root: string, skip: ReadonlySet<string>) => {
      const seen = new Set<string>();
      const stack = [root];
      while (stack.length > 0) {
        const id = stack.pop() as string;
        if (seen.has(id) || skip.has(id)) continue;
        seen.add(id);
        stack.push(...importsOf(id));
      }
      return seen;
    };
    const entryModules = closure(entry, new Set());
    const roots = new Set<string>();
    for (const id of entryModules) {
      for (const lazy of graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
        if (!entryModules.has(lazy)) roots.add(lazy);
      }
    }
    const owners = new Map<string, string[]>();
    for (const root of [...roots].sort()) {
      const label = path.basename(root).replace(/\.[jt]sx?$/, '');
      for (const id of closure(root, entryModules)) owners.set(id, [...(owners.get(id) ?? []), label]);
    }
    const named = new Map<string, string>();
    const size = new Map<string, number>();
    for (const [id, labels] of owners) {
      const name = labels.length <= 2 ? labels.join('+') : 'app';
      named.set(id, name);
      size.set(name, (size.get(name) ?? 0) + (graph.getModuleInfo(id)?.code?.length ?? 0));
    }
    const result = new Map<string, string>();
    for (const [id, name] of named) {
      const smallPair = name.includes('+') && (size.get(name) ?? 0) < PAIR_MIN_CHARS;
      result.set(id, smallPair ? 'app' : name);
    }
    return result;
  };

  /**
   * The chunk for a module, or null for Rolldown's default (the entry's modules, and those no root reaches).
   * Worked out on the first call, once the graph is complete, and kept: one process runs one build.
   */
  return (id: string, graph: ModuleGraph): string | null => {
    names ??= compute(graph);
    return names.get(id) ?? null;
  };
}
