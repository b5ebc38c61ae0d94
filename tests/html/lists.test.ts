/**
 * The list pages (docs/product.md) in the static HTML of the sample build: titles, search box, filter
 * panel with the options and ranges of docs/product.md, the sort control, what is shown without
 * JavaScript, cards with the filter data attributes, the `?experience=` texts kept for the list's
 * islands and when those start, fallbacks, JSON-LD, and the older addresses.
 * The panel at each width, the forms at work and the accessibility sweep: tests/e2e/lists.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import { FILTER_PARAMS } from '../../src/lib/lists/filters.ts';
import { SEARCH_KIND_LABELS, SEARCH_PATH } from '../../src/lib/search/search.ts';
import { LISTS } from '../fixtures/list-pages.ts';
import { byLabel, byRole, byText, jsonLd, one, page, source, textOf } from '../support/dist-pages.ts';
import { islandName, islandProps } from '../support/islands.ts';

/** The filter form: in the 'Filtros' panel, a <details> the page opens on desktop and the visitor on a phone. */
const filtersOf = (path: string) => one(page(path), 'form', 'Filtros', { includeHidden: true });

/**
 * The lists where some record the list shows is rated 5 in the sample (tour 106, provider tour 802,
 * guide 601, an event): only they offer 'Nota 5', which on the others could only answer nothing.
 */
const HAS_FIVE_STARS = new Set(['/all-tours', '/all-providers-tours', '/all-guides', '/all-events']);

/** The card wrapper of item `id` on a list. */
const cardOf = (path: string, id: string) => page(path).querySelector(`.grid > li:has([data-id="${id}"])`);

describe.each(LISTS)('$path', (list) => {
  it('has its title, search box, filter panel, cards and JSON-LD', () => {
    const document = page(list.path);
    expect(byRole(document, 'heading', { level: 1 }).map(textOf)).toEqual([list.title]);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(new RegExp(`${list.path}$`));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toContain('Barra do Bugres');
    if (list.hasBackLink) expect(one(document, 'link', 'Voltar').getAttribute('href')).toBe('/');

    // Search box: a labelled input `q`, shown only where scripts run (its island filters in place; without
    // JavaScript nothing could search, /busca included); a GET form to the site search, narrowed to the list's
    // kind, should the island not arrive.
    const search = one(document, 'searchbox', 'Buscar por nome');
    expect(search.getAttribute('placeholder')).toBe(list.placeholder);
    expect(search.getAttribute('name')).toBe('q');
    const [form] = byRole(document, 'search');
    expect(byRole(document, 'search')).toHaveLength(1);
    expect([form?.getAttribute('method'), form?.getAttribute('action')]).toEqual(['get', SEARCH_PATH]);
    const kind = form?.querySelector('input[type="hidden"][name="tipo"]')?.getAttribute('value') ?? '';
    expect(Object.values(SEARCH_KIND_LABELS)).toContain(kind);
    expect(form?.closest('.js-only')).not.toBeNull();
    expect(byRole(document, 'button', { name: 'Buscar', exact: true })).toHaveLength(1);

    // Results: 'N resultados', one card per item, each with its heading.
    const cards = document.querySelectorAll('.results .grid > li');
    expect(cards.length).toBeGreaterThan(0);
    expect(byText(document, `${cards.length} resultados`)).toHaveLength(1);
    expect(byRole(cards[0] as Element, 'heading', { level: 2 })).toHaveLength(1);

    // Filter panel: a 'Filtros' summary and a form with the legends and ranges of docs/product.md, shown
    // only where scripts run (global.css: .js-only), since only its island can apply it.
    expect(textOf(document.querySelector('details.filters > summary'))).toBe('Filtros');
    const filters = filtersOf(list.path);
    expect(filters.closest('details')?.closest('.js-only')).not.toBeNull();
    expect([...filters.querySelectorAll('legend')].map(textOf)).toEqual(list.legends);
    for (const label of ['Nota 4 ou mais', 'Nota 4,5 ou mais']) expect(byLabel(filters, label), label).toHaveLength(1);
    expect(byLabel(filters, 'Nota 5')).toHaveLength(HAS_FIVE_STARS.has(list.path) ? 1 : 0);
    const [min, max] = [byLabel(filters, 'Mínimo'), byLabel(filters, 'Máximo')];
    expect(min).toHaveLength(1);
    expect(max).toHaveLength(1);
    expect(min[0]?.getAttribute('name')).toBe('preco_min');
    expect(max[0]?.getAttribute('name')).toBe('preco_max');
    for (const input of [min[0], max[0]]) {
      expect(input?.getAttribute('min')).toBe(String(list.price.min));
      expect(input?.getAttribute('max')).toBe(String(list.price.max));
      expect(input?.getAttribute('step')).toBe(String(list.price.step));
    }
    expect(min[0]?.value).toBe(String(list.price.min));
    expect(max[0]?.value).toBe(String(list.price.max));
    expect(byRole(filters, 'button', { name: 'Aplicar filtros', includeHidden: true })).toHaveLength(1);
    expect(one(filters, 'link', 'Limpar', { includeHidden: true }).getAttribute('href')).toBe(list.path);

    // Sort control: 'Ordenar por' with the list's own order first and selected, shown only where scripts run.
    const [order] = byLabel(document, 'Ordenar por', { exact: true });
    expect(order?.tagName).toBe('SELECT');
    expect(order?.getAttribute('name')).toBe('ordem');
    expect(order?.closest('.js-only')).not.toBeNull();
    const options = [...(order?.querySelectorAll('option') ?? [])];
    expect(options[0]?.getAttribute('value')).toBe('');
    expect(options.filter((option) => option.hasAttribute('selected')).map((option) => option.getAttribute('value'))).toEqual([
      '',
    ]);
    // No note that the filters need JavaScript: without it no filter is offered.
    expect(byText(document, /precisam de JavaScript/, { includeHidden: true })).toEqual([]);

    // JSON-LD: an ItemList of the cards and the breadcrumb Início → the list.
    const structured = jsonLd(document);
    const itemList = structured.find((entry) => entry['@type'] === 'ItemList');
    expect(itemList?.numberOfItems).toBe(cards.length);
    const breadcrumb = structured.find((entry) => entry['@type'] === 'BreadcrumbList') as
      | { itemListElement: { name: string; item: string }[] }
      | undefined;
    expect(breadcrumb?.itemListElement.map((entry) => entry.name)).toEqual(['Início', list.title]);
    expect(breadcrumb?.itemListElement[1]?.item).toMatch(new RegExp(`${list.path}$`));
  });
});

// The sample's lists all have prices and ratings (a free event counts as a price); which order a list
// without them offers is tests/unit/list-sort.test.ts.
it.each([
  ['/all-tours', ['Relevância', 'Menor preço', 'Melhor avaliação', 'Nome (A–Z)']],
  ['/all-restaurants', ['Relevância', 'Menor preço', 'Melhor avaliação', 'Nome (A–Z)']],
  // Events are listed by date (docs/product.md): that is their own order.
  ['/all-events', ['Data', 'Menor preço', 'Melhor avaliação', 'Nome (A–Z)']],
])('%s offers its sort orders, its own first', (path, labels) => {
  const [order] = byLabel(page(path), 'Ordenar por', { exact: true });
  const options = [...(order?.querySelectorAll('option') ?? [])];
  expect(options.map(textOf)).toEqual(labels);
  expect(options.map((option) => option.getAttribute('value'))).toEqual(['', 'preco', 'avaliacao', 'nome']);
});

it('the sort control sits beside the count, and the free event says it is free for the sort', () => {
  const document = page('/all-events');
  const [order] = byLabel(document, 'Ordenar por', { exact: true });
  expect(order?.closest('.results')).not.toBeNull();
  // 401 is 'Gratuito': no amount, R$ 0 to the price filter and the sort (itemPrice, src/lib/lists/filters.ts).
  expect(cardOf('/all-events', '401')?.getAttribute('data-free')).toBe('1');
  expect(cardOf('/all-events', '401')?.hasAttribute('data-price')).toBe(false);
  expect(cardOf('/all-events', '405')?.hasAttribute('data-free')).toBe(false);
});

it('the tour list offers docs/product.md options that some tour matches: experiences, localities, durations', () => {
  const form = filtersOf('/all-tours');
  expect(form.querySelectorAll('input[name="experience"]').length).toBeGreaterThanOrEqual(9);
  expect(byLabel(form, 'Experiência de Pesca Esportiva')[0]?.getAttribute('value')).toBe('Experiência de Pesca Esportiva');
  expect(byLabel(form, 'Barra do Bugres').map((input) => input.getAttribute('name'))).toEqual(['localidade']);
  const durations = [...form.querySelectorAll<HTMLInputElement>('input[name="duracao"]')].map((input) => input.value);
  // No tour of the sample lasts an hour or less (the shortest, 111 and 112, two hours): no 'Até 1h'.
  expect(durations).toEqual(['2', '4', '5']);
  for (const label of ['1-2h', '2-4h', '4h+']) expect(byLabel(form, label, { exact: true }), label).toHaveLength(1);
  expect(byLabel(form, 'Até 1h', { exact: true })).toHaveLength(0);
});

it('accommodation filters by 1, 2 and 3+ nights; restaurants by the four meal periods', () => {
  for (const [path, options] of [
    [
      '/all-accommodation',
      [
        ['1 noite', '1'],
        ['2 noites', '2'],
        ['3+ noites', '3'],
      ],
    ],
    [
      '/all-restaurants',
      [
        ['Almoço', '1'],
        ['Jantar', '2'],
        ['Noite', '3'],
        ['Almoço/Jantar', '4'],
      ],
    ],
  ] as const) {
    const form = filtersOf(path);
    for (const [label, value] of options) {
      expect(
        byLabel(form, label, { exact: true }).map((input) => input.getAttribute('value')),
        label,
      ).toEqual([value]);
    }
  }
});

it('each card wrapper carries the values the filtering island needs', () => {
  const tour = cardOf('/all-tours', '101');
  expect(tour?.getAttribute('data-experiences')).toBe('Experiência em Cachoeiras|Ecoturismo|Turismo de Aventura');
  expect(tour?.getAttribute('data-locality')).toBe('Barra do Bugres');
  expect(tour?.getAttribute('data-rating')).toBe('4.9');
  // The price the card shows: R$ 150,00, the sale price under the struck-through R$ 180,00.
  expect(tour?.getAttribute('data-price')).toBe('150');
  expect(tour?.getAttribute('data-discount')).toBe('17');
  expect(tour?.getAttribute('data-duration-hours')).toBe('8');
  expect(cardOf('/all-tours', '111')?.getAttribute('data-duration-hours')).toBe('2');
  // 109 gives no rating and 112 no price: no attribute, so a chosen rating or price leaves them out.
  expect(cardOf('/all-tours', '109')?.hasAttribute('data-rating')).toBe(false);
  expect(cardOf('/all-tours', '112')?.hasAttribute('data-price')).toBe(false);
  // 107's sale price is above its price: the card shows no discount, and 'Em promoção' leaves it out.
  expect(cardOf('/all-tours', '107')?.hasAttribute('data-discount')).toBe(false);

  expect(cardOf('/all-restaurants', '301')?.getAttribute('data-periods')).toBe('1|2|4');
  expect(cardOf('/all-restaurants', '305')?.getAttribute('data-periods')).toBe('3');
  expect(cardOf('/all-accommodation', '207')?.getAttribute('data-nights')).toBe('3');
  // Events: their length in days, from their dates (16 to 25 July) or their duration.
  expect(cardOf('/all-events', '401')?.getAttribute('data-days')).toBe('10');
  expect(cardOf('/all-events', '403')?.getAttribute('data-days')).toBe('3');
});

// The list's islands (tests/html/list-filters.test.ts) apply `?experience=` in the browser: the host serves the
// list's one file, whose islands carry the filtered heading and the no-match message for it.
it('?experience= is applied in the browser: the page ships the filtered heading and no-match message in its islands', () => {
  const providers = page('/all-providers-tours');
  const [heading] = byRole(providers, 'heading', { level: 1 });
  expect(textOf(heading)).toBe('Fornecedores de Atrativos');
  expect(islandProps(providers, 'ListTitle').filteredTitle).toBe('Fornecedores de Atrativos Filtrados por Experiência');
  expect((islandProps(providers, 'ListResults').texts as { noMatch?: string }).noMatch).toBe(
    'Nenhum fornecedor encontrado para as experiências selecionadas: {list}.',
  );
  // Not filtered at build time: every provider is listed, and no message is in the page.
  expect(byText(providers, `${providers.querySelectorAll('.grid > li').length} resultados`)).toHaveLength(1);
  expect(byText(providers, /Nenhum fornecedor encontrado/, { includeHidden: true })).toEqual([]);

  expect(islandProps(page('/all-tours'), 'ListTitle').filteredTitle).toMatch(/Filtrados por Experiência/);
  // An experience's page links its events to their list too (experienceOffers).
  expect(islandProps(page('/all-events'), 'ListTitle').filteredTitle).toBe('Eventos Filtrados por Experiência');
  // Lists that offer no experience filter ship neither.
  const restaurants = page('/all-restaurants');
  expect([...restaurants.querySelectorAll('astro-island')].map(islandName)).not.toContain('ListTitle');
  expect((islandProps(restaurants, 'ListResults').texts as { noMatch?: string }).noMatch).toBeUndefined();
});

it("a list's islands start together, at a reach into any or for an address that filters or sorts", () => {
  const islands = [...page('/all-tours').querySelectorAll('main astro-island')];
  expect(islands.map(islandName)).toEqual(['ListTitle', 'ListSearch', 'ListFilters', 'ListResults']);
  for (const island of islands) {
    expect(island.getAttribute('client')).toBe('reach');
    expect(JSON.parse(island.getAttribute('opts') ?? '{}').value).toEqual({
      group: 'list',
      params: Object.values(FILTER_PARAMS),
    });
  }
});

it('cards of sample records without a location show the fallback text', () => {
  expect(textOf(page('/all-tours').querySelector('[data-id="112"]'))).toContain('Local não informado');
  const provider = page('/all-providers-tours').querySelector('[data-id="807"]');
  expect(textOf(provider)).toContain('Local não informado');
  expect(provider?.querySelector('img')?.getAttribute('src')).toBe('/images/placeholder.svg');
  expect(textOf(page('/all-drivers').querySelector('[data-id="506"]'))).toContain('Local não informado');
});

it('the older addresses of two lists are redirects to the list, written once and alone in the sitemap', () => {
  const sitemap = source('/sitemap-0.xml');
  for (const [older, list] of [
    ['/accommodation', '/all-accommodation'],
    ['/events', '/all-events'],
  ] as const) {
    const html = source(older);
    expect(html).toContain(`<meta http-equiv="refresh" content="0;url=${list}">`);
    expect(html).not.toContain('class="grid');
    expect(sitemap).toContain(`${list}</loc>`);
    expect(sitemap).not.toMatch(new RegExp(`/${older.slice(1)}/?</loc>`));
  }
});
