/**
 * Applies the list filters to the static list page (SPEC section 2 lists, section 5). It renders
 * nothing: it takes over the page's search and filter forms (submit, change, debounced typing,
 * 'Limpar'), keeps `$filters` and the URL in step, and shows or hides the server-rendered cards,
 * so no card is rendered twice. Without JavaScript the forms stay plain GET forms.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
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
    const onReset = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      clearTimeout(timer);
      resetFilters();
    };
    const reset = filterForm?.querySelector<HTMLAnchorElement>('[data-list-reset]');
    searchForm?.addEventListener('submit', onSubmit);
    searchForm?.addEventListener('input', onType);
    filterForm?.addEventListener('submit', onSubmit);
    filterForm?.addEventListener('change', apply);
    reset?.addEventListener('click', onReset);
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
      reset?.removeEventListener('click', onReset);
    };
  }, [duration, price]);

  useEffect(() => {
    writeForms(filters, duration, price);
    showResults(filters, duration);
  }, [filters, duration, price]);

  return null;
}
