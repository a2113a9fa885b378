/**
 * A Vite build plugin, imported by vite.config.ts: puts each part of `/`'s first load in one chunk
 * instead of the thirty-odd Rolldown makes by itself.
 *
 * The app starts through dynamic imports (`src/main.tsx` imports `startApp` after the first paint;
 * the saved query cache and the service worker load beside it), and the lazy routes share small
 * modules with those. Rolldown gives every module shared by two dynamically imported chunks a
 * chunk of its own, even when one of them always loads first, so the first load was 37 files,
 * each compressed alone (about 6 KB of gzip more than the same code in a few files) and each a
 * request. Here each root's static import closure becomes one chunk, minus what the entry itself
 * imports (that stays in the entry, painted before any of this is fetched). A lazy route that
 * needs a module of that closure imports it from a chunk the page already has.
 *
 * The closures are read from the module graph when the build ends, before chunks are made, so a
 * new import is placed without editing anything here.
 */
import type { Plugin } from 'vite';

/** A chunk made of a root module's static imports, in the order the groups should claim them. */
export type FirstLoadGroup = { name: string; roots: readonly string[] };

type ModuleGraph = {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
};

function staticClosure(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

function findModule(ids: readonly string[], suffix: string): string {
  const id = ids.find((candidate) => candidate.endsWith(suffix));
  if (!id) throw new Error(`viteFirstLoadChunks: no module ends with ${suffix}`);
  return id;
}

/**
 * `entry` is the page's entry module; each group's `roots` are module path suffixes such as
 * `src/app/startApp.tsx`. A module claimed by an earlier group is not claimed again.
 *
 * No group claims a module matching `exclude`. A library's index re-exports all it has, so a
 * static closure holds modules the first load never runs (zod/mini's barrel reaches zod's JSON
 * Schema generator; TanStack Query's reaches mutations). Left to Rolldown, tree shaking drops
 * them from the first load; claimed into a group, they stay in it because a lazy page uses them.
 */
export function firstLoadChunks(
  entry: string,
  groups: readonly FirstLoadGroup[],
  exclude: RegExp = /$^/,
): Plugin {
  const members = new Map<string, string>();
  return {
    name: 'gridmind-first-load-chunks',
    apply: 'build',
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: groups.map(({ name }) => ({
                name,
                test: (id: string) => members.get(id) === name,
                // Members are whole static closures already; following imports again could
                // only pull in what the entry holds.
                includeDependenciesRecursively: false,
              })),
            },
          },
        },
      },
    }),
    buildEnd() {
      const graph = this as unknown as ModuleGraph;
      const ids = [...graph.getModuleIds()];
      // Only the client build has the entry; the prerender's server build has none.
      if (!ids.some((id) => id.endsWith(entry))) return;
      const inEntry = staticClosure(graph, [findModule(ids, entry)]);
      members.clear();
      for (const { name, roots } of groups) {
        const closure = staticClosure(
          graph,
          roots.map((root) => findModule(ids, root)),
        );
        for (const id of closure) {
          if (!inEntry.has(id) && !members.has(id) && !exclude.test(id)) members.set(id, name);
        }
      }
    },
  };
}
