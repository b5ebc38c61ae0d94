/**
 * The import rule of docs/architecture.md (Layers): the build (astro.config.mjs and everything under
 * src/) never imports the sync or the gate in scripts/, and the pure logic of src/lib/ never imports
 * pages, components or islands. Checked over the source text, import by import.
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

describe('layers', () => {
  it('reads relative imports, static and dynamic, and resolves them from the importing file', () => {
    const text = `import a from '../../scripts/verify/x.ts';\nconst b = await import('./y.ts');\nimport c from 'astro';\nimport raw from '../scripts/z.js?raw';`;
    expect(importsOf('src/lib/q.ts', text)).toEqual(['scripts/verify/x.ts', 'src/lib/y.ts', 'src/scripts/z.js']);
  });

  it('the build (astro.config.mjs, src/) never imports scripts/', () => {
    expect(crossings(['astro.config.mjs', ...sourceFiles('src')], ['scripts'])).toEqual([]);
  });

  it('src/lib/ never imports pages, components, layouts or islands', () => {
    const higher = ['src/pages', 'src/components', 'src/layouts', 'src/islands'];
    expect(crossings(sourceFiles('src/lib'), higher)).toEqual([]);
  });
});
