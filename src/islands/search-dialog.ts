/**
 * The header's search dialog. It is not on the page at first: the header's loader
 * (src/islands/search-loader.ts) imports this module when the visitor opens search and calls
 * `openSearchDialog`, so pages pay for the panel and Pagefind only then. A modal <dialog> keeps
 * focus inside (the page behind is inert), Escape closes it and focus goes back to the trigger. The open
 * dialog is a history entry of its own (history-layer.ts): Back closes it and the visitor stays on the page;
 * closed otherwise, it takes its entry back, and a result chosen is opened from the page's own entry.
 */
import { searchUrl } from '../lib/search/search.ts';
// A URL, not an import: imported CSS would be collected into every page that has the header.
import stylesheetUrl from '../styles/search.css?url';
import { trapTab } from './browser.ts';
import { followLinksFromPage, historyLayer } from './history-layer.ts';
import { createSearchPanel, icon } from './search-panel.ts';

const CLOSE_ICON = 'M18.3 5.7 12 12l6.3 6.3-1.4 1.4L10.6 13.4 4.3 19.7 2.9 18.3 9.2 12 2.9 5.7 4.3 4.3l6.3 6.3 6.3-6.3z';
const TITLE_ID = 'busca-dialogo-titulo';

let stylesheet: Promise<void> | null = null;

/** Adds the panel's stylesheet once and waits for it, so the dialog never shows unstyled. */
function loadStylesheet(): Promise<void> {
  stylesheet ??= new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = stylesheetUrl;
    link.onload = () => resolve();
    // Without its styles the dialog is plain but still works.
    link.onerror = () => resolve();
    document.head.append(link);
  });
  return stylesheet;
}

/** The dialog's 'Abrir esta busca em uma página', one paragraph kept in step with the query. */
function shareLink(): (query: { query: string; kind: string | null }) => Node | null {
  const link = document.createElement('a');
  link.textContent = 'Abrir esta busca em uma página';
  const paragraph = document.createElement('p');
  paragraph.className = 'search-dialog-share';
  paragraph.append(link);
  return (query) => {
    if (!query.query) return null;
    link.href = searchUrl(query);
    return paragraph;
  };
}

/** Opens the dialog with a query; focus returns to `trigger` when it closes. */
export async function openSearchDialog({ query, trigger }: { query: string; trigger: HTMLElement | null }): Promise<void> {
  await loadStylesheet();
  // Every opening starts from the query it was given: the last dialog, if any, is gone.
  document.getElementById('busca-dialogo')?.remove();

  const title = document.createElement('h2');
  title.id = TITLE_ID;
  title.textContent = 'Buscar no portal';
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'search-dialog-close';
  const closeLabel = document.createElement('span');
  closeLabel.className = 'visually-hidden';
  closeLabel.textContent = 'Fechar busca';
  close.append(icon(null, 22, CLOSE_ICON), closeLabel);
  const head = document.createElement('div');
  head.className = 'search-dialog-head';
  head.append(title, close);

  const panel = createSearchPanel({ initial: { query, kind: null }, labelledBy: TITLE_ID, footer: shareLink() });
  const body = document.createElement('div');
  body.className = 'search-dialog-panel';
  body.append(head, panel.element);

  const dialog = document.createElement('dialog');
  dialog.className = 'search-dialog';
  dialog.setAttribute('aria-labelledby', TITLE_ID);
  dialog.append(body);
  const host = document.createElement('div');
  host.id = 'busca-dialogo';
  host.append(dialog);
  document.body.append(host);

  const layer = historyLayer(() => dialog.close());
  followLinksFromPage(dialog, layer);
  close.addEventListener('click', () => dialog.close());
  // A click on the backdrop (the dialog element itself, outside its panel) closes it.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener('keydown', (event) => {
    // In a search box Chromium's first Escape only clears the text; here Escape always closes.
    if (event.key === 'Escape') {
      event.preventDefault();
      dialog.close();
      return;
    }
    // Tab wraps inside the dialog instead of leaving for the browser's own controls.
    trapTab(event, dialog);
  });
  dialog.addEventListener('close', () => {
    layer.closed();
    host.remove();
    document.documentElement.classList.remove('search-open');
    trigger?.focus();
  });

  dialog.showModal();
  // showModal() focuses the first control (the close button); the visitor came to type.
  panel.input.focus();
  // The page behind does not scroll under the dialog.
  document.documentElement.classList.add('search-open');
  layer.opened();
}
