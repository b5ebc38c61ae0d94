/**
 * The blog's pages as a tree (WordPress's `parent` and `menu_order`): which pages hang from the top of
 * the tree, which are cut off from it (their parent is not published), and each page's children in the
 * editors' order. Pure, so the sync (which reports the cut-off pages) and the pages (which list the
 * guide's children) share it without Astro.
 */

/** What the tree needs of a page. */
export interface PageNode {
  id: string;
  /** The parent page's id; null at the top of the tree. */
  parent: string | null;
  /** WordPress's `menu_order`: the editors' order among siblings, smallest first. */
  menuOrder: number;
  title: string;
  slug: string;
}

/** Why a page is cut off from the tree. */
export type OrphanReason =
  /** Its parent is not among the published pages (a draft, a private page, one deleted). */
  | 'missing-parent'
  /** Its parent is published but cut off itself. */
  | 'parent-left-out'
  /** Its parents lead back to itself, never to the top. */
  | 'loop';

interface Orphan<Page extends PageNode> {
  page: Page;
  reason: OrphanReason;
}

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** The editors' order of siblings: `menu_order`, then the title, then the id (so the order never depends on the answer's). */
export function byMenuOrder(a: PageNode, b: PageNode): number {
  return a.menuOrder - b.menuOrder || collator.compare(a.title, b.title) || collator.compare(a.id, b.id);
}

/** The children of `parent` (null: the top of the tree) in the editors' order. */
export function childrenOf<Page extends PageNode>(pages: readonly Page[], parent: string | null): Page[] {
  return pages.filter((page) => page.parent === parent).sort(byMenuOrder);
}

/**
 * The pages that hang from the top of the tree, in the order given, and those cut off from it, each
 * with why: a page whose parent is not published, every page below it, and pages whose parents loop.
 */
export function rootedPages<Page extends PageNode>(pages: readonly Page[]): { rooted: Page[]; orphans: Orphan<Page>[] } {
  const byId = new Map(pages.map((page) => [page.id, page]));
  const children = new Map<string, string[]>();
  for (const page of pages) {
    if (page.parent === null) continue;
    const siblings = children.get(page.parent) ?? [];
    siblings.push(page.id);
    children.set(page.parent, siblings);
  }
  const reached = new Set<string>();
  const queue = pages.filter((page) => page.parent === null).map((page) => page.id);
  for (let index = 0; index < queue.length; index += 1) {
    const id = queue[index] as string;
    if (reached.has(id)) continue;
    reached.add(id);
    queue.push(...(children.get(id) ?? []));
  }
  const orphans = pages
    .filter((page) => !reached.has(page.id))
    .map((page): Orphan<Page> => ({ page, reason: reasonOf(page, byId) }));
  return { rooted: pages.filter((page) => reached.has(page.id)), orphans };
}

/** Why a page that is not reached from the top is cut off: the first missing parent up its chain, else a loop. */
function reasonOf<Page extends PageNode>(page: Page, byId: ReadonlyMap<string, Page>): OrphanReason {
  const seen = new Set<string>([page.id]);
  let parent = page.parent;
  let isDirect = true;
  while (parent !== null) {
    const next = byId.get(parent);
    if (!next) return isDirect ? 'missing-parent' : 'parent-left-out';
    if (seen.has(next.id)) return 'loop';
    seen.add(next.id);
    parent = next.parent;
    isDirect = false;
  }
  // Unreachable: a chain that ends at the top was reached.
  return 'loop';
}
