/**
 * `$query`: the query of the page's address (`?q=pesca&localidade=Centro&ordem=preco&pagina=2`), the
 * one state of every widget that filters, sorts, searches or pages what a page lists (the lists'
 * filters, the news and testimonials portals, /busca). A filtered page can be shared, a reload
 * restores it, and Back and forward step through its states. This store is the only code that
 * writes the history for them (`setQuery`) and listens to `popstate` (while something listens to it);
 * each widget reads its own part through a computed store (`$filters`, src/stores/filters.ts; the
 * portals'), so the widgets of one page stay in step with no event passed by hand.
 *
 * A move between an open layer's history entry and the page's (src/stores/layers.ts) does not reach
 * it: the address has not changed.
 */
import { atom, onMount } from 'nanostores';

/** The address's query as written (`?a=1&b=2`, or '' for none); '' on the server, which has no address. */
export const $query = atom<string>(typeof window === 'undefined' ? '' : window.location.search);

/** A query in its one written form: '' for none, else with its '?'. */
function written(query: string | URLSearchParams): string {
  const text = (typeof query === 'string' ? query : query.toString()).replace(/^\?/, '');
  return text ? `?${text}` : '';
}

/**
 * Makes `query` the address's: a new history entry (Back returns to the previous state), or, with
 * `replace`, the current entry rewritten (a state the visitor should not step back to, such as a
 * correction of the address). An unchanged address adds nothing. The hash stays, and the path too
 * unless `path` names another page of the same widget (a portal's filtered results live at its first
 * page's path, whichever of its static pages they were asked from: src/stores/portal.ts).
 */
export function setQuery(
  query: string | URLSearchParams,
  { replace = false, path }: { replace?: boolean; path?: string } = {},
): void {
  const next = written(query);
  const pathname = path ?? window.location.pathname;
  if (next === $query.get() && pathname === window.location.pathname) return;
  const url = `${pathname}${next}${window.location.hash}`;
  if (replace) window.history.replaceState(window.history.state, '', url);
  else window.history.pushState(null, '', url);
  $query.set(next);
}

onMount($query, () => {
  // A listener may start after the address changed (a bfcache return): read it again.
  $query.set(window.location.search);
  const restore = () => $query.set(window.location.search);
  window.addEventListener('popstate', restore);
  return () => window.removeEventListener('popstate', restore);
});
