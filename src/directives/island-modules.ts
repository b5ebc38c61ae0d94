/**
 * An island's whole module graph asked for at once. A browser finds a module's imports only once the
 * module has come, so an island whose code is several imports deep costs one round trip per level:
 * on a rural 3G link, most of the wait after a tap. The build writes each script's static imports
 * (ISLAND_MODULES_FILE, src/integrations/client-directives.ts); with it, every module of an island is
 * asked for together with `<link rel="modulepreload">`, which fetches and compiles but runs nothing.
 */

/** The file beside the site's pages: each script of `_astro/` with the scripts it imports, by file name. */
export const ISLAND_MODULES_FILE = 'island-modules.json';

type ModuleGraph = Readonly<Record<string, readonly string[]>>;

/**
 * The graph, fetched once per page (each directive carries its own copy of this module: the window holds it), at
 * a low priority: it may be asked for while the page's own photos still load.
 */
function moduleGraph(scriptUrl: URL): Promise<ModuleGraph> {
  const page = window as Window & { islandModules?: Promise<ModuleGraph> };
  page.islandModules ??= fetch(new URL(`../${ISLAND_MODULES_FILE}`, scriptUrl), { priority: 'low' })
    .then((response) => (response.ok ? (response.json() as Promise<ModuleGraph>) : {}))
    .catch(() => ({}));
  return page.islandModules;
}

/** `entry` and every script it imports, directly or not, as addresses. */
function withImports(entry: URL, graph: ModuleGraph): URL[] {
  const found = new Map<string, URL>();
  const visit = (url: URL) => {
    const name = url.pathname.split('/').pop() ?? '';
    if (found.has(url.href)) return;
    found.set(url.href, url);
    for (const imported of graph[name] ?? []) visit(new URL(imported, url));
  };
  visit(entry);
  return [...found.values()];
}

/**
 * Starts fetching the graph (`scriptUrl`: any script of `_astro/`), so that an island's start asks for all its
 * modules in one round trip instead of two: the graph's, then its modules'. A tap made right after the page's
 * load would otherwise wait for both.
 */
export function fetchModuleGraph(scriptUrl: string): void {
  void moduleGraph(new URL(scriptUrl, document.baseURI));
}

/**
 * Asks for the scripts at `urls` (an island's `component-url`, its `renderer-url`) and everything they
 * import, in parallel. A graph that cannot be fetched (offline, an older page) asks for nothing: the
 * island then loads as the browser finds its modules.
 */
export async function preloadModules(urls: readonly string[]): Promise<void> {
  const [first] = urls;
  if (first === undefined) return;
  const graph = await moduleGraph(new URL(first, document.baseURI));
  for (const url of urls) {
    for (const module of withImports(new URL(url, document.baseURI), graph)) {
      if (document.head.querySelector(`link[rel="modulepreload"][href="${module.href}"]`)) continue;
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = module.href;
      document.head.append(link);
    }
  }
}
