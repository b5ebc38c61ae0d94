/**
 * The project's client directives (src/directives/{name}.ts, typed in src/directives/client-directives.d.ts):
 * React arrives only when a widget needs it, and never before the page's load (src/directives/hydrate.ts).
 * - reach: a widget the visitor reaches for (the lists' and portals' filters, the search, the photo
 *   viewer, the contact form, the maps and the player on request), or at load for an address that
 *   already filters;
 * - near: the home's carousels, as they come near the view;
 * - due: the hero's slideshow, a second before its first advance;
 * - stored: the favourites, at once only when this browser has saved some.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { init as initLexer, parse as parseModule } from 'es-module-lexer';
import { ISLAND_MODULES_FILE } from '../directives/island-modules.ts';

export const CLIENT_DIRECTIVES = ['reach', 'near', 'due', 'stored'] as const;

export function clientDirectives(): AstroIntegration {
  return {
    name: 'client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        for (const name of CLIENT_DIRECTIVES) addClientDirective({ name, entrypoint: `./src/directives/${name}.ts` });
      },
      'astro:build:done': async ({ dir }) => {
        const distDir = fileURLToPath(dir);
        const graph = await islandModuleGraph(path.join(distDir, ASSETS_DIR));
        await writeFile(path.join(distDir, ISLAND_MODULES_FILE), JSON.stringify(graph), 'utf8');
      },
    },
  };
}

/** Where Astro writes the islands' scripts (its `build.assets`, left at the default). */
const ASSETS_DIR = '_astro';

/**
 * Static imports of a JS module's source (`import x from './a.js'`, `import './b.js'`,
 * `export * from './c.js'`, `export { a } from './d.js'`), as es-module-lexer reads them: strings,
 * comments and dynamic import() are not imports.
 */
export function staticImports(source: string): string[] {
  const [imports] = parseModule(source);
  return imports.flatMap((entry) => (entry.type === 'static' || entry.type === 'reexport-star' ? [entry.specifier] : []));
}

/**
 * Each script of `assetsDir` that imports others, with the file names it imports statically (they
 * sit beside it): an island's module graph, which a browser discovers one level per round trip. The
 * directives read it (src/directives/island-modules.ts) to ask for a whole island at once.
 */
export async function islandModuleGraph(assetsDir: string): Promise<Record<string, string[]>> {
  await initLexer();
  const graph: Record<string, string[]> = {};
  const files = (await readdir(assetsDir)).filter((file) => file.endsWith('.js')).sort();
  for (const file of files) {
    const names = staticImports(await readFile(path.join(assetsDir, file), 'utf8'))
      .filter((specifier) => specifier.startsWith('./'))
      .map((specifier) => path.posix.basename(specifier));
    if (names.length > 0) graph[file] = [...new Set(names)];
  }
  return graph;
}
