import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ImportEdge, importEdges, resolveSpecifier, sourceFiles } from './import-graph.ts';
import { checkImports } from './rules.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

const edge = (from: string, specifier: string): ImportEdge => ({
  from,
  line: 1,
  specifier,
  target: resolveSpecifier(root, from, specifier),
});

describe('the import rules', () => {
  it('hold for every import of contract/, server/ and web/', () => {
    const files = ['contract/src', 'server/src', 'web/src'].flatMap((dir) => sourceFiles(root, dir));
    expect(files.length).toBeGreaterThan(500);
    const violations = checkImports(importEdges(root, files));
    const report = violations.map((v) => `[${v.rule}] ${v.where}: ${v.message}`).join('\n');
    expect(report, `${violations.length} import(s) break the rules (README, "Import rules")`).toBe('');
  });

  it('refuses a platform or db file that imports a feature', () => {
    const violations = checkImports([
      edge('server/src/platform/audit.ts', '../features/alarms/index.ts'),
      edge('server/src/db/seed.ts', '@/features/plant/seed.ts'),
      edge('web/src/shared/ui/x.tsx', '../../features/alarms/index.ts'),
    ]);
    expect(violations.map((v) => v.rule)).toEqual([
      'low-layers-know-no-feature',
      'low-layers-know-no-feature',
      'low-layers-know-no-feature',
    ]);
    expect(violations[0]?.where).toBe("server/src/platform/audit.ts:1 imports '../features/alarms/index.ts'");
  });

  it("refuses a feature that imports another feature's internals, and allows its index.ts", () => {
    const violations = checkImports([
      edge('server/src/features/alarms/routes.ts', '../scenes/repo.ts'),
      edge('server/src/features/alarms/routes.ts', '../scenes/index.ts'),
      edge('server/src/features/alarms/routes.ts', './repo.ts'),
      edge('server/src/app.ts', './features/alarms/routes.ts'),
      edge('web/src/app/routes.tsx', '../features/session/pages.ts'),
      edge('web/src/features/alarms/a.tsx', '@/features/scenes/api/scene-menus.ts'),
    ]);
    expect(violations.map((v) => `${v.rule} ${v.where}`)).toEqual([
      "features-meet-through-index server/src/features/alarms/routes.ts:1 imports '../scenes/repo.ts'",
      "features-meet-through-index server/src/app.ts:1 imports './features/alarms/routes.ts'",
      "features-meet-through-index web/src/features/alarms/a.tsx:1 imports '@/features/scenes/api/scene-menus.ts'",
    ]);
  });

  it('refuses web code that imports server code, and the contract importing either side', () => {
    const violations = checkImports([
      edge('web/src/features/alarms/a.ts', '../../../../server/src/platform/errors.ts'),
      edge('contract/src/index.ts', '../../web/src/shared/session.ts'),
      edge('web/src/features/alarms/b.ts', '@sentinel/contract'),
    ]);
    expect(violations.map((v) => v.rule)).toEqual(['sides-meet-in-contract', 'sides-meet-in-contract']);
  });

  it('reads static imports, re-exports and dynamic import() with their lines', () => {
    const edges = importEdges(root, ['web/src/app/routes.tsx']);
    expect(edges.some((e) => e.target === 'web/src/features/session/pages.ts' && e.line > 1)).toBe(true);
    const pages = importEdges(root, ['web/src/features/session/pages.ts']);
    expect(pages.map((e) => e.target)).toContain('web/src/features/session/pages/login-page.tsx');
  });
});
