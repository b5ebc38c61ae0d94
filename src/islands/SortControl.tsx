/**
 * A list's sort control (a part of ListResults.tsx, beside the count it reorders; docs/product.md,
 * Lists): 'Ordenar por' and the orders the list offers (sortOptions, src/lib/lists/sort.ts), its own
 * first. An order covers the whole list, with the filters, in the address (`?ordem=preco`). The static
 * page cannot sort, so without JavaScript it is not shown (`js-only`).
 */
import { FILTER_PARAMS, type FilterConfig, type FilterState, withForm } from '../lib/lists/filters.ts';
import type { SortOption } from '../lib/lists/sort.ts';
import { $filters, applyFilters } from '../stores/filters.ts';
import { formFields } from './address-state.ts';

/** The order a form holds (an early edit, before the island ran, or the select's change) into the state. */
export function applyOrder(form: HTMLFormElement, config: FilterConfig): void {
  applyFilters(withForm($filters.get(), 'order', formFields(form), config));
}

interface Props {
  state: FilterState;
  config: FilterConfig;
  /** The list's own path: the form's target, never sent (the island takes every change). */
  action: string;
  options: SortOption[];
}

export default function SortControl({ state, config, action, options }: Props) {
  return (
    <form className="sort js-only" method="get" action={action} data-list-sort="" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor="lista-ordem">Ordenar por</label>
      {/* autocomplete off: the browser does not restore an earlier choice over the order the address holds. */}
      <select
        id="lista-ordem"
        name={FILTER_PARAMS.order}
        autoComplete="off"
        value={state.order}
        onChange={(event) => event.target.form && applyOrder(event.target.form, config)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </form>
  );
}
