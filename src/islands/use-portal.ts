/**
 * The behaviour shared by the news and testimonials portal islands. The static page keeps its
 * search form, chips and results (they work without JavaScript); this hook takes over the form
 * and the chips, keeps the state in the URL query (shareable, back button), fetches the portal's
 * compact JSON index on the first search, chip or filtered page, and tells the island what to
 * draw. The static results stay until the island has something to put in their place.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  DEFAULT_QUERY,
  filterEntries,
  isDefaultQuery,
  type PortalPage,
  type PortalQuery,
  paginate,
  parsePortalQuery,
  portalSearch,
  type Searchable,
} from '../lib/portal/portal.ts';

export interface PortalOptions<T> {
  /** The compact index, e.g. '/news/index.json'. */
  indexUrl: string;
  /** The portal's path ('/news'). */
  base: string;
  /** The chip's query parameter ('categoria', 'experiencia'). */
  chipParam: string;
  /** The static page this document shows (1 for /news, 2 for /news/page/2). */
  staticPage: number;
  read: (entry: T) => Searchable;
}

export type PortalStatus = 'idle' | 'loading' | 'error' | 'ready';

const indexes = new Map<string, Promise<unknown[]>>();

/** The index, fetched once per page; a failed fetch can be retried. */
function loadIndex(url: string): Promise<unknown[]> {
  let promise = indexes.get(url);
  if (!promise) {
    promise = fetch(url, { headers: { Accept: 'application/json' } }).then(async (response) => {
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      const data: unknown = await response.json();
      if (!Array.isArray(data)) throw new Error(`${url}: not a list`);
      return data;
    });
    promise.catch(() => indexes.delete(url));
    indexes.set(url, promise);
  }
  return promise;
}

/** '/news', '/news/', '/news.html' and '/news/page/2/' compare as '/news' and '/news/page/2'. */
const cleanPath = (path: string) => path.replace(/\.html$/, '').replace(/\/+$/, '') || '/';

export function usePortal<T>({ indexUrl, base, chipParam, staticPage, read }: PortalOptions<T>) {
  const anchorRef = useRef<HTMLDivElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState<PortalQuery>(DEFAULT_QUERY);
  // The static page's own state: nothing to fetch, nothing to draw.
  const [isActive, setActive] = useState(false);
  const [entries, setEntries] = useState<T[] | null>(null);
  const [status, setStatus] = useState<PortalStatus>('idle');
  const staticPath = cleanPath(staticPage > 1 ? `${base}/page/${staticPage}` : base);

  const load = useCallback(() => {
    setStatus('loading');
    loadIndex(indexUrl).then(
      (data) => {
        setEntries(data as T[]);
        setStatus('ready');
      },
      () => setStatus('error'),
    );
  }, [indexUrl]);

  /** Shows a state: from the URL (popstate, first load) or from the visitor (then pushed to history). */
  const show = useCallback(
    (next: PortalQuery, how: 'push' | 'url') => {
      // The unfiltered first page of this very document is the static markup: nothing to draw.
      const path = how === 'push' ? base : window.location.pathname;
      const active = !(isDefaultQuery(next) && cleanPath(path) === staticPath);
      if (how === 'push') window.history.pushState({ portal: base }, '', `${base}${portalSearch(next, chipParam)}`);
      setQuery(next);
      setActive(active);
      if (active && entries === null && status !== 'loading') load();
    },
    [base, chipParam, entries, load, staticPath, status],
  );

  // The static form and chips, found from the island's place in the portal section.
  const partsRef = useRef<{
    form: HTMLFormElement | null;
    input: HTMLInputElement | null;
    chips: HTMLAnchorElement[];
    results: HTMLElement | null;
  }>({ form: null, input: null, chips: [], results: null });
  const queryRef = useRef(query);
  queryRef.current = query;
  const showRef = useRef(show);
  showRef.current = show;

  useEffect(() => {
    const section = anchorRef.current?.closest<HTMLElement>('[data-portal]');
    if (!section) return;
    const form = section.querySelector<HTMLFormElement>('form[role="search"]');
    const parts = {
      form,
      input: form?.querySelector<HTMLInputElement>('input[name="q"]') ?? null,
      chips: [...section.querySelectorAll<HTMLAnchorElement>('a[data-chip]')],
      results: section.querySelector<HTMLElement>('[data-portal-static]'),
    };
    partsRef.current = parts;
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      showRef.current({ q: parts.input?.value.trim() ?? '', chip: queryRef.current.chip, page: 1 }, 'push');
    };
    const onChip = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const chip = (event.currentTarget as HTMLAnchorElement).dataset.chip || null;
      event.preventDefault();
      showRef.current({ q: queryRef.current.q, chip, page: 1 }, 'push');
    };
    const onPop = () => showRef.current(parsePortalQuery(window.location.search, chipParam), 'url');
    form?.addEventListener('submit', onSubmit);
    for (const chip of parts.chips) chip.addEventListener('click', onChip);
    window.addEventListener('popstate', onPop);
    onPop();
    return () => {
      form?.removeEventListener('submit', onSubmit);
      for (const chip of parts.chips) chip.removeEventListener('click', onChip);
      window.removeEventListener('popstate', onPop);
    };
  }, [chipParam]);

  const hasResults = isActive && (status === 'ready' || status === 'error');

  // The static parts follow the state: the search text, the chip pressed, the static results
  // hidden only once the island shows something in their place.
  useEffect(() => {
    const { input, chips, results } = partsRef.current;
    if (input && document.activeElement !== input) input.value = query.q;
    for (const chip of chips) {
      const isCurrent = (chip.dataset.chip || null) === query.chip;
      chip.classList.toggle('active', isCurrent);
      if (isCurrent) chip.setAttribute('aria-current', 'true');
      else chip.removeAttribute('aria-current');
    }
    if (results) results.hidden = hasResults;
  }, [query, hasResults]);

  const page: PortalPage<T> | null = useMemo(
    () => (entries && isActive ? paginate(filterEntries(entries, query, read), query.page) : null),
    [entries, isActive, query, read],
  );

  /** Goes to another page of the results and brings the visitor to their top. */
  const goToPage = (target: number) => {
    show({ ...query, page: target }, 'push');
    requestAnimationFrame(() => {
      resultsRef.current?.focus({ preventScroll: true });
      resultsRef.current?.scrollIntoView({ block: 'start' });
    });
  };

  /** 'Limpar Filtros': back to every entry, page 1. */
  const clear = () => {
    show(DEFAULT_QUERY, 'push');
    const { input } = partsRef.current;
    if (input) {
      input.value = '';
      input.focus();
    }
  };

  const pageHref = (target: number) => `${base}${portalSearch({ ...query, page: target }, chipParam)}`;

  return { anchorRef, resultsRef, query, isActive, hasResults, status, page, goToPage, clear, retry: load, pageHref };
}
