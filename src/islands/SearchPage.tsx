/**
 * The /busca page's search: the query and kind come from the URL (`?q=`, `?tipo=`) and go back to it
 * as the visitor types, so a search can be shared or bookmarked. Hydrated by `client:touch`: at once
 * when the address carries a query, else at the first touch of the page's box, so a visitor who only
 * opens the page loads no React. Until then the page's own static box (the island's children, a
 * plain GET form to /busca) is shown; what was typed in it, and its focus, carry over to the panel.
 */
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { parseSearchQuery, type SearchQuery, searchUrl } from '../lib/search/search.ts';
import SearchPanel from './SearchPanel.tsx';

/** Keeps the address bar on the current query without adding a history entry per keystroke. */
function syncUrl(query: SearchQuery): void {
  const next = searchUrl(query);
  if (`${window.location.pathname}${window.location.search}` !== next) window.history.replaceState(null, '', next);
}

interface Start {
  query: SearchQuery;
  focus: boolean;
}

export default function SearchPage({ children }: { children?: ReactNode }) {
  const rootRef = useRef<HTMLDivElement>(null);
  // Null while the server's box is shown: the first render matches the static HTML it hydrates.
  const [start, setStart] = useState<Start | null>(null);
  // Layout effects: the box is read, swapped and focused in one task, so no keystroke falls between.
  useLayoutEffect(() => {
    const fromUrl = parseSearchQuery(window.location.search);
    const box = rootRef.current?.querySelector<HTMLInputElement>('input[name="q"]');
    const typed = box?.value.trim() ? box.value : null;
    setStart({
      query: typed === null ? fromUrl : { ...fromUrl, query: typed },
      focus: document.activeElement === box || !fromUrl.query,
    });
  }, []);
  useLayoutEffect(() => {
    if (start?.focus) rootRef.current?.querySelector<HTMLInputElement>('input[name="q"]')?.focus();
  }, [start]);
  return (
    <div ref={rootRef} data-search-page>
      {start === null ? children : <SearchPanel initial={start.query} autoFocus={start.focus} onChange={syncUrl} />}
    </div>
  );
}
