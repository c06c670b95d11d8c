import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** One import of one source file, resolved to a repository-relative path where it is local. */
export interface ImportEdge {
  /** The importing file, relative to the repository root, with `/` separators. */
  from: string;
  /** 1-based line of the import. */
  line: number;
  /** The specifier as written. */
  specifier: string;
  /** The imported file relative to the repository root (no extension resolution), or null for a package. */
  target: string | null;
}

const SOURCE = /\.(ts|tsx|mts)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', '.git', 'migrations']);

/** Every TypeScript source file below `dir` (repository-relative paths). */
export function sourceFiles(root: string, dir: string): string[] {
  const out: string[] = [];
  const walk = (abs: string) => {
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(join(abs, entry.name));
      } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        out.push(toPosix(relative(root, join(abs, entry.name))));
      }
    }
  };
  walk(join(root, dir));
  return out.sort();
}

function toPosix(path: string): string {
  return path.split(sep).join('/');
}

/**
 * Where a specifier points, relative to the repository root: relative paths against the file,
 * `@/…` against the `src/` folder of the workspace the file lives in (server/ or web/), and the
 * contract package by name. Anything else is a package (null).
 */
export function resolveSpecifier(root: string, file: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return toPosix(relative(root, resolve(root, dirname(file), specifier)));
  if (specifier.startsWith('@/')) {
    const workspace = file.split('/')[0] ?? '';
    return `${workspace}/src/${specifier.slice(2)}`;
  }
  if (specifier === '@sentinel/contract' || specifier.startsWith('@sentinel/contract/')) {
    return `contract/src${specifier.slice('@sentinel/contract'.length) || '/index.ts'}`;
  }
  if (specifier.startsWith('@sentinel/')) return `${specifier.slice('@sentinel/'.length)}/src/index.ts`;
  return null;
}

/** The static imports, re-exports and dynamic `import()` calls of the given files. */
export function importEdges(root: string, files: string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    const info = ts.preProcessFile(text, true, true);
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
    for (const ref of info.importedFiles) {
      edges.push({
        from: file,
        line: source.getLineAndCharacterOfPosition(ref.pos).line + 1,
        specifier: ref.fileName,
        target: resolveSpecifier(root, file, ref.fileName),
      });
    }
  }
  return edges;
}
