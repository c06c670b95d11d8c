import type { ImportEdge } from './import-graph.ts';

/** A broken rule: which rule, where, and what to do instead. */
export interface Violation {
  rule: string;
  where: string;
  message: string;
}

/** `server/src/features/alarms/routes.ts` → `{ side: 'server', feature: 'alarms' }`. */
function locate(path: string): { side: string; layer: string; feature: string | null; rest: string } {
  const [side = '', src, layer = '', ...tail] = path.split('/');
  if (src !== 'src') return { side, layer: src ?? '', feature: null, rest: tail.join('/') };
  if (layer === 'features') {
    const [feature = '', ...rest] = tail;
    return { side, layer, feature, rest: rest.join('/') };
  }
  return { side, layer, feature: null, rest: tail.join('/') };
}

/** A feature's public faces: `index.ts` for code, and on the web `pages.ts` (the lazy route registry). */
function isPublicEntry(side: string, rest: string): boolean {
  const file = rest.replace(/\.(ts|tsx)$/, '');
  return file === 'index' || (side === 'web' && file === 'pages');
}

/** Tests and their support files (`*test-support.ts`, `server/src/test/`) may reach into internals. */
const isTest = (path: string) => /(\.test\.tsx?|test-support\.ts)$/.test(path) || path.includes('/src/test/');

/**
 * The import rules of ARCHITECTURE.md, checked on every edge:
 * 1. platform/, db/ (server) and shared/ (web) import no feature;
 * 2. a feature imports another feature only through its index.ts (web: or pages.ts);
 *    the app layers (server app.ts/main.ts, web app/) likewise;
 * 3. web never imports server code, the server never imports web code, the contract neither.
 */
export function checkImports(edges: ImportEdge[]): Violation[] {
  const violations: Violation[] = [];
  for (const edge of edges) {
    if (!edge.target) continue;
    const where = `${edge.from}:${edge.line} imports '${edge.specifier}'`;
    const from = locate(edge.from);
    const to = locate(edge.target);
    if (
      from.side !== to.side &&
      to.side !== 'contract' &&
      from.side !== 'tools' &&
      from.side !== 'e2e' &&
      from.side !== 'bench'
    ) {
      violations.push({
        rule: 'sides-meet-in-contract',
        where,
        message: `${from.side}/ may not import ${to.side}/ code: the two sides meet only in contract/`,
      });
      continue;
    }
    if (from.side === 'contract' && to.side !== 'contract') {
      violations.push({ rule: 'sides-meet-in-contract', where, message: 'contract/ imports neither side' });
      continue;
    }
    if (to.feature === null || from.side !== to.side) continue;
    const lowLayer =
      (from.side === 'server' && (from.layer === 'platform' || from.layer === 'db')) ||
      (from.side === 'web' && from.layer === 'shared');
    if (lowLayer && !isTest(edge.from)) {
      violations.push({
        rule: 'low-layers-know-no-feature',
        where,
        message: `${from.side}/src/${from.layer}/ may not import a feature: move the code down, or let the feature register itself`,
      });
      continue;
    }
    if (from.feature === to.feature) continue;
    if (!isPublicEntry(to.side, to.rest) && !isTest(edge.from)) {
      violations.push({
        rule: 'features-meet-through-index',
        where,
        message: `import '${to.feature}' through ${to.side}/src/features/${to.feature}/index.ts, not its internals`,
      });
    }
  }
  return violations;
}
