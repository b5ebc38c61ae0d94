/**
 * Applies the list filters to the static list page (docs/product.md). It renders
 * nothing: it takes over the page's search and filter forms (submit, change, debounced typing,
 * 'Limpar'), keeps `$filters` and the URL in step, shows or hides the server-rendered cards, so no
 * card is rendered twice, and fills the active filters summary (ActiveFilters.astro), whose chips
 * remove one filter each. Without JavaScript the forms stay plain GET forms.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { activeFilters, activeFiltersTitle } from '../lib/lists/active-filters.ts';
import {
  type DurationKind,
  durationKey,
  experienceList,
  FILTER_PARAMS,
  type FilterState,
  itemFromDataset,
  matchesFilters,
  parseFilters,
} from '../lib/lists/filters.ts';
import { fold, resultCount } from '../lib/text.ts';
import { $filterConfig, $filters, applyFilters, initFilters, resetFilters } from '../stores/filters.ts';

interface Props {
  duration: DurationKind;
  price: { min: number; max: number };
}

/** Typing in the search box applies after this pause. */
const SEARCH_DELAY_MS = 300;

const formOf = (selector: string) => document.querySelector<HTMLFormElement>(selector);

/** The state the two forms show, keeping experience parts from a shared link that no checkbox names. */
function readForms(current: FilterState): FilterState {
  const params = new URLSearchParams();
  for (const form of [formOf('[data-list-search]'), formOf('[data-list-filters]')]) {
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
function writeForms(state: FilterState, duration: DurationKind, price: Props['price']): void {
  const search = document.querySelector<HTMLInputElement>(`[data-list-search] input[name="${FILTER_PARAMS.search}"]`);
  // The visitor's typing wins over a state that has not caught up with it yet.
  if (search && search !== document.activeElement && search.value.trim() !== state.search) search.value = state.search;
  const form = formOf('[data-list-filters]');
  if (!form) return;
  const experiences = new Set(state.experiences.map(fold));
  const localities = new Set(state.localities.map(fold));
  const durationName = durationKey(duration);
  for (const box of form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')) {
    if (box.name === FILTER_PARAMS.experience) box.checked = experiences.has(fold(box.value));
    else if (box.name === FILTER_PARAMS.locality) box.checked = localities.has(fold(box.value));
    else if (box.name === FILTER_PARAMS.rating) box.checked = state.ratings.includes(Number(box.value));
    else if (box.name === durationName) box.checked = state.durations.includes(Number(box.value));
  }
  const min = form.querySelector<HTMLInputElement>(`input[name="${FILTER_PARAMS.priceMin}"]`);
  const max = form.querySelector<HTMLInputElement>(`input[name="${FILTER_PARAMS.priceMax}"]`);
  if (min) min.value = String(state.priceMin ?? price.min);
  if (max) max.value = String(state.priceMax ?? price.max);
}

/** Shows the matching cards, the count, the heading and, when nothing matches, the empty state. */
function showResults(state: FilterState, duration: DurationKind): void {
  const results = document.querySelector<HTMLElement>('[data-list-kind]');
  const grid = results?.querySelector<HTMLElement>('[data-list-grid]');
  if (!results || !grid) return;
  let shown = 0;
  for (const card of grid.querySelectorAll<HTMLElement>(':scope > li')) {
    const isMatch = matchesFilters(itemFromDataset(card.dataset), state, duration);
    card.hidden = !isMatch;
    if (isMatch) shown += 1;
  }
  grid.hidden = shown === 0;
  const count = results.querySelector('[data-list-count]');
  if (count) count.textContent = resultCount(shown);

  const heading = document.querySelector<HTMLElement>('h1[data-title-filtered]');
  const isExperienceFiltered = state.experiences.length > 0;
  if (heading) heading.textContent = (isExperienceFiltered ? heading.dataset.titleFiltered : heading.dataset.titleDefault) ?? '';

  results.querySelector('[data-list-empty]')?.remove();
  if (shown > 0) return;
  const experienceTemplate = results.querySelector<HTMLTemplateElement>('template[data-template="experience-no-match"]');
  const template =
    isExperienceFiltered && experienceTemplate
      ? experienceTemplate
      : results.querySelector<HTMLTemplateElement>('template[data-template="no-results"]');
  if (!template) return;
  const wrapper = document.createElement('div');
  wrapper.dataset.listEmpty = '';
  wrapper.append(template.content.cloneNode(true));
  const walker = document.createTreeWalker(wrapper, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeValue?.includes('{list}')) node.nodeValue = node.nodeValue.replace('{list}', () => experienceList(state));
  }
  grid.after(wrapper);
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
function showActiveFilters(state: FilterState, duration: DurationKind): void {
  const summary = document.querySelector<HTMLElement>('[data-active-filters]');
  const list = summary?.querySelector<HTMLElement>('[data-active-filters-list]');
  if (!summary || !list) return;
  const active = activeFilters(state, duration);
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

export default function ListFilters({ duration, price }: Props) {
  const filters = useStore($filters);

  useEffect(() => {
    initFilters({ duration, price });
    const searchForm = formOf('[data-list-search]');
    const filterForm = formOf('[data-list-filters]');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const apply = () => {
      clearTimeout(timer);
      applyFilters(readForms($filters.get()));
    };
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      apply();
    };
    const onType = () => {
      clearTimeout(timer);
      timer = setTimeout(apply, SEARCH_DELAY_MS);
    };
    const summary = document.querySelector<HTMLElement>('[data-active-filters]');
    const onReset = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      clearTimeout(timer);
      // 'Limpar filtros' of the summary hides the summary: focus moves on rather than to the page's start.
      if (summary?.contains(event.currentTarget as Node)) focusAfterDraw = 0;
      resetFilters();
    };
    const onRemove = (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-filter-key]');
      if (!button) return;
      const filter = activeFilters($filters.get(), duration).find((candidate) => candidate.key === button.dataset.filterKey);
      if (!filter) return;
      clearTimeout(timer);
      focusAfterDraw = [...(summary?.querySelectorAll('button[data-filter-key]') ?? [])].indexOf(button);
      applyFilters(filter.without);
    };
    // The panel's 'Limpar' and the summary's 'Limpar filtros'.
    const resets = [...document.querySelectorAll<HTMLAnchorElement>('[data-list-reset]')];
    searchForm?.addEventListener('submit', onSubmit);
    searchForm?.addEventListener('input', onType);
    filterForm?.addEventListener('submit', onSubmit);
    filterForm?.addEventListener('change', apply);
    summary?.addEventListener('click', onRemove);
    for (const reset of resets) reset.addEventListener('click', onReset);
    // Forms the visitor changed or sent before this island ran (client:touch marks them): their state wins.
    const pending = [searchForm, filterForm].filter((form) => form?.dataset.pending !== undefined);
    for (const form of pending) delete form?.dataset.pending;
    if (pending.length > 0) apply();
    return () => {
      clearTimeout(timer);
      searchForm?.removeEventListener('submit', onSubmit);
      searchForm?.removeEventListener('input', onType);
      filterForm?.removeEventListener('submit', onSubmit);
      filterForm?.removeEventListener('change', apply);
      summary?.removeEventListener('click', onRemove);
      for (const reset of resets) reset.removeEventListener('click', onReset);
    };
  }, [duration, price]);

  useEffect(() => {
    writeForms(filters, duration, price);
    showResults(filters, duration);
    showActiveFilters(filters, duration);
  }, [filters, duration, price]);

  return null;
}
