/**
 * What the search panel shows for a query and the state of its search (src/islands/SearchPanel.tsx, in
 * the header's dialog and on /busca): the kind chips, 'Filtrar por tipo', the status line, 'Tentar
 * novamente', the results and 'Mostrar mais'. Pure, so each state's words and controls are tested without
 * a browser.
 */
import { resultCount } from '../text.ts';
import { kindChips, noResultsMessage, type SearchHit } from './search.ts';

/** Where a search is: none (no words), on its way, answered, or failed (no connection, no index). */
type SearchStatus = 'idle' | 'loading' | 'done' | 'error';

/** An answer to a query, as far as it has been read. */
export interface SearchAnswerView {
  /** The hits read so far ('Mostrar mais' reads more). */
  hits: SearchHit[];
  /** Results in the chosen kind, and in every kind. */
  total: number;
  totalAllKinds: number;
  /** Results per kind; null when the search did not count them (a first search does not: pagefind.ts, countKinds). */
  kindCounts: Readonly<Record<string, number>> | null;
}

/** The search's state: its status and the last answer (kept while a newer query loads). */
export interface SearchResults {
  status: SearchStatus;
  answer: SearchAnswerView | null;
}

/** No search yet. */
export const NO_RESULTS: SearchResults = { status: 'idle', answer: null };

/** What the panel draws below its box. */
interface PanelView {
  /** The kind chips after 'Todos' (shown only when there are some), each with its count. */
  chips: { kind: string; count: number }[];
  /** 'Todos''s count: the results in every kind. */
  allKindsCount: number;
  /** 'Filtrar por tipo' instead of the chips: the query found something and its counts per kind were not asked for. */
  isOfferingKinds: boolean;
  /** The status line, read out as it changes. */
  status: string;
  /** 'Tentar novamente'. */
  hasRetry: boolean;
  /** The results list. */
  hasResults: boolean;
  /** 'Mostrar mais resultados'. */
  hasMore: boolean;
}

/** The panel for the words `term` (trimmed) in `kind` (null: every kind), given the search's state. */
export function panelView(term: string, kind: string | null, { status, answer }: SearchResults): PanelView {
  const counts = answer?.kindCounts;
  const hits = answer?.hits ?? [];
  return {
    // Before the first answer with ?tipo=, the chosen kind alone (kindChips keeps it), so it can be switched off.
    chips: term && counts !== null ? kindChips(counts, kind) : [],
    allKindsCount: answer?.totalAllKinds ?? 0,
    isOfferingKinds: Boolean(term) && counts === null && (answer?.total ?? 0) > 0 && status !== 'error',
    status:
      status === 'loading'
        ? 'Buscando...'
        : status === 'error'
          ? 'Não foi possível carregar a busca. Verifique sua conexão.'
          : status === 'done'
            ? (answer?.total ?? 0) > 0
              ? resultCount(answer?.total ?? 0)
              : noResultsMessage(term)
            : '',
    hasRetry: status === 'error',
    hasResults: hits.length > 0 && status !== 'error',
    hasMore: status === 'done' && answer !== null && hits.length < answer.total,
  };
}
