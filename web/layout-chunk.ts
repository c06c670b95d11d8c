import { dirname, join } from 'node:path';

/**
 * The layout's chunk (README, "Design notes: web app assets"): every console page loads under the
 * layout, after it, so what the layout needs and neither the entry nor a page shown without the
 * layout (the login page) does can travel as one chunk instead of ~40 small shared ones on the first
 * load — and the login page loads none of it.
 */

/** What the bundler tells of a module while it forms chunks. */
export type ModuleGraph = {
  getModuleInfo: (id: string) => { importedIds: readonly string[]; code?: string | null } | null;
};

/**
 * Packages imported through one index that re-exports every component (side-effect free: the
 * bundler keeps only what is imported by name). Following every re-export would count all of antd
 * as the entry's, so the walk follows only the names a module imports.
 */
const BARRELS: Record<string, string> = {
  antd: '/node_modules/antd/es/index.js',
  '@ant-design/icons': '/node_modules/@ant-design/icons/es/index.js',
};

type Barrel = { names: Map<string, string>; reexported: Set<string> };
const barrels = new Map<string, Barrel | null>();

/**
 * The barrel's exported names and the module each comes from, and the modules it only re-exports
 * (null: not understood, follow all).
 */
function barrelOf(barrel: string, graph: ModuleGraph): Barrel | null {
  if (barrels.has(barrel)) return barrels.get(barrel) ?? null;
  const info = graph.getModuleInfo(barrel);
  let result: Barrel | null = null;
  if (info?.code) {
    const names = new Map<string, string>();
    const reexported = new Set<string>();
    const resolve = (spec: string | undefined) => {
      if (!spec) return undefined;
      const base = join(dirname(barrel), spec);
      return [base, `${base}.js`, `${base}/index.js`].find((id) => info.importedIds.includes(id));
    };
    for (const [, name, spec] of info.code.matchAll(
      /export\s*\{\s*default\s+as\s+(\w+)\s*\}\s*from\s*["']([^"']+)["']/g,
    )) {
      const id = resolve(spec);
      if (id && name) {
        names.set(name, id);
        reexported.add(id);
      }
    }
    for (const [, spec] of info.code.matchAll(/export\s*\*\s*from\s*["']([^"']+)["']/g)) {
      const id = resolve(spec);
      const nested = id ? barrelOf(id, graph) : null;
      if (!id || !nested) return null;
      reexported.add(id);
      for (const [name, target] of nested.names) names.set(name, target);
    }
    result = { names, reexported };
  }
  barrels.set(barrel, result);
  return result;
}

/**
 * The modules `id` imports from a barrel by name, or null when it imports it otherwise (namespace,
 * default, names the barrel does not list): then the whole barrel is followed.
 */
function barrelImports(id: string, barrel: string, specifier: string, graph: ModuleGraph): string[] | null {
  const code = graph.getModuleInfo(id)?.code;
  const names = barrelOf(barrel, graph)?.names;
  if (!code || !names) return null;
  const from = specifier.replace(/[/@]/g, (c) => `\\${c}`);
  const statements = [
    ...code.matchAll(new RegExp(`(import|export)\\s*([^;]*?)\\s*from\\s*["']${from}["']`, 'g')),
  ];
  const targets: string[] = [];
  for (const [, , clause] of statements) {
    const named = clause?.match(/^\{([^}]*)\}$/)?.[1];
    if (named === undefined) return null;
    for (const part of named.split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0];
      if (!name) continue;
      const target = names.get(name);
      if (!target) return null;
      targets.push(target);
    }
  }
  return targets;
}

/** The modules `root` imports statically, directly or not, itself included (barrels by name). */
function staticClosure(root: string, graph: ModuleGraph): Set<string> {
  const seen = new Set<string>([root]);
  const queue = [root];
  const visit = (next: string) => {
    if (seen.has(next)) return;
    seen.add(next);
    queue.push(next);
  };
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    for (const next of graph.getModuleInfo(id)?.importedIds ?? []) {
      const specifier = Object.entries(BARRELS).find(([, path]) => next.endsWith(path))?.[0];
      const named = specifier ? barrelImports(id, next, specifier, graph) : null;
      if (named) {
        // The barrel's own imports (not its re-exports), then the modules named.
        seen.add(next);
        const { reexported } = barrelOf(next, graph) as Barrel;
        for (const own of graph.getModuleInfo(next)?.importedIds ?? []) if (!reexported.has(own)) visit(own);
        for (const target of named) visit(target);
      } else visit(next);
    }
  }
  return seen;
}

/**
 * `chunkOf(id, graph)`: 'main-layout' for what the layout imports and neither the entry nor a page
 * without the layout (`outside`, `light`) does; 'layout-shared' for what the layout shares with the
 * `outside` pages but not with the entry (the error pages' antd parts), which both load whole;
 * otherwise null (the bundler's own chunks). What the `light` pages (the login page, built without
 * antd: issue 17 §8) import stays with the bundler: a few small chunks, not `layout-shared` whole.
 */
export function layoutChunk(
  layout: string,
  entry: string,
  outside: readonly string[],
  light: readonly string[] = [],
) {
  let chunks: Map<string, string> | null = null;
  return (id: string, graph: ModuleGraph): string | null => {
    if (!chunks) {
      const entryModules = staticClosure(entry, graph);
      const outsideModules = new Set(outside.flatMap((root) => [...staticClosure(root, graph)]));
      const lightModules = new Set(light.flatMap((root) => [...staticClosure(root, graph)]));
      chunks = new Map();
      for (const module of staticClosure(layout, graph)) {
        if (entryModules.has(module) || lightModules.has(module)) continue;
        chunks.set(module, outsideModules.has(module) ? 'layout-shared' : 'main-layout');
      }
    }
    return chunks.get(id) ?? null;
  };
}
