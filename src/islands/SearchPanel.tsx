/**
 * The search itself, shared by the header's dialog and the /busca page: the box, the kind chips
 * (Pagefind's counts per `tipo`), the results with image, kind, title and the excerpt with the
 * matched words marked, 'Mostrar mais' and the documented empty message. Arrow keys move between the
 * box and the results; Enter opens the focused result (it is a link).
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { kindChips, noResultsMessage, type SearchHit, type SearchQuery } from '../lib/search/search.ts';
import { resultCount } from '../lib/text.ts';
import { loadPagefind, runSearch, type SearchAnswer } from './pagefind.ts';

/** Results shown at first and added by 'Mostrar mais'. */
const PAGE_SIZE = 8;

type Status = 'idle' | 'loading' | 'done' | 'error';

interface Props {
  /** Query and kind the panel opens with. */
  initial: SearchQuery;
  /** Heading id the panel's box is labelled by. */
  labelledBy?: string;
  /** Focus the box when the panel mounts (the dialog; not the /busca page on load). */
  autoFocus?: boolean;
  /** Called whenever the query or kind changes (the /busca page keeps its URL in step). */
  onChange?: (query: SearchQuery) => void;
  /** Extra content under the results (the dialog's link to /busca). */
  footer?: (query: SearchQuery) => ReactNode;
}

/** Focusable results of the panel, in order. */
const resultLinks = (root: HTMLElement | null) => [...(root?.querySelectorAll<HTMLAnchorElement>('[data-result-link]') ?? [])];

export default function SearchPanel({ initial, labelledBy, autoFocus = false, onChange, footer }: Props) {
  const [query, setQuery] = useState(initial.query);
  const [kind, setKind] = useState<string | null>(initial.kind);
  const [status, setStatus] = useState<Status>(initial.query.trim() ? 'loading' : 'idle');
  const [answer, setAnswer] = useState<SearchAnswer | null>(null);
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [attempt, setAttempt] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const statusId = useId();
  // The latest callback, read by the search effect without re-running it on every parent render.
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // Opening the panel is the moment to fetch Pagefind, so the first keystroke does not wait for it.
  useEffect(() => {
    loadPagefind().catch(() => undefined);
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the search after 'Tentar novamente'.
  useEffect(() => {
    onChangeRef.current?.({ query, kind });
    const term = query.trim();
    if (!term) {
      setStatus('idle');
      setAnswer(null);
      setHits([]);
      return;
    }
    let isCurrent = true;
    setStatus('loading');
    runSearch(term, kind, PAGE_SIZE).then(
      (next) => {
        // null: a newer keystroke superseded this query (Pagefind's debounce).
        if (!isCurrent || !next) return;
        setAnswer(next);
        setHits(next.hits);
        setStatus('done');
      },
      () => {
        if (isCurrent) setStatus('error');
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [query, kind, attempt]);

  const showMore = async () => {
    if (!answer) return;
    const from = hits.length;
    const more = await answer.more(from, PAGE_SIZE);
    setHits((current) => [...current, ...more]);
    // Keep the keyboard where the new results start.
    requestAnimationFrame(() => resultLinks(rootRef.current)[from]?.focus());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const links = resultLinks(rootRef.current);
    if (links.length === 0) return;
    const current = links.indexOf(document.activeElement as HTMLAnchorElement);
    const isInBox = document.activeElement === inputRef.current;
    if (!isInBox && current === -1) return;
    event.preventDefault();
    if (event.key === 'ArrowDown') links[isInBox ? 0 : Math.min(current + 1, links.length - 1)]?.focus();
    else if (current <= 0) inputRef.current?.focus();
    else links[current - 1]?.focus();
  };

  const term = query.trim();
  const chips = term ? kindChips(answer?.kindCounts, kind) : [];
  const statusText =
    status === 'loading'
      ? 'Buscando...'
      : status === 'error'
        ? 'Não foi possível carregar a busca. Verifique sua conexão.'
        : status === 'done'
          ? answer && answer.total > 0
            ? resultCount(answer.total)
            : noResultsMessage(term)
          : '';

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move focus between the box and the result links inside.
    <div className="search-panel" ref={rootRef} onKeyDown={onKeyDown}>
      <search>
        <form
          className="search-box"
          action="/busca"
          method="get"
          onSubmit={(event) => {
            event.preventDefault();
            resultLinks(rootRef.current)[0]?.focus();
          }}
        >
          <label className="visually-hidden" htmlFor={inputId}>
            Buscar no portal
          </label>
          <svg className="search-box-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M10 2a8 8 0 0 1 6.3 12.9l5.4 5.4-1.4 1.4-5.4-5.4A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12z" />
          </svg>
          <input
            ref={inputRef}
            id={inputId}
            type="search"
            name="q"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Passeios, hospedagens, restaurantes, notícias..."
            autoComplete="off"
            enterKeyHint="search"
            aria-describedby={statusId}
            {...(labelledBy ? { 'aria-labelledby': labelledBy } : {})}
            data-search-input
          />
        </form>
      </search>

      {chips.length > 0 && (
        <fieldset className="search-kinds">
          <legend className="visually-hidden">Filtrar por tipo</legend>
          <button type="button" className="search-chip" aria-pressed={kind === null} onClick={() => setKind(null)}>
            Todos <span className="search-chip-count">{answer?.totalAllKinds ?? 0}</span>
          </button>
          {chips.map((chip) => (
            <button
              key={chip.kind}
              type="button"
              className="search-chip"
              aria-pressed={kind === chip.kind}
              onClick={() => setKind(kind === chip.kind ? null : chip.kind)}
            >
              {chip.kind} <span className="search-chip-count">{chip.count}</span>
            </button>
          ))}
        </fieldset>
      )}

      <p id={statusId} className="search-status" role="status">
        {statusText}
      </p>
      {status === 'error' && (
        <button type="button" className="btn btn-secondary" onClick={() => setAttempt((count) => count + 1)}>
          Tentar novamente
        </button>
      )}

      {hits.length > 0 && status !== 'error' && (
        <ul className="search-results" aria-label="Resultados da busca">
          {hits.map((hit) => (
            <li key={hit.path}>
              <a className="search-result" href={hit.path} data-result-link>
                {hit.image ? (
                  <img src={hit.image} alt="" width="72" height="72" loading="lazy" decoding="async" />
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
                    {hit.excerpt.map((part, index) =>
                      // Parts never reorder: the index is a stable key.
                      // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                      part.isMatch ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
                    )}
                  </span>
                  {hit.price && <span className="search-result-price">{hit.price}</span>}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {answer && status === 'done' && hits.length < answer.total && (
        <button type="button" className="btn btn-secondary search-more" onClick={showMore}>
          Mostrar mais resultados
        </button>
      )}
      {footer?.({ query: term, kind })}
    </div>
  );
}
