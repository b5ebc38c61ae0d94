/**
 * The import rule of docs/architecture.md (Layers): the build (astro.config.mjs and everything under
 * src/) never imports the sync or the gate in scripts/, and the pure logic of src/lib/ never imports
 * pages, components, islands or stores; and no module imports itself through others (no import circle).
 * Checked over the source text, import by import.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE = /\.(ts|tsx|mjs|js|astro)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

/** The project files a source file imports (relative specifiers only), relative to the project root. */
function importsOf(file: string, text = readFileSync(path.join(ROOT, file), 'utf8')): string[] {
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)];
  return specifiers.map((match) =>
    path.relative(ROOT, path.resolve(ROOT, path.dirname(file), (match[1] ?? '').replace(/\?.*$/, ''))),
  );
}

function crossings(files: string[], forbidden: string[]): string[] {
  return files.flatMap((file) =>
    importsOf(file)
      .filter((target) => forbidden.some((folder) => target === folder || target.startsWith(`${folder}/`)))
      .map((target) => `${file} → ${target}`),
  );
}

/** One import circle, as the files along it, or null when the graph has none. */
function circleIn(graph: Map<string, string[]>): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string): string[] | null => {
    const at = path.indexOf(file);
    if (at >= 0) return [...path.slice(at), file];
    if (done.has(file)) return null;
    path.push(file);
    for (const target of graph.get(file) ?? []) {
      const circle = visit(target);
      if (circle) return circle;
    }
    path.pop();
    done.add(file);
    return null;
  };
  for (const file of graph.keys()) {
    const circle = visit(file);
    if (circle) return circle;
  }
  return null;
}

describe('layers', () => {
  it('reads relative imports, static and dynamic, and resolves them from the importing file', () => {
    const text = `import a from '../../scripts/verify/x.ts';\nconst b = await import('./y.ts');\nimport c from 'astro';\nimport raw from '../scripts/z.js?raw';`;
    expect(importsOf('src/lib/q.ts', text)).toEqual(['scripts/verify/x.ts', 'src/lib/y.ts', 'src/scripts/z.js']);
  });

  it('the build (astro.config.mjs, src/) never imports scripts/', () => {
    expect(crossings(['astro.config.mjs', ...sourceFiles('src')], ['scripts'])).toEqual([]);
  });

  it('finds an import circle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['b']],
      ['d', ['a']],
    ]);
    expect(circleIn(graph)).toEqual(['b', 'c', 'b']);
    expect(
      circleIn(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toBeNull();
  });

  it('no import circle in the build, the sync or the gate', () => {
    const files = ['astro.config.mjs', ...sourceFiles('src'), ...sourceFiles('scripts')];
    const known = new Set(files);
    const graph = new Map(files.map((file) => [file, importsOf(file).filter((target) => known.has(target))]));
    expect(circleIn(graph)).toBeNull();
  });

  it('src/lib/ never imports pages, components, layouts, islands or stores', () => {
    const higher = ['src/pages', 'src/components', 'src/layouts', 'src/islands', 'src/stores'];
    expect(crossings(sourceFiles('src/lib'), higher)).toEqual([]);
  });
});
