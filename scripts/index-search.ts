/**
 * The site search index, the last step of `npm run build`: Pagefind's Node API reads the
 * built pages in dist/ and writes its bundle to dist/pagefind/. Only pages marked
 * `data-pagefind-body` (item, experience, news and testimonial details, the visitor's guide) are indexed,
 * all in one Portuguese index (Portuguese stemming), whatever a page's own `lang`.
 *
 * Usage: node scripts/index-search.ts [siteDir]   (default: dist)
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { close, createIndex } from 'pagefind';
import { listFiles } from '../src/integrations/site-files.ts';
import { pageFiles } from '../src/integrations/static-hosting.ts';

const root = path.resolve(import.meta.dirname, '..');
const site = path.resolve(root, process.argv[2] ?? 'dist');
const output = path.join(site, 'pagefind');

/** Fails the build with Pagefind's own messages. */
function fail(step: string, errors: string[]): never {
  console.error(`Índice de busca: ${step} falhou:\n${errors.join('\n')}`);
  process.exit(1);
}

// A stale bundle from an earlier build would otherwise keep fragments of pages that are gone.
rmSync(output, { recursive: true, force: true });

const { index, errors } = await createIndex({
  // Share buttons, visually hidden helper texts and icons add words nobody searches for.
  excludeSelectors: ['svg', '.visually-hidden'],
  // One index, in Portuguese, for every page: the visitor's guide in Spanish and English (`lang="es"`, `"en"`) is
  // found from any page, and a search from those pages reaches the portal's lists, which are in Portuguese. By
  // their own `lang`, Pagefind would make an index per language and search only the page's own.
  forceLanguage: 'pt-br',
});
if (!index) fail('createIndex', errors);

// Each page once: its folder form {path}/index.html (src/integrations/static-hosting.ts) is the same page.
const added = { errors: [] as string[], page_count: 0 };
const pages = pageFiles(await listFiles(site));
// A few at a time: Pagefind's service works on them while the next ones are read.
for (let start = 0; start < pages.length; start += 16) {
  const responses = await Promise.all(
    pages
      .slice(start, start + 16)
      .map(async (file) => index.addHTMLFile({ sourcePath: file, content: await readFile(path.join(site, file), 'utf8') })),
  );
  for (const response of responses) {
    added.errors.push(...response.errors);
    if (response.file?.url) added.page_count += 1;
  }
}
if (added.errors.length > 0) fail('addHTMLFile', added.errors);
if (added.page_count === 0) fail('addHTMLFile', [`nenhuma página encontrada em ${site}`]);

const written = await index.writeFiles({ outputPath: output });
if (written.errors.length > 0) fail('writeFiles', written.errors);

// The site has its own search dialog: Pagefind's ready-made UIs would only be dead weight on the host.
// Its worker too: the search runs on the page's thread (noWorker, src/islands/pagefind.ts). Of the WebAssembly
// files, one per language Pagefind knows, the browser fetches only the one each indexed language names in the
// entry file ('unknown' for a language without its own).
const entry = JSON.parse(readFileSync(path.join(output, 'pagefind-entry.json'), 'utf8')) as {
  languages: Record<string, { wasm?: string }>;
};
const wasmFiles = new Set(Object.values(entry.languages).map(({ wasm }) => `wasm.${wasm || 'unknown'}.pagefind`));
for (const file of readdirSync(output)) {
  const isUnused =
    /^pagefind-(ui|modular-ui|component-ui|highlight)\.(js|css)$/.test(file) ||
    file === 'pagefind-worker.js' ||
    (/^wasm\..+\.pagefind$/.test(file) && !wasmFiles.has(file));
  if (isUnused) rmSync(path.join(output, file));
}

console.log(
  `Índice de busca: ${added.page_count} páginas indexadas em ${path.relative(root, written.outputPath) || written.outputPath}`,
);
await close();
