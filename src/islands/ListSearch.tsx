/**
 * A list's search box (docs/product.md, Lists): the words filter the whole list by name, ignoring case
 * and accents, after a pause in the typing or at Enter, with the other filters, in the address (`?q=`).
 * It reads and writes `$filters`, as the list's other islands do (ListFilters.tsx, ListResults.tsx,
 * ListTitle.tsx), so a chip removed or Back shows here. Hydrated with them (client:reach, one group).
 *
 * Without JavaScript nothing could search (the site search needs it too), so the form is shown only
 * where scripts run (`js-only`). Should the island never come, the form is a GET form to the site
 * search (`/busca?q=…&tipo=…`), narrowed to the list's kind.
 */
import { type ReactNode, useRef, useState } from 'react';
import type { FilterConfig } from '../lib/lists/filters.ts';
import { FILTER_PARAMS, withForm } from '../lib/lists/filters.ts';
import { MAX_ECHO_CHARS } from '../lib/text.ts';
import { $filters, applyFilters } from '../stores/filters.ts';
import { formFields } from './address-state.ts';
import { useEarlyActions } from './early-reach.ts';
import { useFilters } from './use-filters.ts';
import '../styles/lists.css';

/** Typing in the search box applies after this pause. */
const SEARCH_DELAY_MS = 300;

/** The search box's id: the active filters move the focus to it when the filters are gone (ActiveFilters.tsx). */
export const LIST_SEARCH_ID = 'lista-busca';

interface Props {
  config: FilterConfig;
  placeholder: string;
  /** Where the words go without the island: the site search (SEARCH_PATH), with its field of the list's kind (`tipo=Passeio`). */
  siteSearch: { path: string; kindField: string; kind: string };
  /** The search icon, drawn by the page (Icon.astro): the island carries no icon paths. */
  icon?: ReactNode;
}

export default function ListSearch({ config, placeholder, siteSearch, icon }: Props) {
  const state = useFilters(config);
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // What the visitor typed: it wins over a state that has not caught up with it yet, until the box is left.
  const [typed, setTyped] = useState<string | null>(null);

  /** The box's words, as the form holds them, into the state. */
  const apply = (form: HTMLFormElement | null = formRef.current) => {
    clearTimeout(timer.current);
    if (form) applyFilters(withForm($filters.get(), 'search', formFields(form), config));
  };
  useEarlyActions(formRef, (island) => apply(island.querySelector('form')));

  return (
    // biome-ignore lint/a11y/useSemanticElements: every browser maps role=search on the form; the <search> element is too new for the phones we serve.
    <form
      ref={formRef}
      className="list-search js-only"
      method="get"
      data-list-search=""
      action={siteSearch.path}
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <label className="visually-hidden" htmlFor={LIST_SEARCH_ID}>
        Buscar por nome
      </label>
      <span className="list-search-icon">{icon}</span>
      <input
        id={LIST_SEARCH_ID}
        type="search"
        name={FILTER_PARAMS.search}
        placeholder={placeholder}
        autoComplete="off"
        maxLength={MAX_ECHO_CHARS}
        value={typed ?? state.search}
        onChange={(event) => {
          setTyped(event.target.value);
          clearTimeout(timer.current);
          timer.current = setTimeout(apply, SEARCH_DELAY_MS);
        }}
        onBlur={() => {
          if (typed === null) return;
          apply();
          setTyped(null);
        }}
      />
      <input type="hidden" name={siteSearch.kindField} value={siteSearch.kind} />
      <button className="btn btn-secondary" type="submit">
        <span className="list-search-button-icon">{icon}</span>
        <span className="visually-hidden-narrow">Buscar</span>
      </button>
    </form>
  );
}
