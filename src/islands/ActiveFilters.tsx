/**
 * The active filters of a list, outside the filter panel (a part of ListResults.tsx): on a phone the
 * panel is collapsed, so this is where a visitor sees what filters the list ('2 filtros ativos', one
 * removable chip per choice, named as the panel names it: src/lib/lists/active-filters.ts) and reaches
 * 'Limpar filtros' without opening it. Hidden while nothing filters, and so without JavaScript, where
 * the query of the address filters nothing.
 */
import { type MouseEvent, useEffect, useRef } from 'react';
import { activeFilters, activeFiltersTitle, type ListOptions } from '../lib/lists/active-filters.ts';
import type { FilterState } from '../lib/lists/filters.ts';
import { applyFilters, resetFilters } from '../stores/filters.ts';
import { isPlainClick } from './browser.ts';
import { LIST_SEARCH_ID } from './ListSearch.tsx';

interface Props {
  state: FilterState;
  options: ListOptions;
  /** The list's own path: 'Limpar filtros' without the island. */
  action: string;
}

/** The 'Filtros' toggle on phones, else the search box: where the focus goes when the chips are gone. */
function focusFilterEntry(): void {
  const toggle = document.querySelector<HTMLElement>('details.filters > summary');
  const target = toggle && toggle.getClientRects().length > 0 ? toggle : document.getElementById(LIST_SEARCH_ID);
  target?.focus();
}

export default function ActiveFilters({ state, options, action }: Props) {
  const active = activeFilters(state, options);
  const listRef = useRef<HTMLUListElement>(null);
  /** The chip to focus once the chips are drawn again: the one now at this place (after a removed one). */
  const focusAt = useRef<number | null>(null);
  const keys = active.map((filter) => filter.key).join('\n');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the chips drawn again (their keys) are when the focus moves.
  useEffect(() => {
    const index = focusAt.current;
    if (index === null) return;
    focusAt.current = null;
    const buttons = listRef.current?.querySelectorAll('button') ?? [];
    const next = buttons[Math.min(index, buttons.length - 1)];
    if (next) next.focus();
    else focusFilterEntry();
  }, [keys]);

  const clear = (event: MouseEvent) => {
    if (!isPlainClick(event.nativeEvent)) return;
    event.preventDefault();
    // The summary goes with the filters: the focus moves on rather than to the page's start.
    focusAt.current = 0;
    resetFilters();
  };

  return (
    <section
      className="active-filters"
      aria-labelledby="filtros-ativos-titulo"
      data-active-filters=""
      hidden={active.length === 0}
    >
      <p className="title" id="filtros-ativos-titulo">
        {activeFiltersTitle(active.length)}
      </p>
      {/* biome-ignore lint/a11y/noRedundantRoles: list-style none drops the list semantics in Safari (VoiceOver); the role keeps them. */}
      <ul className="chips" role="list" ref={listRef}>
        {active.map((filter, index) => (
          <li key={filter.key}>
            <button
              type="button"
              aria-label={`Remover filtro: ${filter.label}`}
              onClick={() => {
                focusAt.current = index;
                applyFilters(filter.without);
              }}
            >
              <span>{filter.label}</span>
              <span className="remove-mark" aria-hidden="true">
                ×
              </span>
            </button>
          </li>
        ))}
      </ul>
      <a className="clear" href={action} data-list-reset="" onClick={clear}>
        Limpar filtros
      </a>
    </section>
  );
}
