/**
 * The site search's panel, the same in the header's dialog (SearchDialog.tsx) and on /busca
 * (SearchPage.tsx): the box, the kind chips (Pagefind's counts per `tipo`, after 'Filtrar por tipo' on a
 * first search: pagefind.ts, countKinds), the results with photo, kind, place, title, the excerpt with the
 * matched words marked and price, 'Mostrar mais' and the documented messages (src/lib/search/panel.ts).
 * Arrow keys move between the box and the results; Enter on a result opens it (a link), Enter in the box
 * goes to the first result. Its query is its island's (a prop); the answer is `$results`
 * (src/stores/search.ts). Not an island itself: each of the two draws it.
 */
import { useStore } from '@nanostores/react';
import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { SEARCH_ICON } from '../lib/icons.ts';
import { panelView } from '../lib/search/panel.ts';
import { cutQuery, MAX_QUERY_CHARS, SEARCH_PATH, type SearchHit, type SearchQuery } from '../lib/search/search.ts';
import { $results, search, searchWithKinds, showMoreResults } from '../stores/search.ts';
import { loadPagefind } from './pagefind.ts';

interface Props {
  /** The query searched: the dialog's, or the address's on /busca. */
  query: SearchQuery;
  /** The box's words changed (as typed: the island keeps them cut and trimmed). */
  onWords: (words: string) => void;
  /** A kind chosen, or null for every kind. */
  onKind: (kind: string | null) => void;
  /** The box's id (/busca's header entry and its skip link land on it). */
  boxId: string;
  /** The heading the box is named by, where there is one (the dialog's). */
  labelledBy?: string;
  /** The box, for the island that focuses it (the dialog, as it opens). */
  boxRef?: RefObject<HTMLInputElement | null>;
  /** Under the results (the dialog's link to /busca). */
  children?: ReactNode;
}

/**
 * An icon of the set (src/lib/icons.ts) by its path, drawn as Icon.tsx draws it: Icon.tsx would bring every
 * path into the search's first bytes.
 */
export function SearchIcon({ path, size }: { path: string; size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <path d={path} />
    </svg>
  );
}

/** One result: a link with the photo, kind and place, title, excerpt, an event's dates and price. */
function Result({ hit }: { hit: SearchHit }) {
  return (
    <li>
      <a className="search-result" href={hit.path} data-result-link>
        {hit.image ? (
          <img src={hit.image} alt="" width={72} height={72} loading="lazy" decoding="async" />
        ) : (
          <span className="search-result-noimage" aria-hidden="true" />
        )}
        <span className="search-result-text">
          <span className="search-result-kind">
            {hit.kind}
            {hit.locality && <span className="search-result-place"> · {hit.locality}</span>}
          </span>
          <span className="search-result-title">{hit.title}</span>
          <span className="search-result-excerpt">
            {/* Text and <mark>s: nothing from the index becomes markup (excerptParts). */}
            {hit.excerpt.map((part, index) =>
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one excerpt, never reordered.
              part.isMatch ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
            )}
          </span>
          {hit.date && <span className="search-result-date">{hit.date}</span>}
          {hit.price && <span className="search-result-price">{hit.price}</span>}
        </span>
      </a>
    </li>
  );
}

export default function SearchPanel({ query, onWords, onKind, boxId, labelledBy, boxRef, children }: Props) {
  const results = useStore($results);
  // The box holds what is typed ('rio ', with its space); the query is that cut and trimmed. Another query
  // (Back on /busca, a link) puts its words in the box.
  const [words, setWords] = useState(query.query);
  useEffect(() => {
    setWords((typed) => (cutQuery(typed) === query.query ? typed : query.query));
  }, [query.query]);
  useEffect(() => search(query), [query]);
  // Opening the panel is the moment to fetch Pagefind, so the first keystroke does not wait for it.
  useEffect(() => {
    loadPagefind().catch(() => undefined);
  }, []);

  const statusId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const allKindsRef = useRef<HTMLButtonElement>(null);
  /** 'Filtrar por tipo' was pressed from the keyboard: the focus goes on to the chips it brings. */
  const isFocusingChips = useRef(false);
  const term = query.query.trim();
  const view = panelView(term, query.kind, results);
  const hits = results.answer?.hits ?? [];
  useEffect(() => {
    if (isFocusingChips.current && view.chips.length > 0) {
      isFocusingChips.current = false;
      allKindsRef.current?.focus();
    }
  });

  const resultLinks = () => [...(rootRef.current?.querySelectorAll<HTMLAnchorElement>('[data-result-link]') ?? [])];
  const chooseKind = (kind: string | null) => onKind(kind === null || kind === query.kind ? null : kind);
  const showMore = async () => {
    const from = await showMoreResults();
    // The keyboard goes on where the new results start.
    requestAnimationFrame(() => resultLinks()[from]?.focus());
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const links = resultLinks();
    const box = boxRef?.current ?? rootRef.current?.querySelector('input');
    const current = links.indexOf(document.activeElement as HTMLAnchorElement);
    const isInBox = document.activeElement === box;
    if (links.length === 0 || (!isInBox && current === -1)) return;
    event.preventDefault();
    if (event.key === 'ArrowDown') links[isInBox ? 0 : Math.min(current + 1, links.length - 1)]?.focus();
    else if (current <= 0) box?.focus();
    else links[current - 1]?.focus();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the arrow keys of the box and the results inside, each focusable.
    <div className="search-panel" ref={rootRef} onKeyDown={onKeyDown}>
      <search>
        {/* A GET form to /busca, as without JavaScript; shown only where scripts run, which the search needs. */}
        <form
          className="search-box js-only"
          action={SEARCH_PATH}
          method="get"
          onSubmit={(event) => {
            event.preventDefault();
            resultLinks()[0]?.focus();
          }}
        >
          <label className="visually-hidden" htmlFor={boxId}>
            Buscar no portal
          </label>
          <span className="search-box-icon">
            <SearchIcon path={SEARCH_ICON} size={20} />
          </span>
          <input
            ref={boxRef}
            id={boxId}
            type="search"
            name="q"
            placeholder="Passeios, hospedagens, restaurantes, notícias..."
            autoComplete="off"
            enterKeyHint="search"
            maxLength={MAX_QUERY_CHARS}
            aria-describedby={statusId}
            aria-labelledby={labelledBy}
            value={words}
            onChange={(event) => {
              setWords(event.target.value);
              onWords(event.target.value);
            }}
          />
        </form>
      </search>
      {view.chips.length > 0 && (
        <fieldset className="search-kinds">
          <legend className="visually-hidden">Filtrar por tipo</legend>
          <button
            ref={allKindsRef}
            type="button"
            className="search-chip"
            aria-pressed={query.kind === null}
            onClick={() => chooseKind(null)}
          >
            Todos <span className="search-chip-count">{view.allKindsCount}</span>
          </button>
          {view.chips.map((chip) => (
            <button
              key={chip.kind}
              type="button"
              className="search-chip"
              aria-pressed={query.kind === chip.kind}
              onClick={() => chooseKind(chip.kind)}
            >
              {chip.kind} <span className="search-chip-count">{chip.count}</span>
            </button>
          ))}
        </fieldset>
      )}
      {view.isOfferingKinds && (
        <div className="search-kinds">
          <button
            type="button"
            className="search-chip"
            onClick={(event) => {
              isFocusingChips.current = document.activeElement === event.currentTarget;
              searchWithKinds(query);
            }}
          >
            Filtrar por tipo
          </button>
        </div>
      )}
      <p id={statusId} className="search-status" role="status">
        {view.status}
      </p>
      {view.hasRetry && (
        <button type="button" className="btn btn-secondary" onClick={() => search(query)}>
          Tentar novamente
        </button>
      )}
      {view.hasResults && (
        <ul className="search-results" aria-label="Resultados da busca">
          {hits.map((hit) => (
            <Result key={hit.path} hit={hit} />
          ))}
        </ul>
      )}
      {view.hasMore && (
        <button type="button" className="btn btn-secondary search-more" onClick={showMore}>
          Mostrar mais resultados
        </button>
      )}
      {term ? children : null}
    </div>
  );
}
