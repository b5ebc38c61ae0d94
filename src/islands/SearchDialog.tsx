/**
 * The header's search entry and its dialog, on every page but /busca's own box. Without JavaScript the
 * entry is a link to /busca; with it a click, or Ctrl/⌘+K (search-shortcut.ts), opens the dialog over the
 * page: the search panel (SearchPanel.tsx) and 'Abrir esta busca em uma página'. A modal <dialog> keeps the
 * focus inside (the page behind is inert; Tab wraps), Escape, its button or a tap beside it close it, and
 * the focus goes back to the entry. The open dialog is the layer 'search' of `$layers`
 * (src/stores/search.ts): Back closes it and the visitor stays on the page; a result chosen is followed from
 * the page's own entry, so Back from it comes back here. On /busca the entry takes the visitor to the page's
 * own box (`pageBox`) instead.
 *
 * Hydrated by `client:reach` (group 'search', with the drawer's box, DrawerSearch.tsx) at the first reach for
 * the entry: a click before React came is held and opens the dialog once it runs (data-island-control). The
 * dialog's stylesheet comes then too: imported, it would be part of every page's CSS.
 */
import { useStore } from '@nanostores/react';
import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { CLOSE_ICON } from '../lib/icons.ts';
import { SEARCH_PATH, searchUrl } from '../lib/search/search.ts';
import { followFromPage } from '../stores/layers.ts';
import { $dialogSearch, $isSearchOpen, closeSearch, openSearch, SEARCH_LAYER, setDialogSearch } from '../stores/search.ts';
import stylesheetUrl from '../styles/search.css?url';
import { isPlainClick, trapTab } from './browser.ts';
import { useEarlyActions } from './early-reach.ts';
import SearchPanel, { SearchIcon } from './SearchPanel.tsx';

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

/** The open dialog: shown modal as it mounts, with the focus in its box. */
function Dialog() {
  const query = useStore($dialogSearch);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const boxRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    dialogRef.current?.showModal();
    // showModal() focuses the first control (the close button); the visitor came to type.
    boxRef.current?.focus();
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className="search-dialog"
      aria-labelledby={TITLE_ID}
      onClick={(event) => {
        // A click on the dialog itself, outside its panel, is a click on the backdrop.
        if (event.target === event.currentTarget) closeSearch();
        else followFromPage(SEARCH_LAYER, event);
      }}
      onKeyDown={(event) => {
        // In a search box Chromium's first Escape only clears the text; here Escape always closes.
        if (event.key === 'Escape') {
          event.preventDefault();
          closeSearch();
        } else {
          trapTab(event, event.currentTarget);
        }
      }}
      // The browser's own closing (Android's Back gesture on a modal dialog): closed as by hand.
      onCancel={(event) => {
        event.preventDefault();
        closeSearch();
      }}
    >
      <div className="search-dialog-panel">
        <div className="search-dialog-head">
          <h2 id={TITLE_ID}>Buscar no portal</h2>
          <button type="button" className="search-dialog-close" onClick={closeSearch}>
            <SearchIcon path={CLOSE_ICON} size={22} />
            <span className="visually-hidden">Fechar busca</span>
          </button>
        </div>
        <SearchPanel
          query={query}
          onWords={(words) => setDialogSearch({ query: words, kind: query.kind })}
          onKind={(kind) => setDialogSearch({ query: query.query, kind })}
          boxId="busca-dialogo-q"
          labelledBy={TITLE_ID}
          boxRef={boxRef}
        >
          <p className="search-dialog-share">
            <a href={searchUrl(query)}>Abrir esta busca em uma página</a>
          </p>
        </SearchPanel>
      </div>
    </dialog>
  );
}

interface Props {
  /** On /busca: the id of the page's own box, which the entry focuses instead of opening a dialog over it. */
  pageBox?: string | undefined;
  /** The entry's icon and name. */
  children?: ReactNode;
}

export default function SearchDialog({ pageBox, children }: Props) {
  const isOpen = useStore($isSearchOpen) && !pageBox;
  const entryRef = useRef<HTMLAnchorElement>(null);
  useEarlyActions(entryRef);
  const [isStyled, setStyled] = useState(false);
  // The visitor reached for the entry (this island's start): the stylesheet comes with the dialog's code.
  useEffect(() => {
    if (!pageBox) void loadStylesheet().then(() => setStyled(true));
  }, [pageBox]);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !isOpen) entryRef.current?.focus();
    wasOpen.current = isOpen;
  }, [isOpen]);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event.nativeEvent)) return;
    event.preventDefault();
    if (pageBox) document.getElementById(pageBox)?.focus();
    else openSearch();
  };

  return (
    <>
      <a
        ref={entryRef}
        className="search-link"
        id="busca"
        href={SEARCH_PATH}
        aria-haspopup={pageBox ? undefined : 'dialog'}
        title="Buscar no portal (Ctrl+K)"
        data-island-control
        onClick={onClick}
      >
        {children}
      </a>
      {/* In the page's body, not in the header's banner: a layer over the whole page. */}
      {isOpen && isStyled && createPortal(<Dialog />, document.body)}
    </>
  );
}
