/**
 * @vitest-environment jsdom
 */
/**
 * The news and testimonials portals' islands (src/islands/PortalSearch.tsx, PortalResults.tsx) at work
 * on the sample build's own portal pages, without a browser (hydrated by tests/support/islands.ts): the
 * index and the other static pages come from dist/ served on 127.0.0.1 (scripts/serve.ts), as a host
 * serves them, and a fault can be injected on one path. Search, chips, pages of 12 with first and
 * last, the address as the state (Back), the empty state and the load error with its retry.
 * What needs a browser (hydration on demand, the cards' layout, hearts, sharing, axe at each width)
 * is tests/e2e/portal-behaviour.spec.ts. Sample data: 30 news, 30 testimonials.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { type StaticServer, startStaticServer } from '../../scripts/serve.ts';
import { byRole, byText, DIST, one, showBuiltPage, textOf } from '../support/dist-pages.ts';
import { hydrateIslands, letStoresGo, unmountIslands } from '../support/islands.ts';
import { address, click, goTo, submit } from '../support/page-module.ts';

// The stores of the islands unmounted last let go of the window before the file's document closes.
afterAll(letStoresGo);

let host: StaticServer;
/** The paths the page fetched, in order. */
let fetched: string[] = [];
/** Paths the host answers with a 404 while listed here. */
let failing = new Set<string>();

beforeAll(async () => {
  host = await startStaticServer({ root: DIST, port: 0, host: '127.0.0.1' });
});

afterAll(() => host.close());

beforeEach(() => {
  fetched = [];
  failing = new Set();
  const realFetch = globalThis.fetch;
  // The page fetches '/news/index.json' as a browser does: relative to its own origin, here the local host.
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const url = new URL(input, host.origin);
    fetched.push(url.pathname);
    if (failing.has(url.pathname)) url.pathname = `/nothing-here${url.pathname}`;
    return realFetch(url, init);
  });
  // jsdom lays nothing out: bringing the results into view is a browser's part.
  Element.prototype.scrollIntoView = () => {};
});

afterEach(() => {
  // The islands stop listening to the address with their page.
  unmountIslands();
  vi.unstubAllGlobals();
});

/** The portal page of `address` from dist/, its islands hydrated (fresh modules, so fresh stores), as a first reach does. */
async function openPortal(address: string): Promise<void> {
  unmountIslands();
  showBuiltPage(address);
  vi.resetModules();
  await hydrateIslands();
}

const parts = () => ({
  search: one(document, 'searchbox', /^Buscar (notícias|depoimentos)$/) as HTMLInputElement,
  status: document.querySelector('.portal-status') as HTMLElement,
  results: document.querySelector('[data-portal-results]') as HTMLElement,
  staticResults: document.querySelector('[data-portal-static]') as HTMLElement,
});

/** Types `text` in the search box and presses Enter. */
function search(text: string): void {
  const { search } = parts();
  search.value = text;
  submit(search.form as HTMLFormElement);
}

const chip = (name: string) => one(one(document, 'list', 'Categorias'), 'link', name);
const pagination = () => one(parts().results, 'navigation', 'Paginação');
/** The ids of the result cards, the large one first. */
const resultIds = () => [...parts().results.querySelectorAll<HTMLElement>('article[data-id]')].map((card) => card.dataset.id);
const leadIds = () => [...parts().results.querySelectorAll<HTMLElement>('article.lead')].map((card) => card.dataset.id);

/** Waits for what the network brings: the index and the pages, parsed by jsdom, on a machine the tests share. */
const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 5000 });

/** The status line says `text` once the results are drawn. */
const expectStatus = (text: string) => waitFor(() => expect(textOf(parts().status)).toBe(text));

it('search and chips: accent- and case-insensitive, the large card first, the index fetched once, Back', async () => {
  await openPortal('/news?utm_source=boletim');
  // A campaign parameter is not a filter: the page stays as served.
  expect(parts().results.hidden).toBe(true);
  expect(fetched).toEqual([]);
  search('JULIAO');
  await expectStatus('3 notícias encontradas');
  expect(address()).toBe('/news?q=JULIAO');
  expect(parts().staticResults.hidden).toBe(true);
  // 'Julião' is in a title, a summary or a tag of each.
  expect(leadIds()).toEqual(['1241']);
  expect(resultIds().slice(0, 2)).toEqual(['1241', '1236']);

  // A chip keeps the search.
  click(chip('Eventos'));
  await expectStatus('1 notícia encontrada');
  expect(address()).toBe('/news?q=JULIAO&categoria=Eventos');
  expect(parts().results.querySelector('article')?.getAttribute('data-category')).toBe('Eventos');
  expect(chip('Eventos').getAttribute('aria-current')).toBe('true');
  expect(chip('Todas').hasAttribute('aria-current')).toBe(false);

  goTo('/news?q=JULIAO');
  await expectStatus('3 notícias encontradas');
  expect(chip('Todas').getAttribute('aria-current')).toBe('true');
  goTo('/news?utm_source=boletim');
  await waitFor(() => expect(parts().staticResults.hidden).toBe(false));
  expect([parts().results.hidden, textOf(parts().status), parts().search.value]).toEqual([true, '', '']);
  goTo('/news?q=JULIAO');
  await expectStatus('3 notícias encontradas');
  expect(parts().search.value).toBe('JULIAO');
  expect(fetched.filter((path) => path === '/news/index.json')).toHaveLength(1);
});

it('pages of 12 with first and last; the next page lands on the results; a chip or a search goes back to page 1', async () => {
  await openPortal('/news?q=rio');
  await expectStatus('14 notícias encontradas – página 1 de 2');
  expect([resultIds().length, leadIds().length]).toEqual([12, 1]);
  expect(byText(pagination(), 'Primeira', { exact: true })[0]?.getAttribute('aria-disabled')).toBe('true');
  expect(one(pagination(), 'link', 'Última').getAttribute('href')).toBe('/news?q=rio&pagina=2');

  click(one(pagination(), 'link', 'Próxima'));
  await expectStatus('14 notícias encontradas – página 2 de 2');
  expect(address()).toBe('/news?q=rio&pagina=2');
  // Later pages are all grid cards.
  expect([resultIds().length, leadIds().length]).toEqual([2, 0]);
  expect(document.activeElement).toBe(parts().results);
  expect(byText(pagination(), 'Última', { exact: true })[0]?.getAttribute('aria-disabled')).toBe('true');
  expect(textOf(pagination().querySelector('[aria-current="page"]'))).toMatch(/2$/);

  click(one(pagination(), 'link', 'Primeira'));
  await expectStatus('14 notícias encontradas – página 1 de 2');
  expect(address()).toBe('/news?q=rio');
  click(one(pagination(), 'link', 'Última'));
  await waitFor(() => expect(address()).toBe('/news?q=rio&pagina=2'));
  click(chip('Meio Ambiente'));
  await waitFor(() => expect(address()).toBe('/news?q=rio&categoria=Meio+Ambiente'));
  await waitFor(() => expect(textOf(parts().status)).toMatch(/^\d+ notícias? encontradas?$/));
  expect(resultIds().length).toBeGreaterThan(0);
  for (const card of parts().results.querySelectorAll('article'))
    expect(card.getAttribute('data-category')).toBe('Meio Ambiente');

  await openPortal('/news?q=rio&pagina=2');
  await expectStatus('14 notícias encontradas – página 2 de 2');
  search('barra');
  await expectStatus('8 notícias encontradas');
  expect(address()).toBe('/news?q=barra');
});

it('nothing found offers Limpar Filtros, back to the whole portal as served, with the search box to type again', async () => {
  await openPortal('/news');
  click(chip('Gastronomia'));
  await expectStatus('4 notícias encontradas');
  search('natal');
  await waitFor(() => expect(byText(parts().results, 'Nenhuma notícia encontrada')).not.toEqual([]));
  expect(address()).toBe('/news?q=natal&categoria=Gastronomia');
  expect(byRole(parts().results, 'navigation', { name: 'Paginação' })).toEqual([]);
  click(one(parts().results, 'button', 'Limpar Filtros'));
  await waitFor(() => expect(parts().staticResults.hidden).toBe(false));
  expect(address()).toBe('/news');
  expect(parts().staticResults.querySelector('article.lead')?.getAttribute('data-id')).toBe('1305');
  expect(parts().search.value).toBe('');
  expect(document.activeElement).toBe(parts().search);
});

it('a filtered link opens filtered; a search from a later static page comes back to that page', async () => {
  await openPortal('/news?categoria=gastronomia');
  await expectStatus('4 notícias encontradas');
  expect(parts().results.querySelectorAll('article:not([data-category="Gastronomia"])')).toHaveLength(0);

  await openPortal('/news/page/2');
  search('natal');
  await waitFor(() => expect(resultIds()).toHaveLength(2));
  expect(address()).toBe('/news?q=natal');
  goTo('/news/page/2');
  await waitFor(() => expect(parts().staticResults.hidden).toBe(false));
  expect(parts().staticResults.querySelectorAll('article[data-id]')).toHaveLength(12);
  expect(parts().results.hidden).toBe(true);
});

it('testimonials: search, pages and the empty state; the results are cards of the static pages, each fetched once', async () => {
  await openPortal('/testimonials');
  // Every sample feedback is about a tour: a 'Tours' chip would list them all, and another none.
  expect(byRole(document, 'list', { name: 'Experiências' })).toEqual([]);
  search('ninguem escreveu isto');
  await waitFor(() => expect(byText(parts().results, 'Nenhum depoimento encontrado')).not.toEqual([]));
  click(one(parts().results, 'button', 'Limpar Filtros'));
  await waitFor(() => expect(parts().staticResults.hidden).toBe(false));
  expect(address()).toBe('/testimonials');

  // 'de' is in 27 of the 30 testimonials: three pages of results.
  search('DE');
  await expectStatus('27 depoimentos encontrados – página 1 de 3');
  expect([resultIds().length, leadIds().length]).toEqual([12, 1]);
  click(one(pagination(), 'link', 'Última'));
  await expectStatus('27 depoimentos encontrados – página 3 de 3');
  expect(address()).toBe('/testimonials?q=DE&pagina=3');
  expect(resultIds()).toHaveLength(3);
  expect(parts().results.querySelector('article .rating')?.getAttribute('aria-label')).toMatch(/^Nota \d+(?:,5)? de 5$/);

  search('CACHOEIRA');
  await expectStatus('3 depoimentos encontrados');
  for (const card of parts().results.querySelectorAll('article')) expect(textOf(card)).toMatch(/cachoeira/i);
  expect(textOf(document.querySelector('.portal-hero'))).toContain('30 depoimentos');
  const pagesFetched = fetched.filter((path) => path.startsWith('/testimonials/page/'));
  expect(new Set(pagesFetched).size).toBe(pagesFetched.length);
  expect(fetched.filter((path) => path === '/testimonials/index.json')).toHaveLength(1);
});

it("an index that does not come says so, and 'Tentar novamente' brings the results", async () => {
  await openPortal('/news');
  failing.add('/news/index.json');
  search('rio');
  await waitFor(() => expect(byRole(parts().results, 'alert')).toHaveLength(1));
  const alert = byRole(parts().results, 'alert')[0] as Element;
  expect(textOf(alert)).toContain('Erro ao carregar notícias. Tente novamente.');
  expect(textOf(parts().status)).toBe('');
  expect(parts().staticResults.hidden).toBe(true);
  expect(document.querySelector('[aria-busy]')).toBeNull();
  failing.clear();
  click(one(alert, 'button', 'Tentar novamente'));
  await expectStatus('14 notícias encontradas – página 1 de 2');
  expect(byRole(parts().results, 'alert')).toEqual([]);
  expect(fetched.filter((path) => path === '/news/index.json')).toHaveLength(2);
});

it('a page of cards that does not come is the same error, and the retry fetches only what is missing', async () => {
  await openPortal('/news');
  // The first 12 results for 'rio' are cards of the static pages 1 (this one), 2 and 3.
  failing.add('/news/page/3');
  search('rio');
  await waitFor(() => expect(byRole(parts().results, 'alert')).toHaveLength(1));
  failing.clear();
  click(one(parts().results, 'button', 'Tentar novamente'));
  await expectStatus('14 notícias encontradas – página 1 de 2');
  const count = (path: string) => fetched.filter((each) => each === path).length;
  expect([count('/news/index.json'), count('/news/page/2'), count('/news/page/3')]).toEqual([1, 1, 2]);
});
