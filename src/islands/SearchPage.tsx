/**
 * /busca's search: the search panel (SearchPanel.tsx) on the address's query (`?q=`, `?tipo=`: `$pageSearch`,
 * src/stores/search.ts), which it writes back as the visitor types or picks a kind, so a search can be
 * shared, reloaded and stepped back through. Until a query is typed the page's own words show under the
 * box (the children: what to do, and the lists).
 *
 * Hydrated by `client:reach`: at once when the address carries `q` or `tipo`, else at the first touch of the
 * box, so a visitor who only opens the page loads no search code. What was typed before React came is
 * searched (the box keeps it), and a form sent meanwhile is not sent: the panel shows the results instead.
 */
import { useStore } from '@nanostores/react';
import { type ReactNode, useRef } from 'react';
import { SEARCH_PAGE_BOX } from '../lib/search/search.ts';
import { $pageSearch, NO_SEARCH, setPageSearch } from '../stores/search.ts';
import { useEarlyActions } from './early-reach.ts';
import SearchPanel from './SearchPanel.tsx';

export default function SearchPage({ children }: { children?: ReactNode }) {
  // Drawn first as the server drew it (no address there), then with the address's query.
  const query = useStore($pageSearch, { ssr: () => NO_SEARCH });
  const rootRef = useRef<HTMLDivElement>(null);
  useEarlyActions(rootRef, (island) => {
    const box = island.querySelector<HTMLInputElement>(`#${SEARCH_PAGE_BOX}`);
    if (box?.value.trim()) setPageSearch({ query: box.value, kind: $pageSearch.get().kind }, { replace: true });
  });
  return (
    <div ref={rootRef}>
      <SearchPanel
        query={query}
        onWords={(words) => setPageSearch({ query: words, kind: query.kind }, { replace: true })}
        onKind={(kind) => setPageSearch({ query: query.query, kind })}
        boxId={SEARCH_PAGE_BOX}
      />
      {query.query ? null : children}
    </div>
  );
}
