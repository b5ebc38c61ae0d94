/**
 * The /busca page's search: the query and kind come from the URL (`?q=`, `?tipo=`) and
 * go back to it as the visitor types, so a search can be shared or bookmarked. Rendered in the
 * browser only (the page is static; the query exists only in its URL).
 */
import { useState } from 'react';
import { parseSearchQuery, type SearchQuery, searchUrl } from '../lib/search/search.ts';
import SearchPanel from './SearchPanel.tsx';

/** Keeps the address bar on the current query without adding a history entry per keystroke. */
function syncUrl(query: SearchQuery): void {
  const next = searchUrl(query);
  if (`${window.location.pathname}${window.location.search}` !== next) window.history.replaceState(null, '', next);
}

export default function SearchPage() {
  const [initial] = useState(() => parseSearchQuery(window.location.search));
  return (
    <div data-search-page>
      <SearchPanel initial={initial} autoFocus={!initial.query} onChange={syncUrl} />
    </div>
  );
}
