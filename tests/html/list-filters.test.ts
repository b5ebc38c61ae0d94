/**
 * @vitest-environment jsdom
 */
/**
 * The list's islands (src/islands/ListSearch.tsx, ListFilters.tsx, ListResults.tsx, ListTitle.tsx) at
 * work on the sample build's own list pages, without a browser: each test puts a page of dist/ in the
 * document, at an address, and hydrates its islands (tests/support/islands.ts) as a visitor's first
 * reach, or the load of a filtered address, does. Every control filters the static cards, the address
 * holds the state (a shared link, the back button), 'Limpar' and the chips clear it, the experience
 * boxes switch the heading and name the experiences when nothing matches, and the sort control orders
 * the cards, with the filters, in the same address.
 * Sample values come from data/sample-snapshot/*.json. What needs a browser (typing, a reload,
 * the islands arriving late, axe) is tests/e2e/filters.spec.ts, the panel at each width tests/e2e/lists.spec.ts; lists of
 * several pages are tests/integration/paged-lists.test.ts.
 */
import { afterAll, expect, it, vi } from 'vitest';
import { byLabel, byText, one, showBuiltPage, textOf } from '../support/dist-pages.ts';
import { hydrateIslands, letStoresGo, unmountIslands } from '../support/islands.ts';
import { address, click, goTo, submit, typeInto } from '../support/page-module.ts';

// The stores of the islands unmounted last let go of the window before the file's document closes.
afterAll(letStoresGo);

/**
 * The list page of `address` from dist/, its islands hydrated (fresh modules each time, so fresh stores);
 * `before` changes the page first, as a visitor can before the islands come.
 */
async function openList(address: string, before?: (body: HTMLElement) => void): Promise<void> {
  unmountIslands();
  showBuiltPage(address);
  before?.(document.body);
  vi.resetModules();
  await hydrateIslands();
}

const filterForm = () => one(document, 'form', 'Filtros', { includeHidden: true }) as HTMLFormElement;
const searchBox = () => one(document, 'searchbox', 'Buscar por nome') as HTMLInputElement;

/** The one control of the filter form labelled `label` (whole label). */
function control(label: string): HTMLInputElement {
  const found = byLabel(filterForm(), label, { exact: true });
  if (found.length !== 1) throw new Error(`${found.length} controls labelled ${label}`);
  return found[0] as HTMLInputElement;
}

/** Ticks or clears a box, as a tap does. */
function setBox(label: string, checked: boolean): void {
  const box = control(label);
  if (box.checked !== checked) box.click();
}

/** The data-id of every card in the grid, in page order. */
const shownIds = () =>
  [...document.querySelectorAll<HTMLElement>('[data-list-grid]:not([hidden]) > li [data-id]')].map((card) => card.dataset.id);

/** The cards shown are `ids`, and the count says how many. */
async function expectShown(ids: string[]): Promise<void> {
  await vi.waitFor(() => expect(shownIds()).toEqual(ids));
  expect(textOf(document.querySelector('[data-list-count]'))).toBe(
    `${ids.length} ${ids.length === 1 ? 'resultado' : 'resultados'}`,
  );
}

const heading = () => textOf(document.querySelector('h1'));

/** The sort control ('Ordenar por'). */
const orderControl = () => byLabel(document, 'Ordenar por', { exact: true })[0] as unknown as HTMLSelectElement;

/** Picks an order, as a visitor does in the list (one change event). */
function chooseOrder(label: string): void {
  const select = orderControl();
  const option = [...select.options].find((candidate) => textOf(candidate) === label);
  if (!option) throw new Error(`no order ${label}`);
  select.value = option.value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/** The tours in their list's own order (data/sample-snapshot/tours.json). */
const TOURS = ['101', '102', '103', '104', '105', '106', '107', '108', '109', '110', '111', '112', '113', '114'];

it('the search box filters by name, ignoring case and accents, after a pause in the typing or at Enter', async () => {
  await openList('/all-tours');
  typeInto(searchBox(), 'VIVENCIA');
  await expectShown(['106']);
  expect(address()).toBe('/all-tours?q=VIVENCIA');
  searchBox().value = 'rio paraguai';
  submit(searchBox().form as HTMLFormElement);
  await expectShown(['102', '104']);
  expect(address()).toBe('/all-tours?q=rio+paraguai');
});

it('locality, period and price filter the restaurants; the price compared is the one shown', async () => {
  await openList('/all-restaurants');
  setBox('Barra do Bugres', true);
  await expectShown(['301', '302', '303', '304', '305', '306', '307', '308', '309', '310']);
  setBox('Noite', true);
  await expectShown(['305', '306']);
  setBox('Noite', false);
  control('Mínimo').value = '50';
  control('Máximo').value = '80';
  submit(filterForm());
  // 301 costs R$ 85,00 but is shown (and charged) at R$ 75,00.
  await expectShown(['301', '302', '304', '305']);
  expect(address()).toBe('/all-restaurants?localidade=Barra+do+Bugres&preco_min=50&preco_max=80');
});

it('a rating leaves out the accommodation without one, never taken for a 5; nights filter', async () => {
  await openList('/all-accommodation');
  setBox('Nota 4,5 ou mais', true);
  // 206 has no rating.
  await expectShown(['201', '203', '204', '205', '207']);
  setBox('Nota 4 ou mais', true);
  await expectShown(['201', '202', '203', '204', '205', '207', '208']);
  setBox('Nota 4 ou mais', false);
  setBox('Nota 4,5 ou mais', false);
  setBox('3+ noites', true);
  await expectShown(['207', '208']);
});

it('duration buckets add up, and a tour without a duration is in none', async () => {
  await openList('/all-tours');
  // 107 gives no duration.
  setBox('1-2h', true);
  await expectShown(['111', '112']);
  setBox('2-4h', true);
  await expectShown(['102', '105', '108', '109', '111', '112']);
  expect(address()).toBe('/all-tours?duracao=2&duracao=4');
});

it("'Em promoção' keeps the items on sale with the other filters; its chip and 'Limpar filtros' clear it", async () => {
  await openList('/all-tours');
  setBox('Em promoção', true);
  // 107's sale price is above its price: no discount on its card, so not on sale.
  await expectShown(['101', '102', '104', '108', '111', '113']);
  expect(address()).toBe('/all-tours?promocao=1');
  setBox('2-4h', true);
  await expectShown(['102', '108']);
  expect(address()).toBe('/all-tours?promocao=1&duracao=4');
  click(one(document, 'button', 'Remover filtro: Em promoção'));
  await expectShown(['102', '105', '108', '109']);
  expect(control('Em promoção').checked).toBe(false);
  click(one(document, 'link', 'Limpar filtros'));
  await vi.waitFor(() => expect(address()).toBe('/all-tours'));
  expect(shownIds()).toHaveLength(14);
  expect(control('2-4h').checked).toBe(false);
});

it('the experience boxes filter and switch the heading; nothing matching names the experiences', async () => {
  await openList('/all-tours');
  expect(heading()).toBe('Passeios');
  setBox('Cultura Indígena', true);
  await expectShown(['106']);
  expect(heading()).toBe('Passeios Filtrados por Experiência');
  setBox('Observação de Aves', true);
  await expectShown([]);
  const message = 'Nenhum passeio encontrado para as experiências selecionadas: Cultura Indígena, Observação de Aves.';
  expect(byText(document, message)).toHaveLength(1);
  setBox('Cultura Indígena', false);
  setBox('Observação de Aves', false);
  await expectShown(['101', '102', '103', '104', '105', '106', '107', '108', '109', '110', '111', '112', '113', '114']);
  expect(heading()).toBe('Passeios');
  expect(byText(document, /Nenhum passeio encontrado/, { includeHidden: true })).toEqual([]);
});

it('no match outside the experience filter shows the shared empty state', async () => {
  await openList('/all-drivers');
  searchBox().value = 'ninguém com este nome';
  submit(searchBox().form as HTMLFormElement);
  await expectShown([]);
  expect(byText(document, 'Nenhum condutor encontrado')).not.toEqual([]);
  expect(byText(document, 'Nenhum resultado para estes filtros.')).not.toEqual([]);
});

it('a shared link is the state: the forms show it, and a part no box names is kept', async () => {
  // 'Cachoeiras' names no checkbox: it is kept as a part of 'Experiência em Cachoeiras'.
  await openList('/all-tours?experience=Cachoeiras&avaliacao=4.5&duracao=5&preco_max=200');
  await expectShown(['101']);
  expect(heading()).toBe('Passeios Filtrados por Experiência');
  expect(control('Nota 4,5 ou mais').checked).toBe(true);
  expect(control('4h+').checked).toBe(true);
  expect(control('Máximo').value).toBe('200');
  // The end of the tours' range (their highest price, R$ 390, rounded up): no bound.
  control('Máximo').value = '400';
  submit(filterForm());
  await expectShown(['101', '113']);
  expect(address()).toBe('/all-tours?experience=Cachoeiras&avaliacao=4.5&duracao=5');
});

it('the back and forward buttons bring the earlier states back, in the cards and the forms', async () => {
  await openList('/all-accommodation');
  setBox('1 noite', true);
  await expectShown(['201', '202', '204', '205', '206']);
  setBox('Nota 4,5 ou mais', true);
  await expectShown(['201', '204', '205']);
  goTo('/all-accommodation?noites=1');
  await expectShown(['201', '202', '204', '205', '206']);
  expect(control('Nota 4,5 ou mais').checked).toBe(false);
  expect(control('1 noite').checked).toBe(true);
  goTo('/all-accommodation');
  await vi.waitFor(() => expect(shownIds()).toHaveLength(9));
  expect(control('1 noite').checked).toBe(false);
  goTo('/all-accommodation?noites=1');
  await expectShown(['201', '202', '204', '205', '206']);
});

it("'Limpar' resets every filter, the search and the price range, and shows the whole list", async () => {
  await openList('/all-guides?q=a&localidade=Barra+do+Bugres&avaliacao=5&preco_min=10&preco_max=100');
  expect(control('Nota 5').checked).toBe(true);
  expect(searchBox().value).toBe('a');
  expect(control('Mínimo').value).toBe('10');
  click(one(filterForm(), 'link', 'Limpar', { includeHidden: true }));
  await vi.waitFor(() => expect(address()).toBe('/all-guides'));
  const total = document.querySelectorAll('[data-list-grid] > li').length;
  expect(textOf(document.querySelector('[data-list-count]'))).toBe(`${total} resultados`);
  expect(searchBox().value).toBe('');
  expect(filterForm().querySelectorAll('input[type="checkbox"]:checked')).toHaveLength(0);
  expect([control('Mínimo').value, control('Máximo').value]).toEqual(['0', '200']);
});

it('?experience= pre-selects the providers’ boxes; two experiences no provider has together are both named', async () => {
  await openList('/all-providers-tours?experience=Experiência no Rio Paraguai');
  expect(heading()).toBe('Fornecedores de Atrativos Filtrados por Experiência');
  // 804 offers it too, but its registration is pending: it is not listed.
  await expectShown(['801']);
  expect(control('Experiência no Rio Paraguai').checked).toBe(true);

  await openList('/all-providers-tours?experience=Cultura Indígena,Turismo Rural');
  await expectShown([]);
  const message = 'Nenhum fornecedor encontrado para as experiências selecionadas: Cultura Indígena, Turismo Rural.';
  expect(byText(document, message)).toHaveLength(1);
  expect([control('Cultura Indígena').checked, control('Turismo Rural').checked]).toEqual([true, true]);
});

it('a choice made before the islands came (kept by their directive) wins over the address', async () => {
  await openList('/all-tours?promocao=1', (body) => {
    const box = body.querySelector<HTMLInputElement>('input[name="duracao"][value="2"]') as HTMLInputElement;
    box.checked = true;
    // What client:reach marks on an island whose form was edited before it ran (src/directives/hydrate.ts).
    box.closest('astro-island')?.setAttribute('data-pending', '');
  });
  await expectShown(['111', '112']);
  expect(address()).toBe('/all-tours?duracao=2');
  expect(control('1-2h').checked).toBe(true);
  expect(filterForm().closest('astro-island')?.hasAttribute('data-pending')).toBe(false);
});

it('a search and an order sent before the islands came are applied when they come', async () => {
  await openList('/all-tours', (body) => {
    const search = body.querySelector<HTMLInputElement>('#lista-busca') as HTMLInputElement;
    search.value = 'rio paraguai';
    search.closest('astro-island')?.setAttribute('data-pending', '');
    const order = body.querySelector<HTMLSelectElement>('select[name="ordem"]') as HTMLSelectElement;
    order.value = 'nome';
    order.closest('astro-island')?.setAttribute('data-pending', '');
  });
  await vi.waitFor(() => expect(address()).toBe('/all-tours?q=rio+paraguai&ordem=nome'));
  await expectShown(['102', '104']);
  expect(orderControl().value).toBe('nome');
  expect(searchBox().value).toBe('rio paraguai');
});

it("'Menor preço' orders the cards by the price they show, the unpriced last; filters keep the order, 'Limpar' too", async () => {
  await openList('/all-tours');
  expect(orderControl().value).toBe('');
  chooseOrder('Menor preço');
  // 107 shows R$ 80 (its sale price is above it); 108 and 110 both R$ 140, in the list's order; 112 and 114 give no price.
  await expectShown(['103', '111', '107', '105', '102', '109', '108', '110', '101', '106', '113', '104', '112', '114']);
  expect(address()).toBe('/all-tours?ordem=preco');
  setBox('Em promoção', true);
  await expectShown(['111', '102', '108', '101', '113', '104']);
  expect(address()).toBe('/all-tours?promocao=1&ordem=preco');
  // The order is no filter: no chip names it, and 'Limpar filtros' leaves it.
  expect(byText(document, /Menor preço/).filter((element) => element.closest('[data-active-filters]'))).toEqual([]);
  click(one(document, 'link', 'Limpar filtros'));
  await vi.waitFor(() => expect(address()).toBe('/all-tours?ordem=preco'));
  await expectShown(['103', '111', '107', '105', '102', '109', '108', '110', '101', '106', '113', '104', '112', '114']);
  expect(orderControl().value).toBe('preco');
  chooseOrder('Relevância');
  await expectShown(TOURS);
  expect(address()).toBe('/all-tours');
});

it("'Melhor avaliação' puts the unrated last, 'Nome (A–Z)' sorts the Portuguese way; Back brings the earlier order", async () => {
  await openList('/all-accommodation?ordem=avaliacao');
  expect(orderControl().value).toBe('avaliacao');
  // 206 has no rating.
  await expectShown(['203', '207', '205', '201', '204', '208', '202', '209', '206']);
  chooseOrder('Nome (A–Z)');
  await expectShown(['202', '209', '207', '206', '204', '201', '208', '205', '203']);
  expect(address()).toBe('/all-accommodation?ordem=nome');
  goTo('/all-accommodation?ordem=avaliacao');
  await expectShown(['203', '207', '205', '201', '204', '208', '202', '209', '206']);
  expect(orderControl().value).toBe('avaliacao');
  goTo('/all-accommodation');
  await expectShown(['201', '202', '203', '204', '205', '206', '207', '208', '209']);
  expect(orderControl().value).toBe('');
});

it('events are in date order of their own; by price the free one comes first', async () => {
  await openList('/all-events?ordem=preco');
  // 401 is 'Gratuito'; 406 shows R$ 30; 407 and 402 give no price.
  await expectShown(['401', '403', '406', '405', '404', '407', '402']);
  expect(textOf(orderControl().options[0] ?? null)).toBe('Data');
});

it("a free event stays under a price limit, and 'Gratuito' keeps the free ones only", async () => {
  await openList('/all-events?preco_max=50');
  // In date order: 405 at R$ 40, 403 at R$ 10, 401 'Gratuito' (R$ 0), 406 at R$ 30; the others cost more or give no price.
  await expectShown(['405', '403', '401', '406']);
  setBox('Gratuito', true);
  await expectShown(['401']);
  expect(address()).toBe('/all-events?gratuito=1&preco_max=50');
});

it('an address asking for an order the list does not have keeps its own', async () => {
  await openList('/all-tours?ordem=data');
  await expectShown(TOURS);
  expect(orderControl().value).toBe('');
});
