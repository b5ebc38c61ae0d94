/**
 * The layers over the page in the static HTML of the sample build: the header's search entry and the drawer's
 * box, /busca's box and a gallery's thumbnails are what a visitor without JavaScript uses (a link to /busca, GET
 * forms to it, links to the large photos), each inside an island that waits for the visitor's reach
 * (`client:reach`), so nothing of search or of the viewer is fetched with the page, and no dialog is in it; an
 * event's dates are in the search index, as words and as the meta its result shows.
 * What they do in a browser: tests/e2e/search.spec.ts and tests/e2e/interaction.spec.ts; what the search index finds:
 * tests/html/search-index.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { byRole, byText, DIST, one, page, region, textOf } from '../support/dist-pages.ts';

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

describe("an event's dates in the search index", () => {
  it('are the meta a result shows and words the index holds: its month by name finds it', () => {
    // Event 401 of the sample runs 16 to 25 July 2027; its page shows the dates in chips the index skips.
    const document = page('/event/401');
    const body = document.querySelector('[data-pagefind-body]') as Element;
    expect(body.querySelector('[data-pagefind-meta="date:16 a 25 de julho de 2027"]')).not.toBeNull();
    const words = byText(body, '16 a 25 de julho de 2027', { includeHidden: true }).filter(
      (element) => !element.closest('[data-pagefind-ignore]'),
    );
    expect(words).toHaveLength(1);
    // What Pagefind made of the page (its fragment: gzip, a signature, then JSON): the month is among its words.
    const fragments = readdirSync(path.join(DIST, 'pagefind', 'fragment')).map((file) => {
      const data = gunzipSync(readFileSync(path.join(DIST, 'pagefind', 'fragment', file))).toString('utf8');
      return JSON.parse(data.slice(data.indexOf('{'))) as { url: string; content: string; meta: Record<string, string> };
    });
    const fragment = fragments.find((entry) => entry.url === '/event/401.html');
    expect(fragment?.meta.date).toBe('16 a 25 de julho de 2027');
    expect(fragment?.content).toMatch(/\bjulho\b/);
    // A page that is no event has no date.
    expect(fragments.find((entry) => entry.url === '/tour/101.html')?.meta.date).toBeUndefined();
  });
});

describe('a gallery', () => {
  it('links each thumbnail and "Mais 3 fotos" to its large photo, in the viewer’s island that waits for the first reach', () => {
    const gallery = region(page('/tour/101'), 'Galeria de fotos');
    const links = [...gallery.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('data-index'))).toEqual(['0', '1', '2', '3', '4', '5', '6']);
    expect(links.at(-1)?.textContent?.trim()).toBe('Mais 3 fotos');
    // The tile says it, not a line of text under the gallery.
    expect(textOf(gallery)).not.toContain('mais fotos disponíveis');
    // A tile of the photos' grid, sized as they are (tests/e2e/hands.spec.ts measures it).
    expect(links.at(-1)?.closest('li')?.parentElement).toBe(links[0]?.closest('ul'));
    for (const link of links) {
      expect(link.getAttribute('href')).toMatch(/^\/_astro\/[\w.-]+\.webp$/);
      // The island opens it itself: held if chosen before React came (src/directives/hydrate.ts).
      expect(link.hasAttribute('data-island-control')).toBe(true);
    }
    expect(islandOf(links[0] as Element)).toEqual({ component: 'PhotoViewer', client: 'reach', value: {} });
    expect(gallery.querySelector('dialog')).toBeNull();
  });

  it('without JavaScript, is what the page serves: the thumbnails lead to the large photos, with no viewer and no carousel button', () => {
    const document = page('/tour/101');
    expect(region(document, 'Galeria de fotos').querySelector('[data-gallery] a')?.getAttribute('href')).toMatch(/^\/_astro\//);
    expect(document.querySelector('dialog, [role="dialog"]')).toBeNull();
    expect(byRole(document, 'button', { name: /^Próximo/ })).toHaveLength(0);
  });
});
