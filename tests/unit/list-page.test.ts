/**
 * @vitest-environment jsdom
 */
/**
 * The list pages' own module (src/islands/list-page.ts): when it starts the filters (list-filters.ts,
 * a recorder here), what it keeps of an edit made before they came, and the plain forms it leaves
 * when they cannot come. What the filters then do is tests/html/list-filters.test.ts.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { runPageModule, settle, submit } from '../support/page-module.ts';

const started: unknown[] = [];
let isOffline = false;

const CONFIG = {
  duration: 'hours',
  price: { min: 0, max: 300 },
  paging: { listPath: '/all-tours', indexPath: '/all-tours/index.json', pages: 2, loading: 'Carregando passeios...' },
};

/** A list page as ListPage.astro writes it (the parts the module reads), at `address`, with its module run. */
async function openList(address = '/all-tours'): Promise<void> {
  window.history.replaceState(null, '', address);
  document.body.innerHTML = `
    <div class="list-page" data-filters-config='${JSON.stringify(CONFIG)}' data-filters-params='["q","avaliacao","ordem"]'>
      <form data-list-search action="/busca"><input name="q"></form>
      <details class="filters"><summary>Filtros</summary>
        <form data-list-filters action="/all-tours"><input type="checkbox" name="avaliacao" value="4"></form>
      </details>
      <form data-list-sort action="/all-tours">
        <select name="ordem"><option value="">Relevância</option><option value="preco">Menor preço</option></select>
      </form>
    </div>`;
  await runPageModule(
    'list-page.ts',
    'list-filters.ts',
    isOffline ? null : { startListFilters: (config: unknown) => started.push(config) },
  );
}

const root = () => document.querySelector<HTMLElement>('[data-filters-config]') as HTMLElement;
const filterForm = () => document.querySelector<HTMLFormElement>('form[data-list-filters]') as HTMLFormElement;
const searchForm = () => document.querySelector<HTMLFormElement>('form[data-list-search]') as HTMLFormElement;
const sortForm = () => document.querySelector<HTMLFormElement>('form[data-list-sort]') as HTMLFormElement;
const isStarted = () => root().dataset.filtersStarted !== undefined;

afterEach(() => {
  started.length = 0;
  isOffline = false;
});

it('a bare list starts nothing before the visitor reaches for a form', async () => {
  await openList();
  await settle();
  expect(started).toEqual([]);
  expect(isStarted()).toBe(false);
});

it('an address that carries a filter starts the filters at once, with the page’s configuration', async () => {
  await openList('/all-tours?avaliacao=4');
  await vi.waitFor(() => expect(isStarted()).toBe(true));
  expect(started).toEqual([CONFIG]);
});

it('an address that carries a sort order starts the filters at once', async () => {
  await openList('/all-tours?ordem=preco');
  await vi.waitFor(() => expect(isStarted()).toBe(true));
  expect(started).toEqual([CONFIG]);
});

it('an order chosen before the filters came is held for them', async () => {
  await openList();
  const select = sortForm().querySelector('select') as HTMLSelectElement;
  select.dispatchEvent(new Event('focusin', { bubbles: true }));
  select.value = 'preco';
  select.dispatchEvent(new Event('change', { bubbles: true }));
  expect(sortForm().dataset.pending).toBe('');
  await vi.waitFor(() => expect(isStarted()).toBe(true));
  expect(started).toHaveLength(1);
});

it('a parameter that is no filter (a campaign tag) starts nothing', async () => {
  await openList('/all-tours?utm_source=whatsapp');
  await settle();
  expect(started).toEqual([]);
});

it('the first reach into the folded panel starts the filters, once', async () => {
  await openList();
  const summary = document.querySelector('summary') as HTMLElement;
  summary.dispatchEvent(new Event('pointerdown', { bubbles: true }));
  searchForm().dispatchEvent(new Event('focusin', { bubbles: true }));
  await vi.waitFor(() => expect(isStarted()).toBe(true));
  expect(started).toHaveLength(1);
});

it('a choice or a search made before the filters came is held for them, not sent', async () => {
  await openList();
  const box = filterForm().querySelector('input') as HTMLInputElement;
  box.checked = true;
  box.dispatchEvent(new Event('change', { bubbles: true }));
  expect(submit(searchForm())).toBe(false);
  expect(filterForm().dataset.pending).toBe('');
  expect(searchForm().dataset.pending).toBe('');
  await vi.waitFor(() => expect(isStarted()).toBe(true));
  // Once they run, the forms are theirs: the module holds nothing back any more.
  expect(submit(searchForm())).toBe(true);
});

it('when the filters cannot come (no signal), the forms are plain GET forms again', async () => {
  isOffline = true;
  await openList();
  expect(submit(filterForm())).toBe(false);
  await settle();
  expect(isStarted()).toBe(false);
  expect(submit(filterForm())).toBe(true);
  expect(submit(searchForm())).toBe(true);
});
