/**
 * The header's search dialog. It is not on the page at first: the header's loader
 * (src/islands/search-loader.ts) imports this module when the visitor opens search and
 * calls `openSearchDialog`, so pages pay for React and Pagefind only then. A modal <dialog> keeps
 * focus inside (the page behind is inert), Escape closes it and focus goes back to the trigger.
 */
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { type SearchQuery, searchUrl } from '../lib/search/search.ts';
// A URL, not an import: imported CSS would be collected into every page that has the header.
import stylesheetUrl from '../styles/search.css?url';
import { trapTab } from './browser.ts';
import SearchPanel from './SearchPanel.tsx';

interface DialogProps {
  initial: SearchQuery;
  onClosed: () => void;
}

function SearchDialog({ initial, onClosed }: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    // showModal() focuses the first control (the close button); the visitor came to type.
    dialog?.querySelector<HTMLInputElement>('[data-search-input]')?.focus();
    // The page behind does not scroll under the dialog.
    document.documentElement.classList.add('search-open');
    return () => document.documentElement.classList.remove('search-open');
  }, []);

  const close = () => dialogRef.current?.close();

  // Tab wraps inside the dialog instead of leaving for the browser's own controls.
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    // In a search box Chromium's first Escape only clears the text; here Escape always closes.
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    trapTab(event, event.currentTarget);
  };

  return (
    <dialog
      ref={dialogRef}
      className="search-dialog"
      aria-labelledby={titleId}
      onClose={onClosed}
      onKeyDown={onKeyDown}
      // A click on the backdrop (the dialog element itself, outside its panel) closes it.
      onClick={(event) => {
        if (event.target === dialogRef.current) close();
      }}
    >
      <div className="search-dialog-panel">
        <div className="search-dialog-head">
          <h2 id={titleId}>Buscar no portal</h2>
          <button type="button" className="search-dialog-close" onClick={close}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M18.3 5.7 12 12l6.3 6.3-1.4 1.4L10.6 13.4 4.3 19.7 2.9 18.3 9.2 12 2.9 5.7 4.3 4.3l6.3 6.3 6.3-6.3z" />
            </svg>
            <span className="visually-hidden">Fechar busca</span>
          </button>
        </div>
        <SearchPanel
          initial={initial}
          labelledBy={titleId}
          footer={(query) =>
            query.query && (
              <p className="search-dialog-share">
                <a href={searchUrl(query)}>Abrir esta busca em uma página</a>
              </p>
            )
          }
        />
      </div>
    </dialog>
  );
}

let root: Root | null = null;
let opened = 0;
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

/** Opens the dialog with a query; focus returns to `trigger` when it closes. */
export async function openSearchDialog({ query, trigger }: { query: string; trigger: HTMLElement | null }): Promise<void> {
  await loadStylesheet();
  if (!root) {
    const host = document.createElement('div');
    host.id = 'busca-dialogo';
    document.body.append(host);
    root = createRoot(host);
  }
  opened += 1;
  const onClosed = () => {
    root?.render(null);
    trigger?.focus();
  };
  // A new key per opening: every opening starts from the query it was given.
  root.render(<SearchDialog key={opened} initial={{ query, kind: null }} onClosed={onClosed} />);
}
