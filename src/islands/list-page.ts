/**
 * The list pages' own module (ListPage.astro), loaded with the page: it brings the filters
 * (list-filters.ts) at the visitor's first reach into the search box, the filter panel (its
 * phone disclosure opened counts: the module then loads while the visitor reads the options) or the
 * sort control, or at once when the address already carries a filter or an order (a shared link, a
 * reload, the back button).
 * A change or a search made before the module is here is not lost: the forms get `data-pending`,
 * and the filters apply what they hold when they start. Without the module (no signal) the forms
 * stay plain GET forms (the search box's goes to /busca). Once started, the list root says so in `data-filters-started`.
 */
import { onFirstReach } from '../directives/hydrate.ts';
import type { ListFiltersConfig } from './list-filters.ts';

const EDIT_EVENTS = ['input', 'change', 'submit'] as const;

const root = document.querySelector<HTMLElement>('[data-filters-config]');
const config = root?.dataset.filtersConfig;
const forms = [
  ...document.querySelectorAll<HTMLFormElement>('form[data-list-search], form[data-list-filters], form[data-list-sort]'),
];

let isStarted = false;

function stopListening(): void {
  for (const form of forms) for (const type of EDIT_EVENTS) form.removeEventListener(type, onEdit);
}

/** Starts the filters once, whichever event asks first. */
function begin(): void {
  stopWatching();
  if (isStarted || !root || !config) return;
  isStarted = true;
  import('./list-filters.ts')
    .then(({ startListFilters }) => {
      stopListening();
      startListFilters(JSON.parse(config) as ListFiltersConfig);
      root.dataset.filtersStarted = '';
    })
    // No module to be had: the forms go back to being plain GET forms.
    .catch(stopListening);
}

/** An edit made before the module came: the forms hold it, marked for the filters to apply. */
function onEdit(event: Event): void {
  if (event.type === 'submit') event.preventDefault();
  for (const form of forms) form.dataset.pending = '';
  begin();
}

const stopWatching = onFirstReach(
  forms.map((form) => form.closest('details') ?? form),
  begin,
);
if (root && config) {
  for (const form of forms) for (const type of EDIT_EVENTS) form.addEventListener(type, onEdit);
  const params: string[] = JSON.parse(root.dataset.filtersParams ?? '[]');
  const query = new URLSearchParams(window.location.search);
  if (params.some((key) => query.has(key))) begin();
}
