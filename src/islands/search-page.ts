/**
 * The /busca page's search: the query and kind come from the URL (`?q=`, `?tipo=`) and go back to it
 * as the visitor types, so a search can be shared or bookmarked. The panel (search-panel.ts) starts at
 * once when the address carries a query, else at the first touch of the page's box, so a visitor who
 * only opens the page loads no search code but this. Until then the page's own static box (a plain
 * GET form to /busca) is shown; what was typed in it, and its focus, carry over to the panel, and a
 * submit made before the panel came is held. Without the panel's code (no signal) the form goes
 * back to being a plain GET form.
 */
import { onFirstReach } from '../directives/hydrate.ts';

const QUERY_PARAMS = ['q', 'tipo'];
const EDIT_EVENTS = ['input', 'change', 'submit'] as const;

const root = document.querySelector<HTMLElement>('[data-search-page]');
const form = root?.querySelector('form');

let isStarted = false;

/** Swaps the static box for the panel: the URL's query, or what was typed before, and its focus. */
async function start(): Promise<void> {
  const [{ createSearchPanel }, { parseSearchQuery, searchUrl }] = await Promise.all([
    import('./search-panel.ts'),
    import('../lib/search/search.ts'),
  ]);
  if (!root) return;
  const fromUrl = parseSearchQuery(window.location.search);
  const box = root.querySelector<HTMLInputElement>('input[name="q"]');
  const typed = box?.value.trim() ? box.value : null;
  const isFocused = document.activeElement === box || !fromUrl.query;
  const panel = createSearchPanel({
    initial: typed === null ? fromUrl : { ...fromUrl, query: typed },
    // Keeps the address bar on the current query without adding a history entry per keystroke.
    onChange: (query) => {
      const next = searchUrl(query);
      if (`${window.location.pathname}${window.location.search}` !== next) window.history.replaceState(null, '', next);
    },
  });
  // In one task: the box is read, swapped and focused, so no keystroke falls between.
  root.replaceChildren(panel.element);
  if (isFocused) panel.input.focus();
}

function begin(): void {
  stopWatching();
  if (isStarted) return;
  isStarted = true;
  start().catch(() => {
    // No panel to be had (no signal): the form goes back to being a plain GET form.
    for (const type of EDIT_EVENTS) form?.removeEventListener(type, onEdit);
  });
}

function onEdit(event: Event): void {
  // Held, not lost: the panel searches what the box holds when it starts.
  if (event.type === 'submit') event.preventDefault();
  begin();
}

const query = new URLSearchParams(window.location.search);
const stopWatching = onFirstReach(form ? [form] : [], begin);
if (root && QUERY_PARAMS.some((key) => query.has(key))) begin();
else for (const type of EDIT_EVENTS) form?.addEventListener(type, onEdit);
