/**
 * The layers over the page in the static HTML of the sample build: the header's search entry and the drawer's
 * box, /busca's box and a gallery's thumbnails are what a visitor without JavaScript uses (a link to /busca, GET
 * forms to it, links to the large photos), each inside an island that waits for the visitor's reach
 * (`client:reach`), so nothing of search or of the viewer is fetched with the page, and no dialog is in it.
 * What they do in a browser: tests/e2e/search.spec.ts and interaction.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import { one, page, region } from '../support/dist-pages.ts';

/** The island around `element`, with its directive and the options Astro wrote for it. */
function islandOf(element: Element): { component: string; client: string | null; value: unknown } {
  const island = element.closest('astro-island');
  if (!island) throw new Error('not in an island');
  const opts = JSON.parse(island.getAttribute('opts') ?? '{}') as { name?: string; value?: unknown };
  return { component: opts.name ?? '', client: island.getAttribute('client'), value: opts.value ?? null };
}

describe("the header's search", () => {
  it.each(['/about', '/tour/101', '/news/1271'])(
    'on %s: a link to /busca and a GET form to it, the islands of one group that start at the first reach',
    (sitePath) => {
      const document = page(sitePath);
      const entry = document.getElementById('busca') as Element;
      expect(entry.matches('a[href="/busca"][aria-haspopup="dialog"]')).toBe(true);
      expect(islandOf(entry)).toEqual({ component: 'SearchDialog', client: 'reach', value: { group: 'search' } });
      const form = document.querySelector('.site-header details.drawer form') as HTMLFormElement;
      expect(form.getAttribute('action')).toBe('/busca');
      expect(form.getAttribute('method')).toBe('get');
      expect(form.classList.contains('js-only')).toBe(true);
      expect(form.querySelector('input[type="search"][name="q"]')).not.toBeNull();
      expect(islandOf(form)).toEqual({ component: 'DrawerSearch', client: 'reach', value: { group: 'search' } });
      // The dialog is drawn when it opens: none in the page.
      expect(document.querySelector('dialog')).toBeNull();
    },
  );

  it("on /busca the entry is for the page's own box, which waits for a query in the address or the first reach", () => {
    const document = page('/busca');
    const entry = document.getElementById('busca') as Element;
    expect(entry.matches('a[href="/busca"]')).toBe(true);
    expect(entry.hasAttribute('aria-haspopup')).toBe(false);
    const box = one(document.querySelector('main') as Element, 'searchbox', 'Buscar no portal');
    expect(box.id).toBe('busca-q');
    expect(box.closest('form')?.classList.contains('js-only')).toBe(true);
    expect(islandOf(box)).toEqual({ component: 'SearchPage', client: 'reach', value: { params: ['q', 'tipo'] } });
    // Without JavaScript: why there is no box, and the lists.
    expect(document.querySelector('main .no-js-only')?.textContent).toContain('A busca precisa do JavaScript do navegador');
    expect(one(document, 'list', 'Listas do portal')).toBeTruthy();
  });
});

describe('a gallery', () => {
  it('links each thumbnail and "Mais 3 fotos" to its large photo, in the viewer’s island that waits for the first reach', () => {
    const gallery = region(page('/tour/101'), 'Galeria de fotos');
    const links = [...gallery.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('data-index'))).toEqual(['0', '1', '2', '3', '4', '5', '6']);
    expect(links.at(-1)?.textContent?.trim()).toBe('Mais 3 fotos');
    for (const link of links) {
      expect(link.getAttribute('href')).toMatch(/^\/_astro\/[\w.-]+\.webp$/);
      // The island opens it itself: held if chosen before React came (src/directives/hydrate.ts).
      expect(link.hasAttribute('data-island-control')).toBe(true);
    }
    expect(islandOf(links[0] as Element)).toEqual({ component: 'PhotoViewer', client: 'reach', value: {} });
    expect(gallery.querySelector('dialog')).toBeNull();
  });
});
