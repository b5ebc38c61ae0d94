/**
 * Applies the list filters and the sort order to the static list page (docs/product.md), started by
 * list-page.ts. It takes over the page's search, filter and sort forms (submit, change, debounced
 * typing, 'Limpar'), keeps `$filters` and the URL in step, puts the matching server-rendered cards in
 * the grid in the chosen order (src/lib/lists/sort.ts), so no card is rendered twice, and fills the
 * active filters summary (ActiveFilters.astro), whose chips remove one filter each. Without
 * JavaScript none of these controls is shown, and the search box is a GET form to /busca.
 *
 * A filter covers the whole list. On a list of one page every card is on this page. On a list of
 * several (src/lib/lists/paging.ts) the first filter fetches the list's index, matches it, and takes
 * the matching cards' `<li>` from the static pages that hold them (static-cards.ts, as the portals
 * do): a batch at a time ('Mostrar mais'), a few pages per batch, two fetched at once; a page
 * fetched once serves every later filter.
 * Without a filter the page shows its own cards and its pagination, as it was served. An order other
 * than the list's own covers the whole list as a filter does: sorted from the index, a batch at a time.
 */
import { activeFilters, activeFiltersTitle, experienceList, type ListOptions } from '../lib/lists/active-filters.ts';
import {
  type DurationKind,
  durationKey,
  FILTER_PARAMS,
  type FilterState,
  itemFromDataset,
  matchesFilters,
  parseFilters,
  type SortOrder,
  serialiseFilters,
} from '../lib/lists/filters.ts';
import { type ListIndexEntry, listPagePath, planBatch } from '../lib/lists/paging.ts';
import { sortItems } from '../lib/lists/sort.ts';
import { fold, resultCount } from '../lib/text.ts';
import { $filterConfig, $filters, applyFilters, initFilters, resetFilters } from '../stores/filters.ts';
import { CARDS_ADDED_EVENT, isPlainClick } from './browser.ts';
import { fetchIndex, staticCards } from './static-cards.ts';

/** Where the list's other pages and its index are (ListPage.astro). */
interface Paging {
  /** The list's path ('/all-tours'): its pages are `{listPath}/page/{n}`. */
  listPath: string;
  /** Its index ('/all-tours/index.json'). */
  indexPath: string;
  /** Its static pages: with one, every card is on this page and nothing is fetched. */
  pages: number;
  /** 'Carregando passeios...': the count while the index or cards are on their way. */
  loading: string;
}

/** What the list page tells the filters (ListPage.astro's `data-filters-config` attribute). */
export interface ListFiltersConfig {
  duration: DurationKind;
  price: { min: number; max: number };
  /** The orders the sort control offers ('' the list's own): SortControl.astro, sortOptions. */
  orders: SortOrder[];
  paging: Paging;
}

/** Typing in the search box applies after this pause. */
const SEARCH_DELAY_MS = 300;

const formOf = (selector: string) => document.querySelector<HTMLFormElement>(selector);

/** The state the forms show, keeping experience parts from a shared link that no checkbox names. */
function readForms(current: FilterState): FilterState {
  const params = new URLSearchParams();
  for (const form of [formOf('[data-list-search]'), formOf('[data-list-filters]'), formOf('[data-list-sort]')]) {
    if (!form) continue;
    for (const [key, value] of new FormData(form)) if (typeof value === 'string') params.append(key, value);
  }
  const next = parseFilters(params, $filterConfig.get());
  const boxes = [...document.querySelectorAll<HTMLInputElement>(`[data-list-filters] input[name="${FILTER_PARAMS.experience}"]`)];
  const named = new Set(boxes.map((box) => fold(box.value)));
  const unnamed = current.experiences.filter((part) => !named.has(fold(part)));
  return { ...next, experiences: [...unnamed, ...next.experiences] };
}

/** Puts the state into the form controls (after a shared link, the back button or 'Limpar'). */
function writeForms(state: FilterState, duration: DurationKind, price: ListFiltersConfig['price']): void {
  const search = document.querySelector<HTMLInputElement>(`[data-list-search] input[name="${FILTER_PARAMS.search}"]`);
  // The visitor's typing wins over a state that has not caught up with it yet.
  if (search && search !== document.activeElement && search.value.trim() !== state.search) search.value = state.search;
  const order = document.querySelector<HTMLSelectElement>(`[data-list-sort] select[name="${FILTER_PARAMS.order}"]`);
  if (order) order.value = state.order;
  const form = formOf('[data-list-filters]');
  if (!form) return;
  const experiences = new Set(state.experiences.map(fold));
  const localities = new Set(state.localities.map(fold));
  const durationName = durationKey(duration);
  for (const box of form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')) {
    if (box.name === FILTER_PARAMS.onSale) box.checked = state.isOnSale;
    else if (box.name === FILTER_PARAMS.experience) box.checked = experiences.has(fold(box.value));
    else if (box.name === FILTER_PARAMS.locality) box.checked = localities.has(fold(box.value));
    else if (box.name === FILTER_PARAMS.rating) box.checked = state.ratings.includes(Number(box.value));
    else if (box.name === durationName) box.checked = state.durations.includes(Number(box.value));
  }
  const min = form.querySelector<HTMLInputElement>(`input[name="${FILTER_PARAMS.priceMin}"]`);
  const max = form.querySelector<HTMLInputElement>(`input[name="${FILTER_PARAMS.priceMax}"]`);
  if (min) min.value = String(state.priceMin ?? price.min);
  if (max) max.value = String(state.priceMax ?? price.max);
}

/** An item of the list as the matchers read it: from the index, or from a card of this page. */
type Entry = Pick<ListIndexEntry, 'id' | 'page'> & { data: Readonly<Record<string, string | undefined>> };

/** The item id a card shows (ItemCard.astro's `data-id`). */
const cardId = (card: Element) => card.querySelector<HTMLElement>('[data-id]')?.dataset.id ?? '';

/** The list's index, checked for the shape the matchers need. */
async function fetchEntries(url: string): Promise<Entry[]> {
  const data = (await fetchIndex(url)) as (Partial<Entry> | null)[];
  return data.filter(
    (entry): entry is Entry =>
      typeof entry?.id === 'string' && Number.isInteger(entry.page) && typeof entry.data === 'object' && entry.data !== null,
  );
}

/**
 * What the panel offers, its checkboxes' values: a value of the address is named by the option it is,
 * or as 'filtro desconhecido' (src/lib/lists/active-filters.ts).
 */
function panelOptions(duration: DurationKind, price: ListFiltersConfig['price']): ListOptions {
  const values = (name: string) =>
    [...document.querySelectorAll<HTMLInputElement>(`[data-list-filters] input[name="${name}"]`)].map((box) => box.value);
  return { duration, price, experiences: values(FILTER_PARAMS.experience), localities: values(FILTER_PARAMS.locality) };
}

/** Replaces `{list}` in the experience message's text with the selected experiences, as the panel names them. */
function fillList(wrapper: HTMLElement, state: FilterState, options: ListOptions): void {
  const walker = document.createTreeWalker(wrapper, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeValue?.includes('{list}'))
      node.nodeValue = node.nodeValue.replace('{list}', () => experienceList(state, options.experiences));
  }
}

/**
 * The results section of the page under the filters: which cards the grid holds, the count, the
 * heading, 'Mostrar mais', the pagination, and the empty and error states. Null when the page has
 * no grid (an empty list, a source that failed).
 */
function listResults(paging: Paging, options: ListOptions) {
  const { duration } = options;
  const results = document.querySelector<HTMLElement>('[data-list-kind]');
  const grid = results?.querySelector<HTMLElement>('[data-list-grid]');
  if (!results || !grid) return null;
  const count = results.querySelector<HTMLElement>('[data-list-count]');
  const more = results.querySelector<HTMLButtonElement>('[data-list-more]');
  const pagination = document.querySelector<HTMLElement>('[data-list-pagination]');
  const heading = document.querySelector<HTMLElement>('h1[data-title-filtered]');
  const ownCards = [...grid.querySelectorAll<HTMLElement>(':scope > li')];
  const ownCount = count?.textContent ?? '';
  /** Every card at hand by item id: this page's, and those of the pages fetched. */
  const cards = staticCards({
    pagePath: (page) => listPagePath(paging.listPath, page),
    selector: '[data-list-grid] > li',
    idOf: cardId,
    own: ownCards,
  });
  const ownEntries: Entry[] | null =
    paging.pages > 1 ? null : ownCards.map((card) => ({ id: cardId(card), page: 1, data: card.dataset }));
  let index: Promise<Entry[]> | null = null;
  let hasIndex = false;
  /** Each filter state shown counts one: an answer for an older one is dropped. */
  let generation = 0;
  let matches: Entry[] = [];
  let shown = 0;
  let isLoadingMore = false;

  const loadIndex = () => {
    if (!index) {
      index = fetchEntries(paging.indexPath);
      index.then(
        () => {
          hasIndex = true;
        },
        () => {
          index = null;
        },
      );
    }
    return index;
  };

  /** Waits for what the network brings, the section marked busy meanwhile (until a newer state takes over). */
  const busy = async <T>(work: Promise<T>, run: number): Promise<T> => {
    results.setAttribute('aria-busy', 'true');
    try {
      return await work;
    } finally {
      if (run === generation) results.removeAttribute('aria-busy');
    }
  };

  const clearMessage = () => results.querySelector('[data-list-empty]')?.remove();

  /** Puts a template's content after the grid (the empty state, the load error). */
  const showMessage = (template: HTMLTemplateElement | null, state: FilterState, retry?: () => void) => {
    clearMessage();
    if (!template) return;
    const wrapper = document.createElement('div');
    wrapper.dataset.listEmpty = '';
    wrapper.append(template.content.cloneNode(true));
    fillList(wrapper, state, options);
    const button = wrapper.querySelector<HTMLButtonElement>('[data-list-retry]');
    if (button && retry) button.addEventListener('click', retry);
    grid.after(wrapper);
    return button;
  };

  /** Appends the cards of these ids to the grid; the first one appended, if any. */
  const append = (ids: readonly string[]) => {
    const added = ids.flatMap((id) => cards.get(id) ?? []);
    grid.append(...added);
    shown += ids.length;
    if (more) more.hidden = shown >= matches.length;
    if (added.some((card) => !ownCards.includes(card))) document.dispatchEvent(new Event(CARDS_ADDED_EVENT));
    return added[0];
  };

  /** 'Mostrar mais': the next batch, and focus on its first card so the keyboard goes on from there. */
  const showMore = async () => {
    if (isLoadingMore) return;
    const run = generation;
    const plan = planBatch(matches, shown, (id) => cards.has(id));
    if (plan.ids.length === 0) return;
    isLoadingMore = true;
    more?.setAttribute('aria-disabled', 'true');
    try {
      if (plan.pages.length > 0) await busy(cards.load(plan.pages), run);
      if (run !== generation) return;
      clearMessage();
      append(plan.ids)?.querySelector<HTMLElement>('.title a')?.focus();
    } catch {
      if (run !== generation) return;
      if (more) more.hidden = true;
      showMessage(results.querySelector('template[data-template="fetch-error"]'), $filters.get(), () => {
        if (more) more.hidden = false;
        clearMessage();
        void showMore();
      })?.focus();
    } finally {
      isLoadingMore = false;
      more?.removeAttribute('aria-disabled');
    }
  };

  /** Shows a filter state: this page as served when it filters nothing, else the first batch of the whole list's matches. */
  const show = async (state: FilterState): Promise<void> => {
    generation += 1;
    const run = generation;
    const isExperienceFiltered = state.experiences.length > 0;
    if (heading)
      heading.textContent = (isExperienceFiltered ? heading.dataset.titleFiltered : heading.dataset.titleDefault) ?? '';
    if (serialiseFilters(state, $filterConfig.get()) === '') {
      clearMessage();
      results.removeAttribute('aria-busy');
      grid.replaceChildren(...ownCards);
      grid.hidden = false;
      if (count) count.textContent = ownCount;
      if (more) more.hidden = true;
      if (pagination) pagination.hidden = false;
      return;
    }
    if (pagination) pagination.hidden = true;
    try {
      let entries = ownEntries;
      if (!entries) {
        // The count says the list is on its way only when it is: not at each letter typed once it is here.
        if (count && !hasIndex) count.textContent = paging.loading;
        entries = await busy(loadIndex(), run);
      }
      if (run !== generation) return;
      const found = sortItems(
        entries.filter((entry) => matchesFilters(itemFromDataset(entry.data), state, duration)),
        state.order,
        (entry) => itemFromDataset(entry.data),
      );
      const plan = planBatch(found, 0, (id) => cards.has(id));
      if (plan.pages.length > 0) {
        if (count) count.textContent = paging.loading;
        await busy(cards.load(plan.pages), run);
      }
      if (run !== generation) return;
      clearMessage();
      matches = found;
      shown = 0;
      grid.replaceChildren();
      append(plan.ids);
      grid.hidden = matches.length === 0;
      if (count) count.textContent = resultCount(matches.length);
      if (matches.length > 0) return;
      const experienceTemplate = results.querySelector<HTMLTemplateElement>('template[data-template="experience-no-match"]');
      showMessage(
        isExperienceFiltered && experienceTemplate
          ? experienceTemplate
          : results.querySelector<HTMLTemplateElement>('template[data-template="no-results"]'),
        state,
      );
    } catch {
      if (run !== generation) return;
      grid.hidden = true;
      if (more) more.hidden = true;
      if (count) count.textContent = '';
      showMessage(results.querySelector('template[data-template="fetch-error"]'), state, () => void show($filters.get()));
    }
  };

  more?.addEventListener('click', () => void showMore());
  return { show };
}

/**
 * Where focus goes once the summary is drawn again: the chip now at this index (the one after a
 * removed chip), else the nearest control that is left; null when the visitor was not in the summary.
 */
let focusAfterDraw: number | null = null;

/** The 'Filtros' toggle on phones, else the search box: where focus goes when the summary is gone. */
function focusFilterEntry(): void {
  const toggle = document.querySelector<HTMLElement>('details.filters > summary');
  const search = document.querySelector<HTMLElement>(`[data-list-search] input[name="${FILTER_PARAMS.search}"]`);
  const target = toggle && toggle.getClientRects().length > 0 ? toggle : search;
  target?.focus();
}

/** The active filters summary: its title, one chip per filter, hidden when nothing filters. */
function showActiveFilters(state: FilterState, options: ListOptions): void {
  const summary = document.querySelector<HTMLElement>('[data-active-filters]');
  const list = summary?.querySelector<HTMLElement>('[data-active-filters-list]');
  if (!summary || !list) return;
  const active = activeFilters(state, options);
  summary.hidden = active.length === 0;
  const title = summary.querySelector('[data-active-filters-title]');
  if (title) title.textContent = activeFiltersTitle(active.length);
  list.replaceChildren(
    ...active.map((filter) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.filterKey = filter.key;
      button.setAttribute('aria-label', `Remover filtro: ${filter.label}`);
      const label = document.createElement('span');
      label.textContent = filter.label;
      const mark = document.createElement('span');
      mark.dataset.removeMark = '';
      mark.setAttribute('aria-hidden', 'true');
      mark.textContent = '×';
      button.append(label, mark);
      const item = document.createElement('li');
      item.append(button);
      return item;
    }),
  );
  if (focusAfterDraw === null) return;
  const buttons = list.querySelectorAll<HTMLButtonElement>('button');
  const next = buttons[Math.min(focusAfterDraw, buttons.length - 1)];
  focusAfterDraw = null;
  if (next) next.focus();
  else focusFilterEntry();
}

/**
 * Takes over the list page's forms, its results and its active filters summary, and shows the state
 * the address holds. Forms the visitor changed or sent before this module came (list-page.ts marks
 * them `data-pending`) are applied at once: their state wins.
 */
export function startListFilters({ duration, price, orders, paging }: ListFiltersConfig): void {
  initFilters({ duration, price, orders });
  const options = panelOptions(duration, price);
  const searchForm = formOf('[data-list-search]');
  const filterForm = formOf('[data-list-filters]');
  const sortForm = formOf('[data-list-sort]');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const apply = () => {
    clearTimeout(timer);
    applyFilters(readForms($filters.get()));
  };
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    apply();
  };
  const summary = document.querySelector<HTMLElement>('[data-active-filters]');
  searchForm?.addEventListener('submit', onSubmit);
  searchForm?.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(apply, SEARCH_DELAY_MS);
  });
  filterForm?.addEventListener('submit', onSubmit);
  filterForm?.addEventListener('change', apply);
  sortForm?.addEventListener('submit', onSubmit);
  sortForm?.addEventListener('change', apply);
  summary?.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-filter-key]');
    if (!button) return;
    const filter = activeFilters($filters.get(), options).find((candidate) => candidate.key === button.dataset.filterKey);
    if (!filter) return;
    clearTimeout(timer);
    focusAfterDraw = [...summary.querySelectorAll('button[data-filter-key]')].indexOf(button);
    applyFilters(filter.without);
  });
  // The panel's 'Limpar' and the summary's 'Limpar filtros'.
  for (const reset of document.querySelectorAll<HTMLAnchorElement>('[data-list-reset]')) {
    reset.addEventListener('click', (event) => {
      if (!isPlainClick(event)) return;
      event.preventDefault();
      clearTimeout(timer);
      // 'Limpar filtros' of the summary hides the summary: focus moves on rather than to the page's start.
      if (summary?.contains(reset)) focusAfterDraw = 0;
      resetFilters();
    });
  }

  // Read before the forms are written with the state of the address, below.
  const pending = [searchForm, filterForm, sortForm].filter((form) => form?.dataset.pending !== undefined);
  for (const form of pending) delete form?.dataset.pending;
  if (pending.length > 0) apply();

  const results = listResults(paging, options);
  // Called at once with the state now (the address's, or the pending forms'), then at every change
  // (a filter, 'Limpar', the back button).
  $filters.subscribe((filters) => {
    writeForms(filters, duration, price);
    void results?.show(filters);
    showActiveFilters(filters, options);
  });
}
